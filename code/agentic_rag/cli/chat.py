"""`python -m agentic_rag chat`: a conversation in the terminal on one persistent thread.

Each line is a question (follow-ups see the thread's earlier turns); when an answer asked back
with numbered readings, typing a number asks that one. Commands: `/trace` prints
the last turn's timeline as text, `/new` starts a new thread, `/quit` (or end of input) leaves.
Ctrl-C during a turn stops that turn and returns to the prompt; at the prompt it leaves.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from agentic_rag.agent.memory.turn_model import TurnModel, timeline_text
from agentic_rag.cli.ask import LivePrinter, print_answer
from agentic_rag.config import Settings, mode_label
from agentic_rag.runtime import AppRuntime

HELP = "Ask a question. /trace: last turn's timeline · /new: new thread · /quit: leave"


class ChatSession:
    """The REPL's state: one runtime, one thread id, the last turn's model."""

    def __init__(self, runtime: AppRuntime, console: Console, thread: str | None = None):
        self.runtime = runtime
        self.console = console
        self.thread = thread or uuid.uuid4().hex[:8]
        self.last: TurnModel | None = None
        self.turns = 0
        self.choices: list[str] = []  # the last answer's readings to choose from, by number

    def handle(self, line: str, runner: asyncio.Runner) -> bool:
        """One input line; False when the user leaves."""
        text = line.strip()
        c = self.console
        if not text:
            return True
        if text in ("/quit", "/exit"):
            return False
        if text == "/help":
            c.print(HELP)
        elif text == "/new":
            self.thread, self.last, self.turns = uuid.uuid4().hex[:8], None, 0
            c.print(f"[dim]new thread {self.thread}[/]")
        elif text == "/trace":
            c.print(timeline_text(self.last) if self.last else "(no turn yet on this thread)")
        elif text.startswith("/"):
            c.print(f"unknown command {text.split()[0]}. {HELP}")
        elif text.isdigit() and self.choices:
            n = int(text)
            if 1 <= n <= len(self.choices):
                c.print(f"[dim]asking: {escape(self.choices[n - 1])}[/]", highlight=False)
                self.ask(self.choices[n - 1], runner)
            else:
                c.print(f"choose 1 to {len(self.choices)}, or ask a question")
        else:
            self.ask(text, runner)
        return True

    def ask(self, question: str, runner: asyncio.Runner) -> None:
        model, printer = TurnModel(), LivePrinter(self.console)

        def on_event(event) -> None:
            model.apply(event)
            printer(event)

        try:
            values = runner.run(self.runtime.ask(question, self.thread, on_event=on_event))
        except KeyboardInterrupt:
            self.console.print("[yellow]turn interrupted[/]")
            return
        self.last = TurnModel.from_trace(values["trace_export"])
        self.turns += 1
        self.choices = [c["question"] for c in values.get("clarify") or []]
        print_answer(self.console, values, self.thread)


def chat_loop(session: ChatSession, read: Callable[[str], str]) -> int:
    """Read lines until /quit, end of input or Ctrl-C at the prompt."""
    session.console.print(
        f"[dim]{mode_label(session.runtime.settings)} · thread {session.thread} · {HELP}[/]"
    )
    with asyncio.Runner() as runner:
        while True:
            try:
                line = read("? ")
            except (EOFError, KeyboardInterrupt):
                session.console.print()
                return 0
            if not session.handle(line, runner):
                return 0


def chat_command(settings: Settings, thread: str | None) -> int:
    with contextlib.suppress(ImportError):  # line editing and history for input()
        import readline  # noqa: F401
    console = Console()
    runtime = AppRuntime.open(settings, eager=False)
    try:
        return chat_loop(ChatSession(runtime, console, thread), input)
    finally:
        runtime.close()
