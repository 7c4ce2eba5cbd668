"""Synthesizer node: stream the answer, keep real citations, suggest follow-ups, end the turn."""

from __future__ import annotations

import asyncio
import time

from langchain_core.messages import AIMessage

from agentic_rag.agent.citations import build_citations, numbered, strip_unknown_citations
from agentic_rag.agent.deps import AgentDeps
from agentic_rag.agent.follow_ups import suggest_follow_ups
from agentic_rag.agent.interfaces import SynthContext, TurnSummary, Usage
from agentic_rag.agent.models import ExecutionPlan
from agentic_rag.agent.nodes.common import results_in_order
from agentic_rag.agent.nodes.planner import HISTORY_TURNS
from agentic_rag.agent.state import State
from agentic_rag.agent.trace import emit, node_trace
from agentic_rag.tools.base import ToolResult

MAX_SHOW_IDS = 60
SUMMARY_CHARS = 600


def _show_ids(results: list[ToolResult]) -> list[str]:
    ids: dict[str, None] = {}
    for _, r in numbered(results):
        for row in r.rows:
            for key in ("show_id", "related_show_id"):
                value = row.get(key)
                if isinstance(value, str) and value.startswith("s"):
                    ids.setdefault(value, None)
    return list(ids)[:MAX_SHOW_IDS]


async def synthesizer(state: State, deps: AgentDeps) -> dict:
    iteration = state.get("iteration", 0)
    start = time.time()
    results = results_in_order(state)
    question = state.get("resolved_question") or state.get("question", "")
    ctx = SynthContext(
        question=question,
        results=results,
        plans=[ExecutionPlan(**p) for p in state.get("plans") or []],
        incomplete_reason=state.get("incomplete_reason"),
        mode_label=deps.mode_label,
        history=[TurnSummary(**t) for t in (state.get("turns") or [])[-HISTORY_TURNS:]],
    )
    pieces: list[str] = []

    def sink(text: str) -> None:
        pieces.append(text)
        emit({"type": "token", "text": text})

    budget = max(deps.remaining(state["deadline"]), 2.0)
    try:
        text, usage = await asyncio.wait_for(deps.synthesizer.synthesize(ctx, sink), timeout=budget)
    except Exception as exc:
        note = f"synthesizer failed ({type(exc).__name__}: {exc}); used the offline synthesizer"
        if pieces:
            sink("\n\n")
        emit({"type": "synth_fallback", "reason": note})
        text, _ = await deps.fallback_synthesizer.synthesize(ctx, sink)
        text = "".join(pieces)
        usage = Usage(note=note)
    text = strip_unknown_citations(text, results)
    if ctx.incomplete_reason and "incomplete" not in text.casefold():
        extra = f"\n\n_Note: the data may be incomplete: {ctx.incomplete_reason}._"
        sink(extra)
        text += extra
    footer = f"\n\n_Answered in {deps.mode_label}._"
    sink(footer)
    text += footer
    citations = [c.model_dump() for c in build_citations(text, results)]
    follow_ups = suggest_follow_ups(question, results)
    emit({"type": "answer", "citations": citations, "follow_ups": follow_ups})
    summary = TurnSummary(
        question=state.get("question", ""),
        resolved_question=question,
        answer=text[:SUMMARY_CHARS],
        show_ids=_show_ids(results),
    )
    return {
        "answer": text,
        "citations": citations,
        "follow_ups": follow_ups,
        "messages": [AIMessage(content=text)],
        "turns": [summary.__dict__],
        "trace": [node_trace("synthesizer", iteration, start, time.time(), usage)],
    }
