"""Helpers the nodes share: reading typed values back out of the state."""

from __future__ import annotations

import json
from typing import Any

from agentic_rag.agent.citations import call_order
from agentic_rag.agent.state import State
from agentic_rag.tools.base import ToolResult


def results_in_order(state: State, iteration: int | None = None) -> list[ToolResult]:
    results = [ToolResult(**r) for r in (state.get("results") or {}).values()]
    if iteration is not None:
        results = [r for r in results if r.call_id.split(".")[0] == str(iteration)]
    return sorted(results, key=lambda r: call_order(r.call_id))


def call_key(tool: str, args: dict[str, Any]) -> str:
    """Same tool + same normalised arguments = the same call."""

    def norm(value: Any) -> Any:
        if isinstance(value, str):
            return " ".join(value.split()).casefold()
        if isinstance(value, dict):
            return {k: norm(v) for k, v in value.items() if v is not None}
        if isinstance(value, list):
            return [norm(v) for v in value]
        return value

    return tool + ":" + json.dumps(norm(args), sort_keys=True, default=str)
