"""Typed stream events of one turn: what the graph emits and what the page, the CLI, the
trace store and a reloaded thread all read.

Nodes send events on LangGraph's custom stream as JSON dicts (`model_dump(mode="json")`);
`parse_event` turns every chunk back into one of these models at the runner's boundary.
A turn's stored trace keeps its events (all but the answer's tokens), so a reloaded turn is
rebuilt from exactly what the live page saw. `events_from_old_trace` migrates traces written
before events were stored.
"""

from __future__ import annotations

import logging
import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from agentic_rag.agent.models import Choice, NodeTrace

log = logging.getLogger(__name__)

TRACE_FORMAT = 2  # traces with stored events; format 1 (no "format" key) is migrated on read

CallStatus = Literal["ok", "empty", "error", "timeout", "refused"]


class StreamEvent(BaseModel):
    """The base of every event a node may `emit`: nothing else goes on the custom stream."""

    model_config = ConfigDict(extra="ignore", frozen=True)


class NodeStarted(StreamEvent):
    type: Literal["node_start"] = "node_start"
    node: str
    iteration: int
    t: float


class NodeFinished(StreamEvent, NodeTrace):
    """A node's span with its usage: the `NodeTrace` record the node returned, as an event."""

    type: Literal["node_end"] = "node_end"


class Planning(StreamEvent):
    type: Literal["planning"] = "planning"
    iteration: int
    t: float = 0.0


class PlanMade(StreamEvent):
    type: Literal["plan"] = "plan"
    iteration: int
    plan: dict[str, Any]  # an `ExecutionPlan` dump (tools may be custom, so kept open)


class CallStarted(StreamEvent):
    type: Literal["call_start"] = "call_start"
    call_id: str
    tool: str
    purpose: str = ""
    args: dict[str, Any] = Field(default_factory=dict)
    t: float


class RepairStep(StreamEvent):
    query: str
    error: str


class CallFinished(StreamEvent):
    """One call's outcome. `reused_from` names the call whose result it repeats (not run)."""

    type: Literal["call_end"] = "call_end"
    call_id: str
    tool: str
    status: CallStatus
    rows: int = 0
    message: str = ""
    error: str | None = None
    cached: bool = False
    reused_from: str | None = None
    truncated: bool = False
    elapsed_ms: float = 0.0
    started: float
    t: float  # when it finished
    query: str | None = None
    attempts: list[RepairStep] = Field(default_factory=list)

    @classmethod
    def from_result(cls, result: dict[str, Any], started: float, ended: float) -> CallFinished:
        """From a `ToolResult` dump."""
        return cls(
            call_id=result["call_id"],
            tool=result["tool"],
            status=result["status"],
            rows=len(result.get("rows") or []),
            message=result.get("message") or "",
            error=result.get("error"),
            cached=bool(result.get("cached")),
            reused_from=result.get("reused_from"),
            truncated=bool(result.get("truncated")),
            elapsed_ms=float(result.get("elapsed_ms") or 0.0),
            started=started,
            t=ended,
            query=result.get("query"),
            attempts=[RepairStep(**a) for a in result.get("attempts") or []],
        )


class Decision(StreamEvent):
    type: Literal["decision"] = "decision"
    iteration: int
    decision: dict[str, Any]  # a `RecordedDecision` dump
    t: float = 0.0


class Token(StreamEvent):
    type: Literal["token"] = "token"
    text: str


class SynthFallback(StreamEvent):
    type: Literal["synth_fallback"] = "synth_fallback"
    reason: str
    discarded_chars: int = 0  # the model's streamed text that was dropped


class NodeModeEvent(StreamEvent):
    """Whether a node used the model, a repaired model answer or the offline rules, and why."""

    type: Literal["node_mode"] = "node_mode"
    node: str
    mode: Literal["model", "model_repaired", "rules"]
    repairs: int = 0
    reason: str | None = None
    rung: str | None = None
    iteration: int = 0
    confidence: float | None = None  # the offline reader's confidence (planner, LLM mode)


class Answered(StreamEvent):
    type: Literal["answer"] = "answer"
    citations: list[dict[str, Any]] = Field(default_factory=list)
    follow_ups: list[str] = Field(default_factory=list)
    reading: str = ""  # the reading line; "" when the plan had no typed reading
    confidence: float | None = None  # probability the reading is right
    clarify: list[Choice] = Field(default_factory=list)  # readings offered instead of a guess
    asked_back: bool = False  # the answer asked back instead of presenting a guess


