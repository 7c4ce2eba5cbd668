"""The page after its first paint: the sidebar (settings, past threads, the live turn), the
question's turn, the history, follow-ups and the trace download. `app.main` imports this only
once the stores are open (the thread that opens them imports it first, off the first paint).
"""

from __future__ import annotations

import json
import uuid
from typing import TYPE_CHECKING, Any

import streamlit as st

from agentic_rag.agent.memory.turn_model import TurnModel
from agentic_rag.config import mode_label
from agentic_rag.markup import escape_markdown, link_citations, safe_markdown
from agentic_rag.ui.live_turn import run_live
from agentic_rag.ui.results_view import render_results, render_sources
from agentic_rag.ui.timeline import render_timeline
from agentic_rag.ui.turn_view import render_turn_panel

if TYPE_CHECKING:
    from agentic_rag.runtime import AppRuntime

EXAMPLES = (
    "How many movies from India were released in 2019?",
    "Which movies did Christopher Nolan direct?",
    "Thrillers about a heist inside people's dreams",
    "Who has Leonardo DiCaprio worked with most often?",
)


def _state() -> Any:
    ss = st.session_state
    ss.setdefault("thread_id", uuid.uuid4().hex[:10])
    ss.setdefault("turns", [])  # [{"question", "answer", "citations", "results", "trace", ...}]
    ss.setdefault("pending", None)
    return ss


def _new_thread() -> None:
    st.session_state.thread_id = uuid.uuid4().hex[:10]
    st.session_state.turns = []


def _open_thread(runtime: AppRuntime, thread_id: str) -> None:
    st.session_state.thread_id = thread_id
    st.session_state.turns = [
        {
            "question": t.get("question"),
            "answer": t.get("answer") or "",
            "citations": t.get("citations") or [],
            "follow_ups": [],
            "results": [],
            "trace": t,
        }
        for t in runtime.traces.load(thread_id)
    ]


def sidebar_settings(runtime: AppRuntime) -> tuple[bool, list[str]]:
    settings = runtime.settings
    st.sidebar.title("🎬 Catalog agent")
    has_key = settings.openai_api_key is not None
    offline = st.sidebar.toggle(
        "Offline mode",
        value=not settings.llm_enabled,
        disabled=not has_key,
        help="Deterministic planner, evaluator and synthesizer. "
        "Set OPENAI_API_KEY in .env to use a model.",
    )
    effective = settings.model_copy(update={"offline_mode": offline or not has_key})
    st.sidebar.caption(f"**{mode_label(effective)}**")
    if not has_key:
        st.sidebar.caption(
            "To use a model: set OPENAI_API_KEY (and OPENAI_BASE_URL for Ollama/vLLM) "
            "in .env and restart."
        )
    registry = runtime.registry(effective, enabled=None)
    available = registry.names  # usable with these settings (e.g. OMDb needs a key)
    enabled = st.sidebar.multiselect(
        "Tools", options=available, default=available, help="Tools the planner may use this turn."
    )
    for name, why in registry.disabled.items():
        st.sidebar.caption(f"· {name} unavailable: {why}")
    st.sidebar.caption(f"At most {settings.max_iterations} planning rounds per question.")
    return offline or not has_key, enabled


def sidebar_threads(runtime: AppRuntime) -> None:
    cols = st.columns(2)
    if cols[0].button("New conversation", width="stretch"):
        _new_thread()
        st.rerun()
    threads = runtime.past_threads()
    if threads:
        labels = {
            t.thread_id: f"{escape_markdown(t.title, one_line=True)} ({t.turns})" for t in threads
        }
        with cols[1].popover("Past threads", width="stretch"):
            for t in threads:
                if st.button(labels[t.thread_id], key=f"thread-{t.thread_id}"):
                    _open_thread(runtime, t.thread_id)
                    st.rerun()


def render_history(turns: list[dict[str, Any]]) -> None:
    for i, turn in enumerate(turns):
        with st.chat_message("user"):
            st.markdown(escape_markdown(turn["question"]))
        with st.chat_message("assistant"):
            with st.expander("Timeline", expanded=i == len(turns) - 1):
                render_timeline(TurnModel.from_trace(turn["trace"]))
            st.markdown(link_citations(safe_markdown(turn["answer"]), turn["citations"]))
            render_results(turn.get("results") or [], key=f"t{i}")
            render_sources(turn["citations"])


