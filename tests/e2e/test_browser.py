"""The real page in headless Chromium against `streamlit run` on a free loopback port.

Needs Debian's `chromium` (`make test` installs it when it can). Without it the test is skipped
with the reason; it never passes silently.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from agentic_rag.config import PROJECT_ROOT

pytestmark = pytest.mark.e2e
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARTIFACTS = PROJECT_ROOT / "tests" / "e2e" / "artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(url: str, proc: subprocess.Popen, timeout: float = 60.0) -> float:
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"streamlit exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1) as resp:
                if resp.status == 200:
                    return time.perf_counter() - start
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"{url} not healthy after {timeout} s")


@pytest.fixture
def server(built_settings, tmp_path):
    port = free_port()
    env = {**os.environ, "BUILD_DIR": str(built_settings.build_dir),
           "CSV_PATH": str(built_settings.csv_path), "MODEL_DIR": str(built_settings.model_dir),
           "OPENAI_API_KEY": "", "OMDB_API_KEY": ""}
    log = (tmp_path / "streamlit.log").open("w+")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(PROJECT_ROOT / "code" / "streamlit_app.py"),
         "--server.port", str(port), "--server.address", "127.0.0.1", "--server.headless", "true",
         "--browser.gatherUsageStats", "false", "--client.toolbarMode", "viewer"],
        env=env, stdout=log, stderr=subprocess.STDOUT, cwd=PROJECT_ROOT,
    )
    try:
        wait_healthy(f"http://127.0.0.1:{port}/_stcore/health", proc)
        yield f"http://127.0.0.1:{port}", Path(log.name)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed "
                    "(apt-get install chromium); the browser test cannot run")
def test_browser_asks_and_sees_answer_and_plan(server):
    from playwright.sync_api import sync_playwright

    url, log_path = server
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    console_errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: console_errors.append(str(e)))
            page.goto(url, wait_until="domcontentloaded")
            box = page.get_by_test_id("stChatInputTextArea")
            box.wait_for(timeout=30_000)
            box.fill("Which movies did Christopher Nolan direct?")
            box.press("Enter")
            page.get_by_text("Answered in Offline mode").wait_for(timeout=60_000)
            sidebar = page.get_by_test_id("stSidebar")
            sidebar.get_by_text("Iteration 1/2").wait_for(timeout=10_000)
            page.wait_for_timeout(500)
            page.screenshot(path=str(ARTIFACTS / "answer.png"), full_page=True)
            main_text = page.get_by_test_id("stMainBlockContainer").inner_text()
            side_text = sidebar.inner_text()
        finally:
            browser.close()
    server_log = log_path.read_text()
    assert "Inception" in main_text
    assert "Evaluator" in side_text and "cypher" in side_text.lower()
    assert "Traceback" not in server_log + main_text + side_text
    assert console_errors == []
