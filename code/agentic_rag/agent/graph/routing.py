"""Where the graph goes after the evaluator. Every path ends in the synthesizer."""

from __future__ import annotations

from typing import Literal

from agentic_rag.agent.graph.state import State


def route_after_evaluator(state: State, max_iterations: int) -> Literal["planner", "synthesizer"]:
    decisions = state.get("decisions") or []
    wants_replan = bool(decisions) and decisions[-1].get("decision") == "replan"
    if wants_replan and state.get("iteration", 0) < min(max_iterations, 2):
        return "planner"
    return "synthesizer"