def run_question(runtime: AppRuntime, question: str, offline: bool, enabled: list[str]) -> None:
    settings = runtime.settings.model_copy(update={"offline_mode": offline})
    with st.chat_message("user"):
        st.markdown(escape_markdown(question))
    st.sidebar.divider()
    st.sidebar.markdown("### This turn")
    panel = st.sidebar.empty()
    with st.chat_message("assistant"):
        with st.expander("Timeline", expanded=True):
            timeline_box = st.empty()
        answer_box = st.empty()
        answer_box.markdown("_Planning…_")

        def draw_panel(model: TurnModel) -> None:
            with panel.container():
                render_turn_panel(model, settings.max_iterations)

        def draw_timeline(model: TurnModel) -> None:
            with timeline_box.container():
                render_timeline(model)

        def show_answer(text: str) -> None:
            answer_box.markdown(safe_markdown(text) + " ▌")

        values = run_live(
            runtime,
            question,
            st.session_state.thread_id,
            draw_panel,
            draw_timeline,
            show_answer,
            settings=settings,
            enabled=enabled,
        )
        citations = values.get("citations") or []
        answer_box.markdown(link_citations(safe_markdown(values.get("answer") or ""), citations))
        trace = values["trace_export"]
        model = TurnModel.from_trace(trace)  # what a reload of this thread will draw
        with panel.container():
            render_turn_panel(model, settings.max_iterations)
        with timeline_box.container():
            render_timeline(model)
        results = sorted((values.get("results") or {}).values(), key=lambda r: r["call_id"])
        render_results(results, key=f"t{len(st.session_state.turns)}")
        render_sources(citations)
    st.session_state.turns.append(
        {
            "question": question,
            "answer": values.get("answer") or "",
            "citations": citations,
            "follow_ups": values.get("follow_ups") or [],
            "results": results,
            "trace": trace,
        }
    )


@st.cache_data(show_spinner=False)
def _agent_dot() -> str:
    from agentic_rag.agent.graph.diagram import dot

    return dot()


def how_it_works() -> None:
    with st.sidebar.expander("How it works"):
        st.graphviz_chart(_agent_dot(), width="stretch")
        st.caption(
            "Drawn from the compiled LangGraph. The planner writes typed tool calls; the "
            "executor runs them all at once; the evaluator continues or replans (at most two "
            "rounds); the synthesizer cites the results. The timeline under each answer shows "
            "every span of the turn."
        )


def follow_up_buttons(turn: dict[str, Any]) -> None:
    if not turn.get("follow_ups"):
        return
    cols = st.columns(len(turn["follow_ups"]))
    for col, question in zip(cols, turn["follow_ups"], strict=True):
        label = escape_markdown(question, one_line=True)  # button labels render markdown
        if col.button(label, key=f"fu-{hash(question)}-{len(st.session_state.turns)}"):
            st.session_state.pending = question
            st.rerun()


def render_page(runtime: AppRuntime, typed: str | None) -> None:
    """Everything below the chat box, for the question just typed (or a pending one)."""
    ss = _state()
    question = typed or ss.pending
    ss.pending = None
    offline, enabled = sidebar_settings(runtime)
    threads_box = st.sidebar.container()  # filled last: the question's plan must not wait on it
    st.caption(
        f"{mode_label(runtime.settings.model_copy(update={'offline_mode': offline}))} · "
        "8,807 titles in SQLite, ChromaDB and a FalkorDB graph · thread "
        f"`{ss.thread_id}`"
    )
    history_box = st.container()  # earlier turns sit above the new one, but render after it
    earlier = list(ss.turns)
    if not earlier and not question:
        st.markdown("Try one of these:")
        cols = st.columns(len(EXAMPLES))
        for col, example in zip(cols, EXAMPLES, strict=True):
            if col.button(example, key=f"ex-{hash(example)}"):
                ss.pending = example
                st.rerun()
    if question:
        if not enabled:
            st.warning("Turn on at least one tool in the sidebar.")
        else:
            run_question(runtime, question.strip(), offline, enabled)
    with history_box:
        render_history(earlier)
    with threads_box:
        sidebar_threads(runtime)
    how_it_works()
    if ss.turns:
        last = ss.turns[-1]
        follow_up_buttons(last)
        model = TurnModel.from_trace(last["trace"])
        if not question:  # a finished turn's panel, re-rendered after a rerun
            st.sidebar.divider()
            st.sidebar.markdown("### Last turn")
            with st.sidebar:
                render_turn_panel(model, runtime.settings.max_iterations)
        st.sidebar.download_button(
            "Download this turn's trace (JSON)",
            json.dumps(last["trace"], indent=2, default=str),
            file_name=f"trace-{ss.thread_id}-{len(ss.turns)}.json",
            mime="application/json",
        )
