"""The sidebar's rendering of one turn: plans, calls, repairs, decisions, node modes, costs.

It draws a `TurnModel` (`agent/memory/turn_model.py`), which is folded from the turn's typed events
live and from the stored events on reload, so both draw the same panel.
"""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

from agentic_rag.agent.graph.events import NodeFinished
from agentic_rag.agent.memory.turn_model import CallView, TurnModel
from agentic_rag.markup import escape_markdown

STATUS_ICON = {
    "running": "⏳",
    "ok": "✅",
    "empty": "➖",
    "error": "❌",
    "timeout": "⌛",
    "refused": "⛔",
}


def _call_line(call_id: str, call: CallView) -> str:
    icon = STATUS_ICON.get(call.status, "•")
    if call.status == "running":
        return f"{icon} `{call_id}` **{call.tool}** running…"
    extra = " · cached" if call.cached else ""
    extra += f" · reused {call.reused_from}" if call.reused_from else ""
    line = (
        f"{icon} `{call_id}` **{call.tool}** {call.status} · {call.rows} rows · "
        f"{call.ms:.0f} ms{extra}"
    )
    if call.status == "empty":  # the tool's message is advice for the planner, not the reader
        line += "  \n  Nothing matched."
    elif call.status in ("error", "timeout", "refused") and call.message:
        line += f"  \n  {escape_markdown(call.message[:300])}"
    return line


def _render_plan(iteration: int, plan: dict[str, Any], model: TurnModel, max_iter: int) -> None:
    st.markdown(f"#### Iteration {iteration}/{max_iter}")
    source = "model" if plan.get("source") == "llm" else "offline rules"
    with st.expander(f"Plan ({source}): {len(plan['calls'])} call(s)", expanded=not model.done):
        st.markdown(f"**Reasoning:** {escape_markdown(plan.get('reasoning', ''))}")
        st.markdown(f"**Resolved question:** {escape_markdown(plan.get('resolved_question', ''))}")
        if plan.get("fallback_reason"):
            st.warning(escape_markdown(plan["fallback_reason"]))
        for j, call in enumerate(plan["calls"], start=1):
            st.markdown(
                f"`{iteration}.{j}` **{call['tool']}** — {escape_markdown(call['purpose'])}"
            )
            query = call["args"].get("query")
            if call["tool"] in ("sql", "cypher") and query:
                st.code(
                    query, language="sql" if call["tool"] == "sql" else "cypher", wrap_lines=True
                )
            else:
                st.code(
                    json.dumps(call["args"], ensure_ascii=False, indent=1),
                    language="json",
                    wrap_lines=True,
                )
    for j in range(1, len(plan["calls"]) + 1):
        call_id = f"{iteration}.{j}"
        call = model.calls.get(call_id)
        if call is None:
            st.markdown(f"🕓 `{call_id}` {plan['calls'][j - 1]['tool']} queued")
            continue
        st.markdown(_call_line(call_id, call))
        for k, attempt in enumerate(call.attempts, start=1):
            label = escape_markdown(attempt.error[:60], one_line=True)
            with st.expander(f"Cypher repair {k}: {label}"):
                st.code(attempt.query, language="cypher", wrap_lines=True)
                st.caption(escape_markdown(attempt.error))
    decision = model.decisions.get(iteration)
    if decision:
        verdict = "➡️ continue" if decision["decision"] == "continue" else "🔁 replan"
        st.markdown(
            f"**Evaluator** ({decision.get('source')}): {verdict} · confidence "
            f"{decision.get('confidence', 0):.2f}  \n{escape_markdown(decision['reasoning'])}"
        )
        if decision["decision"] == "replan" and decision.get("replan_instructions"):
            st.info(f"Instructions: {escape_markdown(decision['replan_instructions'])}")


def render_turn_panel(model: TurnModel, max_iter: int) -> None:
    for iteration in sorted(model.plans):
        _render_plan(iteration, model.plans[iteration], model, max_iter)
    if model.planning:
        st.markdown(f"#### Iteration {model.planning}/{max_iter}\n⏳ planning…")
    for mode in model.modes:
        if mode.mode != "model":
            why = f": {escape_markdown(mode.reason)}" if mode.reason else ""
            st.caption(f"{mode.node}: {mode.mode.replace('_', ' ')}{why}")
    if model.nodes:
        render_costs(model.nodes)


def render_costs(nodes: list[NodeFinished]) -> None:
    rows = [
        {
            "node": n.node,
            "iter": n.iteration,
            "ms": round((n.end - n.start) * 1000),
            "tokens in/out": f"{n.tokens_in}/{n.tokens_out}",
            "cost $": round(n.cost_usd, 5),
        }
        for n in nodes
    ]
    total_ms = round((max(n.end for n in nodes) - min(n.start for n in nodes)) * 1000)
    tokens = sum(n.tokens_in + n.tokens_out for n in nodes)
    cost = sum(n.cost_usd for n in nodes)
    with st.expander(f"Time and cost: {total_ms} ms · {tokens} tokens · ${cost:.4f}"):
        st.dataframe(rows, hide_index=True, width="stretch")


def render_reading(reading: str | None) -> None:
    """The answer's reading line, as a small caption above it."""
    if reading:
        st.caption(escape_markdown(reading, one_line=True))


def clarify_buttons(turn: dict[str, Any], key: str) -> None:
    """The readings a turn offered instead of a guess: one button each asks that question."""
    choices = turn.get("clarify") or []
    if not choices:
        return
    cols = st.columns(len(choices))
    for i, (col, choice) in enumerate(zip(cols, choices, strict=True)):
        if col.button(choice["question"], key=f"cl-{key}-{i}", help=choice.get("reading")):
            st.session_state.pending = choice["question"]
            st.rerun()
