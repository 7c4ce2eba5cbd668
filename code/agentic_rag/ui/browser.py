"""Headless Chromium and `streamlit run` on a loopback port: how the README pictures, the page
benchmark and the browser tests start the real page and open its chat box."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from agentic_rag.child_signals import sigint_as_in_a_terminal
from agentic_rag.config import PROJECT_ROOT

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(url: str, proc: subprocess.Popen, timeout: float = 60.0) -> None:
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"streamlit exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1) as resp:
                if resp.status == 200:
                    return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"{url} was not healthy after {timeout:g} s")


APP_SCRIPT = PROJECT_ROOT / "code" / "streamlit_app.py"


class StreamlitRun(NamedTuple):
    url: str
    healthy_s: float
    proc: subprocess.Popen


@contextlib.contextmanager
def streamlit_server(
    env: dict[str, str], log_path: Path, script: Path = APP_SCRIPT
) -> Iterator[StreamlitRun]:
    """Start `streamlit run` on a free loopback port; yield its url, seconds until healthy, and
    the process (stopped on exit if still running)."""
    port = free_port()
    with log_path.open("w+") as log:
        start = time.perf_counter()
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "streamlit",
                "run",
                str(script),
                "--server.port",
                str(port),
                "--server.address",
                "127.0.0.1",
                "--server.headless",
                "true",
                "--browser.gatherUsageStats",
                "false",
                "--client.toolbarMode",
                "viewer",
            ],
            env={**os.environ, **env},
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=PROJECT_ROOT,
            preexec_fn=sigint_as_in_a_terminal,  # `interrupt` sends it Ctrl-C
        )
        try:
            url = f"http://127.0.0.1:{port}"
            wait_healthy(f"{url}/_stcore/health", proc)
            yield StreamlitRun(url, time.perf_counter() - start, proc)
        finally:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()


def launch(pw: Any, chromium: str) -> Any:
    """Headless Chromium as every page measurement, test and picture runs it."""
    return pw.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)


def open_chat(page: Any, url: str, timeout_ms: int) -> None:
    """Load the app's page and wait until its chat box can be typed in."""
    page.goto(url, wait_until="domcontentloaded")
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=timeout_ms)


def interrupt(proc: subprocess.Popen, timeout: float = 30.0) -> float:
    """Send Ctrl-C (SIGINT) and return the seconds until the process is gone."""
    start = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    return time.perf_counter() - start
