"""The real page in headless Chromium against `streamlit run` on a free loopback port.

Needs Debian's `chromium` (`make test` installs it when it can). Without it the test is skipped
with the reason; it never passes silently.
"""

from __future__ import annotations

import pytest

from agentic_rag.bench.page import CHROMIUM_ARGS, ask_in_browser, chromium_path, streamlit_server
from agentic_rag.config import PROJECT_ROOT

pytestmark = pytest.mark.e2e
CHROMIUM = chromium_path()
ARTIFACTS = PROJECT_ROOT / "tests" / "e2e" / "artifacts"


@pytest.fixture
def server(built_settings, tmp_path):
    env = {
        "BUILD_DIR": str(built_settings.build_dir),
        "CSV_PATH": str(built_settings.csv_path),
        "MODEL_DIR": str(built_settings.model_dir),
        "OPENAI_API_KEY": "",
        "OMDB_API_KEY": "",
    }
    log = tmp_path / "streamlit.log"
    with streamlit_server(env, log) as (url, _):
        yield url, log


@pytest.mark.skipif(
    CHROMIUM is None,
    reason="Debian's chromium is not installed "
    "(apt-get install chromium); the browser test cannot run",
)
def test_browser_asks_and_sees_answer_and_plan(server):
    from playwright.sync_api import sync_playwright

    url, log_path = server
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    console_errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.on(
                "console", lambda m: console_errors.append(m.text) if m.type == "error" else None
            )
            page.on("pageerror", lambda e: console_errors.append(str(e)))
            page.goto(url, wait_until="domcontentloaded")
            page.get_by_test_id("stChatInputTextArea").wait_for(timeout=30_000)
            ask_in_browser(page, "Which movies did Christopher Nolan direct?")
            sidebar = page.get_by_test_id("stSidebar")
            sidebar.get_by_text("Iteration 1/2").wait_for(timeout=10_000)
            page.wait_for_timeout(300)
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
