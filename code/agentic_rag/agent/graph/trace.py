"""Per-node trace records and the stream events the page listens to."""

from __future__ import annotations

from typing import Any

from langgraph.config import get_stream_writer
from pydantic import BaseModel

from agentic_rag.agent.interfaces import Usage
from agentic_rag.agent.models import NodeTrace


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


def emit(event: dict[str, Any] | BaseModel) -> None:
    """Send a custom stream event (an `agent.events` model, or its dict); a no-op outside a
    streaming run. The runner parses every chunk back into the typed event."""
    try:
        writer = get_stream_writer()
    except RuntimeError:  # called outside a graph run (unit tests of helpers)
        return
    writer(event.model_dump(mode="json") if isinstance(event, BaseModel) else event)
