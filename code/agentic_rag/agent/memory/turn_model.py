"""The model of one turn, folded from its typed events: plans, calls, decisions, node spans,
and the timeline's spans. Pure data: the live page, a reloaded thread and the CLI's `/trace`
all build it the same way (`apply` each event), so they cannot disagree.
"""

from __future__ import annotations

import json
import time
from typing import Any, Literal

from pydantic import BaseModel, Field

from agentic_rag.agent.graph.events import (
    Answered,
    CallFinished,
    CallStarted,
    Decision,
    NodeFinished,
    NodeModeEvent,
    NodeStarted,
    PlanMade,
    Planning,
    RepairStep,
    TurnEvent,
    trace_events,
)

SpanStatus = Literal["running", "ok", "empty", "error", "timeout", "refused", "cached", "reused"]
SPAN_NODES = ("planner", "evaluator", "synthesizer")  # the nodes drawn on the timeline


class CallView(BaseModel):
    call_id: str
    tool: str
    iteration: int
    purpose: str = ""
    args: dict[str, Any] = Field(default_factory=dict)
    status: str = "running"
    rows: int = 0
    ms: float = 0.0
    message: str = ""
    attempts: list[RepairStep] = Field(default_factory=list)
    query: str | None = None
    reused_from: str | None = None
    cached: bool = False
    started: float = 0.0
    ended: float | None = None


class Span(BaseModel):
    """One bar of the timeline."""

    lane: str  # row label, e.g. "planner" or "1.2 sql"
    iteration: int
    kind: Literal["node", "call"]
    start: float  # seconds since the turn started
    end: float
    status: SpanStatus
    detail: str = ""  # purpose, arguments and rows, for the hover


def _iteration_of(call_id: str) -> int:
    head = call_id.split(".", 1)[0]
    return int(head) if head.isdigit() else 0


