"""The terminal as a new user meets it: a cold `python -m agentic_rag ask --offline "…"`
process, timed from launch to the moment its answer is on screen (and to its exit), and
Ctrl-C on `chat` with the graph server running."""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

from agentic_rag.bench.report import Figure
from agentic_rag.child_signals import sigint_as_in_a_terminal
from agentic_rag.config import PROJECT_ROOT, Settings
from agentic_rag.stores.owned_dir import TEMP_PREFIX

RUNS = 3
ANSWER_END = "Answered in"  # the answer's footer line: the answer is fully printed
QUESTIONS = {
    "SQL": "How many movies from India were released in 2019?",
    "graph": "Which movies did Christopher Nolan direct?",
    "semantic": "Find movies about a heist that goes wrong",  # opens the vectors' working copy
}
TARGET_S = 2.5


def _env(settings: Settings, tmp: Path) -> dict[str, str]:
    return {
        **os.environ,
        "BUILD_DIR": str(settings.build_dir),
        "OPENAI_API_KEY": "",
        "TMPDIR": str(tmp),
        "COLUMNS": "120",
        "PYTHONPATH": str(PROJECT_ROOT / "code"),
    }


def ask_once(settings: Settings, question: str, tmp: Path) -> tuple[float, float]:
    """(seconds from launch to the answer's last line, seconds from launch to exit)."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "agentic_rag", "ask", "--offline", question],
        env=_env(settings, tmp),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=PROJECT_ROOT,
    )
    answered = float("nan")
    assert proc.stdout is not None
    for line in proc.stdout:
        if ANSWER_END in line and answered != answered:
            answered = time.perf_counter() - start
    proc.wait()
    return answered, time.perf_counter() - start


def chat_interrupt(settings: Settings, tmp: Path) -> float:
    """Ctrl-C at the `chat` prompt after a graph question: seconds until the process is gone."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "agentic_rag", "chat", "--offline"],
        env=_env(settings, tmp),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=PROJECT_ROOT,
        preexec_fn=sigint_as_in_a_terminal,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(QUESTIONS["graph"] + "\n")
    proc.stdin.flush()
    for line in proc.stdout:
        if "tokens 0/0" in line:  # the turn's last line
            break
    start = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)
    return time.perf_counter() - start


def bench_cli(settings: Settings) -> list[Figure]:
    tmp = Path(settings.build_dir) / "bench-tmp"
    tmp.mkdir(parents=True, exist_ok=True)
    figures = []
    for label, question in QUESTIONS.items():
        runs = [ask_once(settings, question, tmp) for _ in range(RUNS)]
        answered = statistics.median(r[0] for r in runs)
        exited = statistics.median(r[1] for r in runs)
        figures.append(
            Figure(
                f"cold `ask --offline` ({label} question) -> answer printed, median of {RUNS}",
                answered,
                "s",
                target=f"<= {TARGET_S} s",
                met=answered <= TARGET_S,
            )
        )
        figures.append(Figure(f"cold `ask --offline` ({label}) -> process exited", exited, "s"))
    took = chat_interrupt(settings, tmp)
    figures.append(
        Figure(
            "Ctrl-C at the `chat` prompt (graph server up) -> exited",
            took,
            "s",
            target="<= 2 s",
            met=took <= 2,
        )
    )
    left = len(list(tmp.glob(f"{TEMP_PREFIX}*")))
    figures.append(
        Figure(
            "temp dirs (graph server, vectors' working copy) left behind by these runs",
            left,
            "",
            "0",
            met=left == 0,
        )
    )
    return figures
