"""Two app replicas (two `streamlit run` processes on two ports) sharing PostgreSQL, Chroma and
FalkorDB: a thread started on one continues on the other, with its history and follow-ups.

Each replica has its own build directory (SQLite catalog, cache, audit log); the traces
directory is shared, as docs/deploy.md says it must be.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agentic_rag.config import Settings
from agentic_rag.ui.browser import chromium_path, launch, open_chat, streamlit_server

pytestmark = pytest.mark.e2e
CHROMIUM = chromium_path()
FIRST = "Which titles star Leonardo DiCaprio?"
FOLLOW_UP = "And which of those are from the United Kingdom?"


def _ask(page, question: str) -> None:
    """Ask and wait for the next answer (generous: the first turn opens the stores, and the
    machine may be busy)."""
    answered = page.get_by_text("Answered in Offline mode")
    before = answered.count()
    box = page.get_by_test_id("stChatInputTextArea")
    box.fill(question)
    box.press("Enter")
    answered.nth(before).wait_for(timeout=180_000)


def _env(settings: Settings) -> dict[str, str]:
    assert settings.database_url is not None
    return {
        "BUILD_DIR": str(settings.build_dir),
        "TRACES_DIR": str(settings.traces_dir),
        "CSV_PATH": str(settings.csv_path),
        "MODEL_DIR": str(settings.model_dir),
        "DATABASE_URL": settings.database_url.get_secret_value(),
        "CHROMA_URL": str(settings.chroma_url),
        "FALKORDB_URL": str(settings.falkordb_url),
        "OPENAI_API_KEY": "",
        "OMDB_API_KEY": "",
    }


@pytest.mark.skipif(
    CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)"
)
def test_thread_moves_between_replicas(
    shared: Settings,
    second_replica: Settings,
    fixture_rows: list[dict[str, str]],
    tmp_path: Path,
) -> None:
    from playwright.sync_api import sync_playwright

    other = second_replica
    expected = [
        r["title"]
        for r in fixture_rows
        if "Leonardo DiCaprio" in r["cast"] and "United Kingdom" in r["country"]
    ]
    with (
        streamlit_server(_env(shared), tmp_path / "a.log") as (url_a, *_),
        streamlit_server(_env(other), tmp_path / "b.log") as (url_b, *_),
        sync_playwright() as pw,
    ):
        assert url_a != url_b
        browser = launch(pw, CHROMIUM)
        try:
            page_a = browser.new_page(viewport={"width": 1400, "height": 1000})
            open_chat(page_a, url_a, 120_000)
            _ask(page_a, FIRST)

            page_b = browser.new_page(viewport={"width": 1400, "height": 1000})
            open_chat(page_b, url_b, 120_000)
            page_b.get_by_text("Past threads").click()
            side = page_b.get_by_test_id("stSidebar")  # the empty page's examples have it too
            # its first question; newest first (an earlier test's thread may start the same way)
            side.get_by_role("button", name=FIRST, exact=True).first.click()
            main_b = page_b.get_by_test_id("stMainBlockContainer")
            main_b.get_by_text(FIRST).first.wait_for(timeout=30_000)  # the history, on B
            _ask(page_b, FOLLOW_UP)
            page_b.wait_for_timeout(300)
            text_b = main_b.inner_text()
        finally:
            browser.close()
    logs = (tmp_path / "a.log").read_text() + (tmp_path / "b.log").read_text()
    assert "Traceback" not in logs
    assert FIRST in text_b and FOLLOW_UP in text_b
    answer_b = text_b.split(FOLLOW_UP, 1)[1]
    assert expected and all(title in answer_b for title in expected), answer_b[:2000]