class TurnModel(BaseModel):
    plans: dict[int, dict[str, Any]] = Field(default_factory=dict)
    calls: dict[str, CallView] = Field(default_factory=dict)
    decisions: dict[int, dict[str, Any]] = Field(default_factory=dict)
    nodes: list[NodeFinished] = Field(default_factory=list)
    running: dict[str, NodeStarted] = Field(default_factory=dict)  # node -> its start
    modes: list[NodeModeEvent] = Field(default_factory=list)
    planning: int | None = None
    done: bool = False

    def apply(self, event: TurnEvent) -> None:
        if isinstance(event, NodeStarted):
            self.running[event.node] = event
        elif isinstance(event, NodeFinished):
            self.running.pop(event.node, None)
            self.nodes.append(event)
        elif isinstance(event, Planning):
            self.planning = event.iteration
        elif isinstance(event, PlanMade):
            self.plans[event.iteration] = event.plan
            self.planning = None
        elif isinstance(event, CallStarted):
            self.calls[event.call_id] = CallView(
                call_id=event.call_id,
                tool=event.tool,
                iteration=_iteration_of(event.call_id),
                purpose=event.purpose,
                args=event.args,
                started=event.t,
            )
        elif isinstance(event, CallFinished):
            self._finish(event)
        elif isinstance(event, Decision):
            self.decisions[event.iteration] = event.decision
        elif isinstance(event, NodeModeEvent):
            self.modes.append(event)
        elif isinstance(event, Answered):
            self.done = True

    def _finish(self, event: CallFinished) -> None:
        before = self.calls.get(event.call_id)
        plan = self.plans.get(_iteration_of(event.call_id), {})
        index = int(event.call_id.split(".")[-1]) - 1 if "." in event.call_id else -1
        planned = (
            (plan.get("calls") or [])[index] if 0 <= index < len(plan.get("calls") or []) else {}
        )
        self.calls[event.call_id] = CallView(
            call_id=event.call_id,
            tool=event.tool,
            iteration=_iteration_of(event.call_id),
            purpose=before.purpose if before else planned.get("purpose", ""),
            args=before.args if before else planned.get("args") or {},
            status=event.status,
            rows=event.rows,
            ms=event.elapsed_ms,
            message=event.error or event.message,
            attempts=list(event.attempts),
            query=event.query,
            reused_from=event.reused_from,
            cached=event.cached,
            started=before.started if before else event.started,
            ended=event.t,
        )

    @classmethod
    def from_events(cls, events: list[TurnEvent]) -> TurnModel:
        model = cls()
        for event in events:
            model.apply(event)
        return model

    @classmethod
    def from_trace(cls, trace: dict[str, Any]) -> TurnModel:
        """A finished turn from its stored trace (either format)."""
        model = cls.from_events(trace_events(trace))
        model.done = True
        return model

    # -- the timeline ---------------------------------------------------------
    def origin(self) -> float | None:
        starts = [n.start for n in self.nodes if n.node in SPAN_NODES]
        starts += [n.t for n in self.running.values() if n.node in SPAN_NODES]
        starts += [c.started for c in self.calls.values() if c.started]
        return min(starts) if starts else None

    def spans(self, now: float | None = None) -> list[Span]:
        """Planner, each call, evaluator and synthesizer as bars, in the order they ran."""
        origin = self.origin()
        if origin is None:
            return []
        now = now if now is not None else time.time()
        out: list[Span] = []
        for n in self.nodes:
            if n.node in SPAN_NODES:
                out.append(self._node_span(n.node, n.iteration, n.start, n.end, "ok", origin))
        for n in self.running.values():
            if n.node in SPAN_NODES:
                out.append(self._node_span(n.node, n.iteration, n.t, now, "running", origin))
        for c in self.calls.values():
            out.append(self._call_span(c, origin, now))
        out.sort(key=lambda s: (s.iteration, s.start, s.lane))
        return out

    @staticmethod
    def _node_span(
        node: str, iteration: int, start: float, end: float, status: SpanStatus, origin: float
    ) -> Span:
        return Span(
            lane=node,
            iteration=iteration,
            kind="node",
            start=round(start - origin, 4),
            end=round(max(end, start) - origin, 4),
            status=status,
            detail=node,
        )

    @staticmethod
    def _call_span(c: CallView, origin: float, now: float) -> Span:
        status: SpanStatus
        if c.ended is None:
            status = "running"
        elif c.reused_from:
            status = "reused"
        elif c.cached:
            status = "cached"
        else:
            status = c.status  # type: ignore[assignment]
        end = c.ended if c.ended is not None else now
        args = json.dumps(c.args, ensure_ascii=False)
        rows = "" if c.ended is None else f" · {c.rows} rows"
        reuse = f" · reused {c.reused_from}" if c.reused_from else ""
        return Span(
            lane=f"{c.call_id} {c.tool}",
            iteration=c.iteration,
            kind="call",
            start=round(c.started - origin, 4),
            end=round(max(end, c.started) - origin, 4),
            status=status,
            detail=f"{c.purpose}{rows}{reuse} · {args[:300]}",
        )


def timeline_text(model: TurnModel, width: int = 40) -> str:
    """The timeline as text bars (the CLI's `/trace`)."""
    spans = model.spans()
    if not spans:
        return "(no turn yet)"
    total = max(s.end for s in spans) or 1e-9
    lane_w = max(len(s.lane) for s in spans)
    lines = []
    for s in spans:
        a = int(s.start / total * width)
        b = max(int(s.end / total * width), a + 1)
        bar = " " * a + "█" * (b - a) + " " * (width - b)
        ms = (s.end - s.start) * 1000
        lines.append(f"{s.lane:<{lane_w}} |{bar}| {ms:7.1f} ms  {s.status}")
    lines.append(f"{'':<{lane_w}}  0{'':<{width - 8}}{total:6.2f} s")
    return "\n".join(lines)
