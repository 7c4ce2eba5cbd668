"""`build_graph(deps)`: start → planner → executor → evaluator → (planner | synthesizer) → end."""

from __future__ import annotations

from functools import partial
from typing import Any

from langgraph.graph import END, START, StateGraph

from agentic_rag.agent.deps import AgentDeps
from agentic_rag.agent.nodes.evaluator import evaluator
from agentic_rag.agent.nodes.executor import executor
from agentic_rag.agent.nodes.planner import planner
from agentic_rag.agent.nodes.start import start
from agentic_rag.agent.nodes.synthesizer import synthesizer
from agentic_rag.agent.routing import route_after_evaluator
from agentic_rag.agent.state import State

#: start + 2 × (planner, executor, evaluator) + synthesizer = 8 steps; the limit leaves room.
RECURSION_LIMIT = 25


def _node(fn, deps: AgentDeps):
    async def node(state: State) -> dict:
        return await fn(state, deps)

    node.__name__ = fn.__name__
    return node


def build_graph(deps: AgentDeps, checkpointer: Any | None = None):
    builder = StateGraph(State)
    for fn in (start, planner, executor, evaluator, synthesizer):
        builder.add_node(fn.__name__, _node(fn, deps))
    builder.add_edge(START, "start")
    builder.add_edge("start", "planner")
    builder.add_edge("planner", "executor")
    builder.add_edge("executor", "evaluator")
    builder.add_conditional_edges(
        "evaluator",
        partial(route_after_evaluator, max_iterations=deps.settings.max_iterations),
        {"planner": "planner", "synthesizer": "synthesizer"},
    )
    builder.add_edge("synthesizer", END)
    return builder.compile(checkpointer=checkpointer)
