"""The agent for `langgraph dev` (LangGraph Studio): `langgraph.json` at the repo root points
here. A LangGraph server passes only JSON as a run's context, so this factory binds offline
`AgentDeps` to the graph in advance (`graph_builder`); the server adds its own checkpointer.

    PYTHONPATH=code langgraph dev --allow-blocking   # then open the Studio link it prints
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator
from typing import Any

from agentic_rag.agent.graph.build import graph_builder
from agentic_rag.config import load_settings
from agentic_rag.runtime import AppRuntime


@functools.cache
def _runtime() -> AppRuntime:
    """One runtime per server process, offline (no key needed), stores opened on first use."""
    return AppRuntime.open(load_settings(offline_mode=True), eager=False)


@contextlib.asynccontextmanager
async def graph() -> AsyncIterator[Any]:
    """The graph factory the server calls for each run (and to draw the graph)."""
    async with _runtime().deps_session() as deps:
        yield graph_builder(lambda _runtime: deps).compile()
