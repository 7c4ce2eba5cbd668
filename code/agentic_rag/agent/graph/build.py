"""The agent's graph: start → planner → executor → evaluator → (planner | synthesizer) → end.

It is compiled once per process (`compiled_graph`): compiling costs about as much CPU as a
whole offline turn, so a process that compiled it for every turn spent a third of its time
there under load. What differs between turns is bound at run time, the LangGraph way: the
nodes read their `AgentDeps` from the run's context, and `build_graph` pairs the compiled
graph with one session's deps and checkpointer.
"""

from __future__ import annotations

import functools
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any, Literal

from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime

from agentic_rag.agent.deps import AgentDeps
from agentic_rag.agent.graph.events import NodeFinished, NodeStarted
from agentic_rag.agent.graph.nodes.evaluator import evaluator
from agentic_rag.agent.graph.nodes.executor import executor
from agentic_rag.agent.graph.nodes.planner import planner
from agentic_rag.agent.graph.nodes.start import start
from agentic_rag.agent.graph.nodes.synthesizer import synthesizer
from agentic_rag.agent.graph.routing import route_after_evaluator
from agentic_rag.agent.graph.state import State
from agentic_rag.agent.graph.trace import emit
from agentic_rag.redaction import redact_value

#: start + 2 × (planner, executor, evaluator) + synthesizer = 8 steps; the limit leaves room.
RECURSION_LIMIT = 25
#: a turn's state is checkpointed once, when it ends: conversation memory needs the finished
#: turn, and a turn is never resumed half-way (a crashed turn is asked again). Per-step
#: checkpoints cost ~7 database writes a turn, a quarter of an offline turn's CPU.
DURABILITY = "exit"


DepsOf = Callable[[Runtime[Any]], AgentDeps]


def _run_context(runtime: Runtime[Any]) -> AgentDeps:
    return runtime.context


def _node(fn, deps_of: DepsOf):
    """The node with its span on the stream: `node_start` before, `node_end` after."""
    name = fn.__name__

    async def node(state: State, runtime: Runtime[AgentDeps]) -> dict:
        iteration = 0 if name == "start" else state.get("iteration", 0) + (name == "planner")
        emit(NodeStarted(node=name, iteration=iteration, t=time.time()))
        update = redact_value(await fn(state, deps_of(runtime)))  # no key reaches any sink
        records = update.get("trace")
        for record in records if isinstance(records, list) else []:
            emit(NodeFinished(**record))
        return update

    node.__name__ = fn.__name__
    return node


def graph_builder(deps_of: DepsOf = _run_context) -> StateGraph:
    """The graph's nodes and edges; each run's nodes get their `AgentDeps` from `deps_of`: by
    default the run's context (`build_graph`), or deps bound in advance (a LangGraph server,
    which passes no Python objects as context: `agentic_rag/studio.py`)."""
    schema = AgentDeps if deps_of is _run_context else None
    builder = StateGraph(State, context_schema=schema)
    for fn in (start, planner, executor, evaluator, synthesizer):
        builder.add_node(fn.__name__, _node(fn, deps_of))

    def route(state: State, runtime: Runtime[Any]) -> Literal["planner", "synthesizer"]:
        return route_after_evaluator(state, deps_of(runtime).settings.max_iterations)

    builder.add_edge(START, "start")
    builder.add_edge("start", "planner")
    builder.add_edge("planner", "executor")
    builder.add_edge("executor", "evaluator")
    builder.add_conditional_edges(
        "evaluator", route, {"planner": "planner", "synthesizer": "synthesizer"}
    )
    builder.add_edge("synthesizer", END)
    return builder


@functools.cache
def compiled_graph() -> Any:
    """The graph, compiled once per process, without a checkpointer."""
    return graph_builder().compile()


@dataclass(frozen=True)
class AgentGraph:
    """The compiled graph bound to one session: its deps (the run context) and checkpointer."""

    compiled: Any
    deps: AgentDeps

    @property
    def checkpointer(self) -> Any:
        return self.compiled.checkpointer

    def astream(self, graph_input: Any, config: dict[str, Any], **kwargs: Any) -> AsyncIterator:
        if self.checkpointer is not None:  # LangGraph warns about durability without one
            kwargs["durability"] = DURABILITY
        return self.compiled.astream(graph_input, config, context=self.deps, **kwargs)


def build_graph(deps: AgentDeps, checkpointer: Any | None = None) -> AgentGraph:
    """The process's compiled graph with `deps` and `checkpointer` (a cheap copy, no compile)."""
    compiled = compiled_graph()
    if checkpointer is not None:
        compiled = compiled.copy({"checkpointer": checkpointer})
    return AgentGraph(compiled, deps)
