"""Run one turn of the graph, streaming its events, and export the turn's trace."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from langchain_core.messages import HumanMessage

from agentic_rag.agent.citations import summarize_result
from agentic_rag.agent.graph.build import RECURSION_LIMIT, AgentGraph
from agentic_rag.agent.graph.events import TRACE_FORMAT, Token, TurnEvent, dump_events, parse_event
from agentic_rag.agent.graph.state import ANSWER_DEFAULTS
from agentic_rag.agent.memory.checkpoints import pop_unsaved
from agentic_rag.agent.node_mode import NodeMode, turn_path
from agentic_rag.tools.base import ToolResult

log = logging.getLogger(__name__)

EventSink = Callable[[TurnEvent], Any]


def turn_config(thread_id: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread_id}, "recursion_limit": RECURSION_LIMIT}


async def run_turn(
    graph: AgentGraph, question: str, thread_id: str, on_event: EventSink | None = None
) -> dict[str, Any]:
    """Ask `question` on `thread_id`; call `on_event` with every typed event; return the state
    with the turn's events under `events`.

    A failure of the graph itself (a bug, not a tool error) still returns an answer that says so.
    A turn is checkpointed when it ends: when only that save fails (the conversation memory
    went away after the answer was written), the answer stands and `unsaved` says why.
    """
    config = turn_config(thread_id)
    started = time.time()
    events: list[TurnEvent] = []
    final: dict[str, Any] | None = None  # the state after the last step
    try:
        async for mode, chunk in graph.astream(
            {"messages": [HumanMessage(content=question)]},
            config,
            stream_mode=["custom", "values"],
        ):
            if mode == "values":
                final = chunk
                continue
            event = parse_event(chunk)
            if event is None:
                continue
            events.append(event)
            if on_event is not None:
                on_event(event)
    except Exception as exc:
        log.exception("turn failed")
        answer = (
            f"Sorry, answering failed inside the agent ({type(exc).__name__}: {exc}). "
            "The error is in the trace; please try again or rephrase."
        )
        if on_event:
            on_event(Token(text=answer))
        return {
            "events": events,
            "question": question,
            **ANSWER_DEFAULTS,
            "answer": answer,
            "error": str(exc),
            "plans": [],
            "results": {},
            "decisions": [],
            "trace": [],
            "elapsed_s": time.time() - started,
        }
    assert final is not None, "a graph run streams its state at least once"
    values = dict(final) | {"elapsed_s": time.time() - started, "events": events}
    unsaved = pop_unsaved(graph.checkpointer, thread_id)
    if unsaved is not None:
        log.warning("the finished turn could not be saved: %s", unsaved)
        values["unsaved"] = unsaved
    return values


def turn_trace(values: dict[str, Any]) -> dict[str, Any]:
    """The full, JSON-able trace of one turn: plans, calls, result summaries, decisions, costs."""
    results = [ToolResult(**r) for r in (values.get("results") or {}).values()]
    trace = values.get("trace") or []
    return {
        "format": TRACE_FORMAT,
        "turn_id": values.get("turn_id"),
        "question": values.get("question"),
        "resolved_question": values.get("resolved_question"),
        "mode": values.get("mode"),
        "iterations": values.get("iteration"),
        "plans": values.get("plans") or [],
        "results": [
            summarize_result(r)
            | {
                "elapsed_ms": r.elapsed_ms,
                "attempts": [a.model_dump() for a in r.attempts],
                "cached": r.cached,
                "reused_from": r.reused_from,
                "untrusted": r.untrusted,
                "row_data": r.rows,  # the rows as shown: a reopened thread draws its tables
            }
            for r in results
        ],
        "decisions": values.get("decisions") or [],
        "answer": values.get("answer"),
        "citations": values.get("citations") or [],
        "follow_ups": values.get("follow_ups") or [],
        "reading": values.get("reading") or "",
        "confidence": values.get("confidence"),
        "clarify": values.get("clarify") or [],
        "asked_back": bool(values.get("asked_back")),
        "incomplete_reason": values.get("incomplete_reason"),
        "nodes": trace,
        "node_modes": values.get("node_modes") or [],
        "turn_label": values.get("turn_label"),
        "turn_path": turn_path([NodeMode(**m) for m in values.get("node_modes") or []]),
        "totals": {
            "tokens_in": sum(t.get("tokens_in", 0) for t in trace),
            "tokens_out": sum(t.get("tokens_out", 0) for t in trace),
            "cost_usd": round(sum(t.get("cost_usd", 0.0) for t in trace), 6),
            "tokens_estimated": any(t.get("tokens_estimated") for t in trace),
            "elapsed_s": round(values.get("elapsed_s", 0.0), 3),
        },
        "error": values.get("error"),
        "events": dump_events(values.get("events") or []),
    }
