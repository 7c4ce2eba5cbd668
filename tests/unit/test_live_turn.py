"""The page's live turn: the turn runs in its own thread; drawing happens in the caller's."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from agentic_rag.agent.graph.events import CallFinished, CallStarted, PlanMade, Token
from agentic_rag.ui.live_turn import REDRAW_S, run_live


class _Runtime:
    def __init__(self, fail: bool = False):
        self.fail = fail
        self.thread: str | None = None

    async def ask(self, question, thread_id, on_event, **kwargs):
        self.thread = threading.current_thread().name
        on_event(PlanMade(iteration=1, plan={"calls": [{"tool": "sql"}]}))
        on_event(CallStarted(call_id="1.1", tool="sql", t=1.0))
        await asyncio.sleep(0.3)
        on_event(CallFinished(call_id="1.1", tool="sql", status="ok", rows=2, started=1.0, t=1.3))
        if self.fail:
            raise RuntimeError("boom")
        on_event(Token(text="Hel"))
        on_event(Token(text="lo"))
        return {"answer": "Hello", "kwargs": kwargs}


def test_events_are_drawn_in_the_callers_thread_while_the_turn_runs():
    runtime, drawn, answers = _Runtime(), [], []
    caller = threading.current_thread().name

    def draw(model):
        drawn.append((threading.current_thread().name, dict(model.calls)))

    values = run_live(runtime, "q", "t", draw, draw, answers.append, enabled=["sql"])
    assert values == {"answer": "Hello", "kwargs": {"enabled": ["sql"]}}
    assert runtime.thread != caller  # the turn ran elsewhere
    assert drawn and all(name == caller for name, _ in drawn)
    running = [c for _, calls in drawn if (c := calls.get("1.1")) and c.status == "running"]
    assert running  # drawn mid-turn, before the call ended
    assert answers[-1] == "Hello"


def test_a_failing_turn_raises_in_the_caller():
    with pytest.raises(RuntimeError, match="boom"):
        run_live(_Runtime(fail=True), "q", "t", lambda m: None, lambda m: None, lambda a: None)


def test_a_plan_reaches_the_panel_a_redraw_before_the_timeline():
    """The browser paints the plan before it draws the chart: the timeline that shows the
    plan's call comes at least one redraw after the panel that shows the plan."""
    drawn: list[tuple[str, float, bool]] = []

    def recorder(part):
        return lambda model: drawn.append((part, time.monotonic(), bool(model.plans)))

    run_live(_Runtime(), "q", "t", recorder("panel"), recorder("timeline"), lambda a: None)
    panel = min(t for part, t, planned in drawn if part == "panel" and planned)
    timeline = min(t for part, t, planned in drawn if part == "timeline" and planned)
    assert timeline - panel >= REDRAW_S * 0.99
