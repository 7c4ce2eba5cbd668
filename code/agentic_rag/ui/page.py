"""The chat page after its first paint: the sidebar (settings, threads, the live turn), the
question's turn, the history, follow-ups and the trace download. `app.main` imports this only
once the stores are open (the thread that opens them imports it first, off the first paint).

A turn on the page is its trace (`runner.turn_trace`): a finished turn, a rerun and a reopened
thread all draw the same stored record, so a reload shows exactly what the live page showed.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import streamlit as st

from agentic_rag.agent.memory.turn_model import TurnModel
from agentic_rag.config import mode_label
from agentic_rag.markup import escape_markdown, link_citations, safe_markdown
from agentic_rag.ui.live_turn import run_live
from agentic_rag.ui.results_view import render_results, render_sources
from agentic_rag.ui.threads import sidebar_threads, sync_with_url
from agentic_rag.ui.timeline import render_timeline
from agentic_rag.ui.turn_view import clarify_buttons, render_reading, render_turn_panel

if TYPE_CHECKING:
    from agentic_rag.runtime import AppRuntime

EXAMPLES = (
    "How many movies from India were released in 2019?",
    "Which movies did Christopher Nolan direct?",
    "Thrillers about a heist inside people's dreams",
    "Who has Leonardo DiCaprio worked with most often?",
)


def _state(runtime: AppRuntime) -> Any:
    ss = st.session_state
    sync_with_url(runtime)  # the thread the URL names, with its stored turns
    ss.setdefault("turns", [])  # the open thread's turns: their traces
    ss.setdefault("pending", None)
    return ss


def turn_anchor(index: int) -> str:
    """The anchor of the `index`-th turn's answer (0-based): its sources' ids start with it."""
    return f"turn-{index + 1}"


def stored_results(trace: dict[str, Any]) -> list[dict[str, Any]]:
    """The turn's results as the page draws them, with the rows the trace stored."""
    return [r | {"rows": r.get("row_data") or []} for r in trace.get("results") or []]


def render_answer(trace: dict[str, Any], index: int) -> None:
    """A finished turn's answer with its citations linked to its own sources, its graphs,
    charts and tables, and its sources."""
    anchor = turn_anchor(index)
    citations = trace.get("citations") or []
    render_reading(trace.get("reading"))
    st.markdown(link_citations(safe_markdown(trace.get("answer") or ""), citations, anchor))
    render_results(stored_results(trace), key=f"t{index}")
    render_sources(citations, anchor)


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
        st.sidebar.caption(f"{name} unavailable: {why}")
    st.sidebar.caption(f"At most {settings.max_iterations} planning rounds per question.")
    return offline or not has_key, enabled


def render_history(turns: list[dict[str, Any]]) -> None:
    for i, trace in enumerate(turns):
        with st.chat_message("user"):
            st.markdown(escape_markdown(trace.get("question")))
        with st.chat_message("assistant"):
            with st.expander("Timeline", expanded=i == len(turns) - 1):
                render_timeline(TurnModel.from_trace(trace))
            render_answer(trace, i)


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
        # what a reload of this thread will draw; the answer carries any notice the turn added
        trace = values["trace_export"] | {"answer": values.get("answer") or ""}
        with answer_box.container():
            render_answer(trace, len(st.session_state.turns))
        model = TurnModel.from_trace(trace)
        with panel.container():
            render_turn_panel(model, settings.max_iterations)
        with timeline_box.container():
            render_timeline(model)
    st.session_state.turns.append(trace)


@st.cache_data(show_spinner=False)
def _agent_dot() -> str:
    from agentic_rag.agent.graph.diagram import dot

    return dot()


def how_it_works() -> None:
    from agentic_rag.agent.graph.diagram import NODE_ROLES

    with st.sidebar.expander("How it works"):
        st.graphviz_chart(_agent_dot(), width="stretch")
        st.markdown("\n".join(f"- **{node}**: {role}" for node, role in NODE_ROLES.items()))
        st.caption(
            "Drawn from the compiled LangGraph. The timeline under each answer shows every "
            "span of the turn."
        )


def question_buttons(questions: list[str], key: str) -> None:
    """One button per question, its whole text wrapped; a click asks exactly that text. The
    buttons sit in a container keyed `key` (CSS class `st-key-<key>`)."""
    with st.container(key=key):
        for i, question in enumerate(questions):
            label = escape_markdown(question, one_line=True)  # titles come from the catalog
            if st.button(label, key=f"{key}-{i}", width="stretch"):
                st.session_state.pending = question
                st.rerun()


def render_page(runtime: AppRuntime, typed: str | None) -> None:
    """Everything below the chat box, for the question just typed (or a pending one)."""
    ss = _state(runtime)
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
        question_buttons(list(EXAMPLES), key="examples")
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
        if last.get("follow_ups"):
            st.markdown("Ask next:")
            question_buttons(last["follow_ups"], key=f"follow-ups-{len(ss.turns)}")
        clarify_buttons(last, key=str(len(ss.turns)))
        model = TurnModel.from_trace(last)
        if not question:  # a finished turn's panel, re-rendered after a rerun
            st.sidebar.divider()
            st.sidebar.markdown("### Last turn")
            with st.sidebar:
                render_turn_panel(model, runtime.settings.max_iterations)
        st.sidebar.download_button(
            "Download this turn's trace (JSON)",
            json.dumps(last, indent=2, default=str),
            file_name=f"trace-{ss.thread_id}-{len(ss.turns)}.json",
            mime="application/json",
        )