TurnEvent = Annotated[
    NodeStarted
    | NodeFinished
    | Planning
    | PlanMade
    | CallStarted
    | CallFinished
    | Decision
    | Token
    | SynthFallback
    | NodeModeEvent
    | Answered,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[TurnEvent] = TypeAdapter(TurnEvent)


def parse_event(raw: dict[str, Any] | BaseModel) -> TurnEvent | None:
    """One custom-stream chunk as a typed event; None (and a log line) for anything else."""
    if isinstance(raw, StreamEvent):
        return raw  # type: ignore[return-value]
    data = raw.model_dump(mode="json") if isinstance(raw, BaseModel) else dict(raw)
    if data.get("type") == "call_reused":  # the first format's reuse event
        data = {**data, "type": "call_end"}
        data.setdefault("reused_from", data.get("from"))
    if data.get("type") == "call_end" and isinstance(data.get("result"), dict):
        t = float(data.get("t") or 0.0)
        result = {"call_id": data.get("call_id"), "tool": data.get("tool"), **data["result"]}
        result["reused_from"] = data.get("reused_from") or result.get("reused_from")
        try:
            return CallFinished.from_result(result, t - result.get("elapsed_ms", 0.0) / 1000, t)
        except (KeyError, ValidationError) as exc:
            log.debug("ignored first-format call_end: %s", exc)
            return None
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        log.debug("ignored stream chunk %s: %s", data.get("type"), exc)
        return None


def dump_events(events: list[TurnEvent]) -> list[dict[str, Any]]:
    """What a trace stores: every event but the answer's tokens (the answer is stored whole)."""
    return [e.model_dump(mode="json") for e in events if not isinstance(e, Token)]


def load_events(raw: list[dict[str, Any]]) -> list[TurnEvent]:
    return [e for item in raw if (e := parse_event(item)) is not None]


_REUSED = re.compile(r"^same call as (\S+); result reused")


def events_from_old_trace(trace: dict[str, Any]) -> list[TurnEvent]:
    """Events for a trace written before events were stored (format 1).

    Everything it held is kept: plans, each result's status/rows/message/query/attempts/time,
    decisions and node spans. Calls get their executor's span as start time; reuse is read back
    from the reuse message; `cached` was never stored, so it stays False.
    """
    events: list[TurnEvent] = []
    nodes = trace.get("nodes") or []
    executor_start = {n["iteration"]: n["start"] for n in nodes if n.get("node") == "executor"}
    node_end = {(n["node"], n["iteration"]): n["end"] for n in nodes}
    plans = trace.get("plans") or []
    by_call = {r["call_id"]: r for r in trace.get("results") or []}
    for i, plan in enumerate(plans, start=1):
        events.append(PlanMade(iteration=i, plan=plan))
        begin = executor_start.get(i, 0.0)
        for j, call in enumerate(plan.get("calls") or [], start=1):
            call_id = f"{i}.{j}"
            events.append(
                CallStarted(
                    call_id=call_id,
                    tool=call["tool"],
                    purpose=call.get("purpose", ""),
                    args=call.get("args") or {},
                    t=begin,
                )
            )
            r = by_call.get(call_id)
            if r is None:
                continue
            reused = _REUSED.match(r.get("message") or "")
            elapsed = float(r.get("elapsed_ms") or 0.0)
            events.append(
                CallFinished(
                    call_id=call_id,
                    tool=r["tool"],
                    status=r["status"],
                    rows=int(r.get("rows") or 0),
                    message=r.get("message") or "",
                    cached=bool(r.get("cached")),
                    reused_from=r.get("reused_from") or (reused.group(1) if reused else None),
                    elapsed_ms=elapsed,
                    started=begin,
                    t=begin + elapsed / 1000,
                    query=r.get("query"),
                    attempts=[RepairStep(**a) for a in r.get("attempts") or []],
                )
            )
        for d in trace.get("decisions") or []:
            if d.get("iteration") == i:
                events.append(
                    Decision(iteration=i, decision=d, t=node_end.get(("evaluator", i), 0))
                )
    events.extend(NodeFinished(**n) for n in nodes)
    return events


def trace_events(trace: dict[str, Any]) -> list[TurnEvent]:
    """A stored trace's events, migrating the first format."""
    if trace.get("format", 1) >= TRACE_FORMAT and "events" in trace:
        return load_events(trace["events"])
    return events_from_old_trace(trace)
