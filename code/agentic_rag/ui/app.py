"""The app: two pages, the chat and the evaluation (`ui/eval_page.py`). The chat's first paint
is its title and chat box, at once, while a thread opens the stores; the rest of the page
(`ui/page.py`) is drawn once they are open. Chat in the main column, the agent's work live in
the sidebar."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

import streamlit as st

from agentic_rag.config import load_settings
from agentic_rag.errors import AgenticRagError
from agentic_rag.markup import escape_markdown
from agentic_rag.ui.style import inject_style

if TYPE_CHECKING:
    from agentic_rag.runtime import AppRuntime


def _open_runtime() -> AppRuntime:
    # pandas and altair (charts) are imported here, by the one thread that opens the stores,
    # before any turn thread starts or any chart is drawn (both wait for this thread): two
    # threads importing pandas at once exposed a partially initialised module ("pandas has no
    # attribute Timestamp") to the chart drawing. Not at the top: they take ~1 s, and the
    # chat box is drawn before.
    import altair  # noqa: F401
    import pandas  # noqa: F401

    from agentic_rag.runtime import AppRuntime  # heavy imports happen off the page's first paint

    runtime = AppRuntime.open(load_settings())
    # What the first question needs, imported now rather than while the user waits for a plan,
    # and the rest of the page: the script thread imports it only once this thread is done.
    import langgraph.checkpoint.sqlite.aio  # noqa: F401

    import agentic_rag.ui.page  # noqa: F401

    return runtime


@st.cache_resource(show_spinner=False, max_entries=2)
def _runtime_future(build_dir: str, csv_path: str) -> Future:
    """Open the stores in a background thread as soon as the first page run starts, so the
    chat box is on screen at once; a rerun (a question typed early) waits on the same future."""
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="open-stores").submit(_open_runtime)


def runtime_future() -> Future:
    settings = load_settings()
    return _runtime_future(str(settings.build_dir), str(settings.csv_path))


def open_runtime_or_stop(future: Future) -> AppRuntime:
    """The open runtime; if the stores cannot open, one clear message and the page stops."""
    try:
        with st.spinner("Opening the stores…"):
            return future.result()
    except Exception as exc:  # shown as one clear message, never a traceback
        _runtime_future.clear()  # let a reload retry after `make data`
        detail = str(exc) if isinstance(exc, AgenticRagError) else f"{type(exc).__name__}: {exc}"
        st.error(f"The data stores are not ready: {escape_markdown(detail)}")
        st.markdown("Build them with `make data` (about a minute), then reload this page.")
        st.stop()
        raise  # st.stop() ends the run; never reached


def chat_page() -> None:
    future = runtime_future()
    st.title("🎬 Ask the Netflix catalog")
    typed = st.chat_input("Ask about movies and TV shows…")
    runtime = open_runtime_or_stop(future)
    from agentic_rag.ui.page import render_page  # loaded by the thread that opened the stores

    render_page(runtime, typed)


def evaluation_page() -> None:
    future = runtime_future()
    st.title("📊 Evaluation")
    runtime = open_runtime_or_stop(future)
    from agentic_rag.ui.eval_page import render_eval_page

    render_eval_page(runtime)


def main() -> None:
    st.set_page_config(page_title="Catalog agent", page_icon="🎬", layout="wide")
    runtime_future()  # starts opening the stores now, whichever page is shown
    inject_style()
    pages = [
        st.Page(chat_page, title="Chat", icon="💬", url_path="chat", default=True),
        st.Page(evaluation_page, title="Evaluation", icon="📊", url_path="evaluation"),
    ]
    st.navigation(pages).run()
