"""Threads on the page: the open thread's id lives in the URL (`?thread=…`), so a reload or a
shared link reopens it; the sidebar lists past threads (name or first question, date and
time, newest first) and renames or deletes them. A reopened thread's turns are its stored
traces, drawn as they were: nothing is run again."""

from __future__ import annotations

import asyncio
import datetime as dt
import re
import textwrap
import uuid
from typing import TYPE_CHECKING, Any

import streamlit as st

from agentic_rag.markup import escape_markdown

if TYPE_CHECKING:
    from agentic_rag.agent.memory.trace_store import ThreadInfo
    from agentic_rag.runtime import AppRuntime

PARAM = "thread"
THREAD_ID = re.compile(r"^[A-Za-z0-9_.-]{1,80}$")
LISTED = 15  # past threads listed in the sidebar
TITLE_CHARS = 70  # a listed title is cut at a word past this


def new_thread_id() -> str:
    return uuid.uuid4().hex[:10]


def _show(thread_id: str, turns: list[dict[str, Any]]) -> None:
    st.session_state.thread_id = thread_id
    st.session_state.turns = turns
    st.query_params[PARAM] = thread_id


def open_thread(runtime: AppRuntime, thread_id: str) -> None:
    """Make `thread_id` the open thread, with its stored turns (traces)."""
    _show(thread_id, runtime.traces.load(thread_id))


def new_thread() -> None:
    _show(new_thread_id(), [])


def sync_with_url(runtime: AppRuntime) -> None:
    """The thread the URL names is the open one; a URL without one gets the open thread's."""
    ss = st.session_state
    wanted = st.query_params.get(PARAM)
    if wanted and THREAD_ID.match(wanted):
        if ss.get("thread_id") != wanted:
            open_thread(runtime, wanted)
        return
    if ss.get("thread_id"):
        st.query_params[PARAM] = ss.thread_id
    else:
        new_thread()


def short_title(title: str, width: int = TITLE_CHARS) -> str:
    """The whole title, or cut at a word with an ellipsis."""
    return textwrap.shorten(" ".join(title.split()), width, placeholder=" …")


def when(info: ThreadInfo) -> str:
    stamp = dt.datetime.fromtimestamp(info.updated)
    return f"{stamp:%a %d %b %Y, %H:%M}"


def _forget(runtime: AppRuntime, thread_id: str) -> bool:
    """Delete a thread's memory and turns; False (and a message) if its memory cannot be
    reached, in which case its turns are kept too."""
    from agentic_rag.agent.memory.checkpoints import delete_checkpoints
    from agentic_rag.errors import AgenticRagError

    try:
        asyncio.run(delete_checkpoints(runtime.settings, thread_id))
    except AgenticRagError as exc:
        st.error(f"The thread was not deleted: {escape_markdown(exc)}")
        return False
    runtime.traces.delete(thread_id)
    if st.session_state.get("thread_id") == thread_id:
        new_thread()
    return True


def _thread_entry(runtime: AppRuntime, info: ThreadInfo) -> None:
    current = info.thread_id == st.session_state.get("thread_id")
    label = escape_markdown(short_title(info.title), one_line=True)
    if st.button(
        label,
        key=f"open-{info.thread_id}",
        help=escape_markdown(info.title, one_line=True),
        type="primary" if current else "secondary",
        width="stretch",
    ):
        open_thread(runtime, info.thread_id)
        st.rerun()
    turns = f"{info.turns} turn{'s' if info.turns != 1 else ''}"
    st.caption(f"{when(info)} · {turns}" + (" · open now" if current else ""))


def _rename_or_delete(runtime: AppRuntime, info: ThreadInfo) -> None:
    """Rename or delete the open thread."""
    with st.expander("Rename or delete this thread"):
        name = st.text_input("New name", value=info.title, key=f"name-{info.thread_id}")
        cols = st.columns(2)
        if cols[0].button("Rename", key=f"rename-{info.thread_id}", width="stretch"):
            runtime.traces.rename(info.thread_id, name)
            st.rerun()
        delete = cols[1].button("Delete", key=f"delete-{info.thread_id}", width="stretch")
        if delete and _forget(runtime, info.thread_id):
            st.rerun()


def sidebar_threads(runtime: AppRuntime) -> None:
    if st.button("New conversation", width="stretch", key="new-thread"):
        new_thread()
        st.rerun()
    threads = [t for t in runtime.past_threads() if not t.thread_id.startswith("eval-")]
    current = next((t for t in threads if t.thread_id == st.session_state.get("thread_id")), None)
    if current is not None:
        _rename_or_delete(runtime, current)
    if not threads:
        return
    with st.expander(f"Past threads ({len(threads[:LISTED])})", expanded=False):
        for info in threads[:LISTED]:
            with st.container(key=f"thread-{info.thread_id}"):  # CSS class st-key-thread-<id>
                _thread_entry(runtime, info)
