"""The agent for `langgraph dev` (LangGraph Studio): `langgraph.json` at the repo root points
here. A LangGraph server passes only JSON as a run's context, so this factory binds offline
`AgentDeps` to the graph in advance (`graph_builder`); the server adds its own checkpointer.

    PYTHONPATH=code .venv/bin/langgraph dev --allow-blocking   # then open the Studio link

`--allow-blocking`: langgraph dev refuses any blocking call on the event loop, and a turn
still makes a few short ones (the SQL tool's first schema read, the audit log's mkdir/append).
"""

from __future__ import annotations

import asyncio
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
    runtime = await asyncio.to_thread(_runtime)  # opening reads SQLite: not on the event loop
    async with runtime.deps_session() as deps:
        yield graph_builder(lambda _runtime: deps).compile()
