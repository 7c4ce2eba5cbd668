"""Helpers the nodes share: reading typed values back out of the state."""

from __future__ import annotations

from agentic_rag.agent.citations import call_order
from agentic_rag.agent.state import State
from agentic_rag.tools.base import ToolResult


def results_in_order(state: State, iteration: int | None = None) -> list[ToolResult]:
    results = [ToolResult(**r) for r in (state.get("results") or {}).values()]
    if iteration is not None:
        results = [r for r in results if r.call_id.split(".")[0] == str(iteration)]
    return sorted(results, key=lambda r: call_order(r.call_id))
