"""The live model of one turn, fed by the graph's stream events, and its sidebar rendering.

`TurnModel` is plain data (so a finished turn can be re-rendered from its stored trace);
`render_turn_panel` draws it with Streamlit elements.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from agentic_rag.ui.safe import escape_markdown

STATUS_ICON = {
    "running": "⏳",
    "ok": "✅",
    "empty": "➖",
    "error": "❌",
    "timeout": "⌛",
    "refused": "⛔",
}


@dataclass
class TurnModel:
    plans: dict[int, dict[str, Any]] = field(default_factory=dict)
    calls: dict[str, dict[str, Any]] = field(default_factory=dict)  # call_id -> state
    decisions: dict[int, dict[str, Any]] = field(default_factory=dict)
    nodes: list[dict[str, Any]] = field(default_factory=list)
    planning: int | None = None
    answer: str = ""
    done: bool = False

    def apply(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "planning":
            self.planning = event["iteration"]
        elif kind == "plan":
            self.plans[event["iteration"]] = event["plan"]
            self.planning = None
        elif kind == "call_start":
            self.calls[event["call_id"]] = {
                "tool": event["tool"],
                "status": "running",
                "purpose": event.get("purpose", ""),
            }
        elif kind in ("call_end", "call_reused"):
            r = event["result"]
            self.calls[event["call_id"]] = {
                "tool": r["tool"],
                "status": r["status"],
                "rows": len(r.get("rows") or []),
                "ms": r.get("elapsed_ms", 0.0),
                "message": r.get("error") or r.get("message", ""),
                "attempts": r.get("attempts") or [],
                "query": r.get("query"),
                "reused_from": event.get("from"),
                "cached": r.get("cached", False),
            }
        elif kind == "decision":
            self.decisions[event["iteration"]] = event["decision"]
        elif kind == "token":
            self.answer += event["text"]

    @classmethod
    def from_trace(cls, trace: dict[str, Any]) -> TurnModel:
        """Rebuild a finished turn from its stored trace (see `runner.turn_trace`)."""
        model = cls(nodes=trace.get("nodes") or [], answer=trace.get("answer") or "", done=True)
        for i, plan in enumerate(trace.get("plans") or [], start=1):
            model.plans[i] = plan
        for r in trace.get("results") or []:
            model.calls[r["call_id"]] = {
                "tool": r["tool"],
                "status": r["status"],
                "rows": r["rows"],
                "ms": r.get("elapsed_ms", 0.0),
                "message": r.get("message", ""),
                "attempts": r.get("attempts") or [],
                "query": r.get("query"),
            }
        for d in trace.get("decisions") or []:
            model.decisions[d["iteration"]] = d
        return model


def _call_line(call_id: str, call: dict[str, Any]) -> str:
    icon = STATUS_ICON.get(call["status"], "•")
    if call["status"] == "running":
        return f"{icon} `{call_id}` **{call['tool']}** running…"
    extra = " · cached" if call.get("cached") else ""
    extra += f" · reused {call['reused_from']}" if call.get("reused_from") else ""
    line = (
        f"{icon} `{call_id}` **{call['tool']}** {call['status']} · {call.get('rows', 0)} rows · "
        f"{call.get('ms', 0):.0f} ms{extra}"
    )
    if call["status"] in ("error", "timeout", "refused", "empty") and call.get("message"):
        line += f"  \n  {escape_markdown(call['message'][:300])}"
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
        for k, attempt in enumerate(call.get("attempts") or [], start=1):
            label = escape_markdown(attempt["error"][:60], one_line=True)
            with st.expander(f"Cypher repair {k}: {label}"):
                st.code(attempt["query"], language="cypher", wrap_lines=True)
                st.caption(escape_markdown(attempt["error"]))
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
    if model.nodes:
        render_costs(model.nodes)


def render_costs(nodes: list[dict[str, Any]]) -> None:
    rows = [
        {
            "node": n["node"],
            "iter": n["iteration"],
            "ms": round((n["end"] - n["start"]) * 1000),
            "tokens in/out": f"{n.get('tokens_in', 0)}/{n.get('tokens_out', 0)}",
            "cost $": round(n.get("cost_usd", 0.0), 5),
        }
        for n in nodes
    ]
    total_ms = round((max(n["end"] for n in nodes) - min(n["start"] for n in nodes)) * 1000)
    tokens = sum(n.get("tokens_in", 0) + n.get("tokens_out", 0) for n in nodes)
    cost = sum(n.get("cost_usd", 0.0) for n in nodes)
    with st.expander(f"Time and cost: {total_ms} ms · {tokens} tokens · ${cost:.4f}"):
        st.dataframe(rows, hide_index=True, width="stretch")
