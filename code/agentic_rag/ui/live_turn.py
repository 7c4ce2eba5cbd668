"""Run one turn for the page without letting the drawing slow it down.

The turn runs on its own event loop in a worker thread and pushes its typed events into a
queue; the page's script thread folds them into a `TurnModel` and redraws at most every
`REDRAW_S`. A plan or a decision is drawn in the sidebar panel at once; the timeline, a chart and
the browser's costliest redraw, follows `REDRAW_S` later, so the browser paints the plan without
first drawing the chart. Streamlit elements are only touched by the script thread, and the
timeline's times are the turn's own, not the drawing's.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from agentic_rag.agent.graph.events import Decision, PlanMade, Token, TurnEvent
from agentic_rag.agent.memory.turn_model import TurnModel

if TYPE_CHECKING:
    from agentic_rag.runtime import AppRuntime

REDRAW_S = 0.12  # least time between two redraws of the live panel, and of the timeline

Draw = Callable[[TurnModel], None]
ShowAnswer = Callable[[str], None]


def run_live(
    runtime: AppRuntime,
    question: str,
    thread_id: str,
    draw_panel: Draw,
    draw_timeline: Draw,
    show_answer: ShowAnswer,
    **ask_kwargs: Any,
) -> dict[str, Any]:
    """Ask `question`; call `draw_panel(model)`, `draw_timeline(model)` and
    `show_answer(text so far)` from this thread."""
    events: queue.SimpleQueue[TurnEvent | None] = queue.SimpleQueue()
    outcome: dict[str, Any] = {}

    def work() -> None:
        try:
            outcome["values"] = asyncio.run(
                runtime.ask(question, thread_id, events.put, **ask_kwargs)
            )
        except BaseException as exc:  # re-raised in the script thread
            outcome["error"] = exc
        finally:
            events.put(None)

    worker = threading.Thread(target=work, name="turn", daemon=True)
    worker.start()
    model, answer = TurnModel(), []
    panel_at = timeline_at = 0.0  # when each was last drawn
    panel_dirty = timeline_dirty = finished = False
    while not finished:
        try:
            event = events.get(timeout=REDRAW_S)
        except queue.Empty:
            event = "tick"  # type: ignore[assignment]
        batch = [event]
        while True:  # take everything already waiting
            try:
                batch.append(events.get_nowait())
            except queue.Empty:
                break
        urgent, answer_changed = False, False
        for item in batch:
            if item is None:
                finished = True
            elif isinstance(item, Token):
                answer.append(item.text)
                answer_changed = True
            elif item != "tick":
                model.apply(item)
                panel_dirty = timeline_dirty = True
                urgent = urgent or isinstance(item, PlanMade | Decision)
        if answer_changed:
            show_answer("".join(answer))
        if finished:
            continue
        now = time.monotonic()
        if panel_dirty and (urgent or now - panel_at >= REDRAW_S):
            draw_panel(model)
            panel_at, panel_dirty = now, False
            if urgent:  # the chart waits a redraw, so the browser paints the panel first
                timeline_at = now
        if timeline_dirty and now - timeline_at >= REDRAW_S:
            draw_timeline(model)
            timeline_at, timeline_dirty = now, False
    worker.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["values"]
