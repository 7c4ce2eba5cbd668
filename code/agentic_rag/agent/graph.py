"""`build_graph(deps)`: start → planner → executor → evaluator → (planner | synthesizer) → end."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from langgraph.graph import END, START, StateGraph

from agentic_rag.agent.deps import AgentDeps
from agentic_rag.agent.events import NodeFinished, NodeStarted
from agentic_rag.agent.nodes.evaluator import evaluator
from agentic_rag.agent.nodes.executor import executor
from agentic_rag.agent.nodes.planner import planner
from agentic_rag.agent.nodes.start import start
from agentic_rag.agent.nodes.synthesizer import synthesizer
from agentic_rag.agent.routing import route_after_evaluator
from agentic_rag.agent.state import State
from agentic_rag.agent.trace import emit

#: start + 2 × (planner, executor, evaluator) + synthesizer = 8 steps; the limit leaves room.
RECURSION_LIMIT = 25


def _node(fn, deps: AgentDeps):
    """The node with its span on the stream: `node_start` before, `node_end` after."""
    name = fn.__name__

    async def node(state: State) -> dict:
        iteration = 0 if name == "start" else state.get("iteration", 0) + (name == "planner")
        emit(NodeStarted(node=name, iteration=iteration, t=time.time()))
        update = await fn(state, deps)
        records = update.get("trace")
        for record in records if isinstance(records, list) else []:
            emit(NodeFinished(**record))
        return update

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
