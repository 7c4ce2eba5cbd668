"""Helpers the nodes share: reading typed values back out of the state."""

from __future__ import annotations

from agentic_rag.agent.citations import call_order
from agentic_rag.agent.graph.state import State
from agentic_rag.agent.node_mode import NodeMode
from agentic_rag.tools.base import ToolResult


def results_in_order(state: State, iteration: int | None = None) -> list[ToolResult]:
    results = [ToolResult(**r) for r in (state.get("results") or {}).values()]
    if iteration is not None:
        results = [r for r in results if r.call_id.split(".")[0] == str(iteration)]
    return sorted(results, key=lambda r: call_order(r.call_id))


def tokens_spent(state: State) -> int:
    """Tokens the turn's model calls used so far (for the turn's token budget)."""
    return sum(
        int(t.get("tokens_in", 0)) + int(t.get("tokens_out", 0)) for t in state.get("trace") or []
    )


def node_modes(state: State) -> list[NodeMode]:
    return [NodeMode(**m) for m in state.get("node_modes") or []]
