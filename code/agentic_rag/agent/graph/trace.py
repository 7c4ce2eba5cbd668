"""Per-node trace records and the stream events the page listens to."""

from __future__ import annotations

from langgraph.config import get_stream_writer

from agentic_rag.agent.graph.events import StreamEvent
from agentic_rag.agent.interfaces import Usage
from agentic_rag.agent.models import NodeTrace
from agentic_rag.redaction import redact_value


def node_trace(
    node: str, iteration: int, start: float, end: float, usage: Usage | None = None
) -> dict:
    usage = usage or Usage()
    return NodeTrace(
        node=node,
        iteration=iteration,
        start=start,
        end=end,
        model=usage.model,
        tokens_in=usage.tokens_in,
        tokens_out=usage.tokens_out,
        cost_usd=round(usage.cost_usd, 6),
        note=usage.note,
        tokens_estimated=usage.estimated,
        rung=usage.rung,
        repairs=usage.repairs,
    ).model_dump()


def emit(event: StreamEvent) -> None:
    """Send one typed event (`agent/graph/events.py`) on the custom stream; a no-op outside a
    streaming run. It travels as its JSON dump (what a LangGraph server can serialise) and the
    runner parses every chunk back into the typed event. Anything else is refused. Every string
    in it is redacted first: the page, the CLI and traces read this stream live."""
    if not isinstance(event, StreamEvent):
        raise TypeError(f"emit takes a typed stream event, not {type(event).__name__}")
    try:
        writer = get_stream_writer()
    except RuntimeError:  # called outside a graph run (unit tests of helpers)
        return
    writer(redact_value(event.model_dump(mode="json")))  # no key reaches a live reader either
