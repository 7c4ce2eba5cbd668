"""`python -m agentic_rag chat`: follow-ups on one thread, /trace, /new, leaving."""

from __future__ import annotations

import subprocess
import sys

from rich.console import Console

from agentic_rag.cli.chat import ChatSession, chat_loop
from agentic_rag.runtime import AppRuntime
from tests.conftest import store_env


def _scripted(lines: list[str]):
    queue = list(lines)

    def read(_prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return read


def test_chat_keeps_the_thread_traces_and_starts_over(built_settings):
    console = Console(record=True, width=200)
    runtime = AppRuntime.open(built_settings, eager=False)
    try:
        session = ChatSession(runtime, console, thread="chat-test")
        code = chat_loop(
            session,
            _scripted(
                [
                    "/trace",
                    "Which movies did Christopher Nolan direct?",
                    "/trace",
                    "what about his TV shows?",
                    "/bogus",
                    "/new",
                    "/trace",
                ]
            ),
        )
        text = console.export_text()
    finally:
        runtime.close()
    assert code == 0
    assert text.count("(no turn yet on this thread)") == 2  # before the first turn, after /new
    assert "Inception" in text
    assert "1.1 cypher" in text  # the timeline as text: one bar per span
    assert any(line.startswith("planner") and "█" in line for line in text.splitlines())
    resolved = [line for line in text.splitlines() if "resolved question" in line]
    assert len(resolved) >= 2 and "Nolan" in resolved[-1]  # the follow-up was resolved
    assert "unknown command /bogus" in text
    assert session.thread != "chat-test" and session.turns == 0
    assert len(runtime.traces.load("chat-test")) == 2  # both turns on the persistent thread


def test_chat_command_reads_stdin_until_quit(built_settings):
    proc = subprocess.run(
        [sys.executable, "-m", "agentic_rag", "chat", "--offline", "--thread", "piped"],
        input="How many movies are in the catalog?\n/trace\n/quit\nnever asked\n",
        env=store_env(built_settings, OPENAI_API_KEY="", COLUMNS="160"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "thread piped" in proc.stdout and "1.1 sql" in proc.stdout
    assert "never asked" not in proc.stdout


def test_chat_asks_back_with_numbered_readings_and_a_number_asks_one(built_settings):
    console = Console(record=True, width=200)
    runtime = AppRuntime.open(built_settings, eager=False)
    try:
        session = ChatSession(runtime, console, thread="chat-clarify")
        question = "Who has worked with Leonardo DiCaprio more often than with Tom Hardy?"
        chat_loop(session, _scripted([question, "2"]))
        text = console.export_text()
    finally:
        runtime.close()
    assert "Unsure of: the words 'more', 'than'" in text
    numbered = [line.split() for line in text.splitlines() if "Who has worked with" in line]
    assert ["1", "Who", "has", "worked", "with", "Leonardo", "DiCaprio?"] in numbered
    assert ["2", "Who", "has", "worked", "with", "Tom", "Hardy?"] in numbered
    assert "asking: Who has worked with Tom Hardy?" in text  # typing 2 asked the second reading
    assert (
        "Read as: worked with Tom Hardy · people, most shared titles first [likely right:" in text
    )
    assert session.turns == 2 and session.choices == []  # the second answer did not ask back
