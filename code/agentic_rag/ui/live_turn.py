"""Run one turn for the page without letting the drawing slow it down.

The turn runs on its own event loop in a worker thread and pushes its typed events into a
queue; the page's script thread folds them into a `TurnModel` and redraws at most every
`REDRAW_S` (and at once for a plan or a decision). Streamlit elements are only touched by the
script thread, and the timeline's times are the turn's own, not the drawing's.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from agentic_rag.agent.events import Decision, PlanMade, Token, TurnEvent
from agentic_rag.agent.turn_model import TurnModel

if TYPE_CHECKING:
    from agentic_rag.runtime import AppRuntime

REDRAW_S = 0.12  # least time between two redraws of the live panel and timeline

Draw = Callable[[TurnModel], None]
ShowAnswer = Callable[[str], None]


def run_live(
    runtime: AppRuntime,
    question: str,
    thread_id: str,
    draw: Draw,
    show_answer: ShowAnswer,
    **ask_kwargs: Any,
) -> dict[str, Any]:
    """Ask `question`; call `draw(model)` and `show_answer(text so far)` from this thread."""
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
    drawn, dirty, finished = 0.0, False, False
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
                dirty = True
                urgent = urgent or isinstance(item, PlanMade | Decision)
        if answer_changed:
            show_answer("".join(answer))
        if dirty and (urgent or time.monotonic() - drawn >= REDRAW_S) and not finished:
            draw(model)
            drawn, dirty = time.monotonic(), False
    worker.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["values"]
