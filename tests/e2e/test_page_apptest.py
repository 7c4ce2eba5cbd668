"""The page through Streamlit's AppTest, offline mode, on the fixture stores."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from agentic_rag.config import PROJECT_ROOT
from tests.conftest import as_shown

pytestmark = pytest.mark.e2e
APP = str(PROJECT_ROOT / "code" / "streamlit_app.py")


@pytest.fixture
def page(built_settings, monkeypatch):
    monkeypatch.setenv("BUILD_DIR", str(built_settings.build_dir))
    monkeypatch.setenv("CSV_PATH", str(built_settings.csv_path))
    monkeypatch.setenv("MODEL_DIR", str(built_settings.model_dir))
    at = AppTest.from_file(APP, default_timeout=90)
    at.run()
    assert not at.exception
    return at


def sidebar_text(at: AppTest) -> str:
    return "\n".join(m.value for m in at.sidebar.markdown)


def assistant_text(at: AppTest) -> str:
    return "\n".join(
        m.value for msg in at.chat_message if msg.name == "assistant" for m in msg.markdown
    )


def ask(at: AppTest, question: str) -> AppTest:
    at.chat_input[0].set_value(question).run()
    assert not at.exception, at.exception
    return at


def test_first_load_says_offline_mode_and_offers_examples(page):
    captions = " ".join(c.value for c in page.sidebar.caption)
    assert "Offline mode" in captions and "OPENAI_API_KEY" in captions
    assert any("Christopher Nolan" in b.label for b in page.button)


def test_question_shows_answer_plan_iteration_and_decision(page, fixture_rows):
    ask(page, "Which movies did Christopher Nolan direct?")
    answer = assistant_text(page)
    nolan = [
        r["title"]
        for r in fixture_rows
        if "Christopher Nolan" in r["director"] and r["type"] == "Movie"
    ]
    assert nolan and all(title in answer for title in nolan)
    assert "[[1]](#turn-1-source-1" in answer  # clickable, hoverable, to this answer's source
    side = sidebar_text(page)
    assert "Iteration 1/2" in side
    assert "**cypher**" in side or "**sql**" in side
    assert "Evaluator" in side and "continue" in side
    assert any(c.language == "cypher" or c.language == "sql" for c in page.sidebar.code)


def test_follow_up_is_resolved_against_the_previous_turn(page):
    ask(page, "Which movies did Christopher Nolan direct?")
    ask(page, "And which of those are from India?")
    side = sidebar_text(page)
    assert "Nolan" in side and "India" in side  # the resolved question names both
    users = [m for m in page.chat_message if m.name == "user"]
    assert len(users) == 2


def test_new_conversation_clears_history(page):
    ask(page, "How many movies are in the catalog?")
    thread = page.session_state["thread_id"]
    next(b for b in page.sidebar.button if b.label == "New conversation").click().run()
    assert page.session_state["thread_id"] != thread
    assert [m for m in page.chat_message] == []


def test_failing_tool_is_an_error_state_not_a_traceback(page):
    ask(page, "What is the latest news about Stranger Things?")
    side = sidebar_text(page)
    assert "❌" in side and "web" in side  # no network here: the web call fails fast
    assert "Traceback" not in side + assistant_text(page)
    assert assistant_text(page)  # the answer still comes


def test_past_threads_come_from_the_checkpointer_and_reopen(page):
    ask(page, "How many movies are in the catalog?")
    first_thread = page.session_state["thread_id"]
    next(b for b in page.sidebar.button if b.label == "New conversation").click().run()
    question = "How many movies are in the catalog?"
    reopen = [b for b in page.button if as_shown(b.label).startswith(question)]
    assert reopen, "the finished thread is listed under Past threads"
    reopen[0].click().run()
    assert page.session_state["thread_id"] == first_thread
    assert question in as_shown(
        "\n".join(m.value for msg in page.chat_message for m in msg.markdown)
    )


def test_page_without_built_data_says_how_to_build_it(tmp_path, monkeypatch):
    monkeypatch.setenv("BUILD_DIR", str(tmp_path / "nothing-built"))
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not at.exception
    assert any("not ready" in e.value for e in at.error)
    assert any("make data" in m.value for m in at.markdown)
