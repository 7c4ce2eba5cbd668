"""Synthesizer node: stream the answer, keep real citations, suggest follow-ups, end the turn."""

from __future__ import annotations

import time

from langchain_core.messages import AIMessage

from agentic_rag.agent.answer import assemble, footer, uncertainty
from agentic_rag.agent.citations import build_citations, numbered
from agentic_rag.agent.deps import AgentDeps
from agentic_rag.agent.follow_ups import suggest_follow_ups
from agentic_rag.agent.graph.events import Answered, SynthFallback, Token
from agentic_rag.agent.graph.nodes.common import node_modes, results_in_order, tokens_spent
from agentic_rag.agent.graph.nodes.planner import HISTORY_TURNS
from agentic_rag.agent.graph.state import State
from agentic_rag.agent.graph.trace import emit, node_trace
from agentic_rag.agent.interfaces import StepLimits, SynthContext, TurnSummary
from agentic_rag.agent.models import ExecutionPlan
from agentic_rag.agent.node_mode import turn_label
from agentic_rag.agent.rules import match
from agentic_rag.agent.rules.evaluator import (
    UNCOVERED,
    UNPROVEN,
    evidence,
    reading_of,
    uncovered,
    unproven,
)
from agentic_rag.agent.rules.group_refs import led_by
from agentic_rag.agent.rules.phrasing import reading_line
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


def _led(plans: list[ExecutionPlan], results: list[ToolResult]) -> str | None:
    """The one group the turn's ranking of groups led with (its last part's rows), kept on
    the turn as data for a follow-up's "from there" (`group_refs`)."""
    read = reading_of(plans)
    parts = read.reading if read else []
    if not parts or parts[-1].op != "most" or parts[-1].breakdown:
        return None
    found = evidence(plans, results).get(len(parts), [])
    rows = next((r.rows for r in found if r.rows and "titles" in r.rows[0]), [])
    return led_by(rows)


def _trusted(probability: float, plans: list[ExecutionPlan], results: list[ToolResult]) -> float:
    """The reading's probability, capped when its evidence is weaker than the reading: a bounded
    search that found nothing, a part that found nothing, a description matched weakly or only
    without its filters."""
    if unproven(plans, results):
        probability = min(probability, UNPROVEN)
    if uncovered(plans, results):
        probability = min(probability, UNCOVERED)
    read = reading_of(plans)
    if read is not None and match.unsure(read.reading, plans, results):
        probability = min(probability, match.UNSURE)
    return probability


async def synthesizer(state: State, deps: AgentDeps) -> dict:
    iteration = state.get("iteration", 0)
    start = time.time()
    results = results_in_order(state)
    question = state.get("resolved_question") or state.get("question", "")
    ctx = SynthContext(
        question=state.get("question", ""),
        resolved_question=question,
        results=results,
        plans=[ExecutionPlan(**p) for p in state.get("plans") or []],
        incomplete_reason=state.get("incomplete_reason"),
        mode_label=deps.mode_label,
        history=[TurnSummary(**t) for t in (state.get("turns") or [])[-HISTORY_TURNS:]],
    )
    pieces: list[str] = []

    def sink(text: str) -> None:
        pieces.append(text)
        emit(Token(text=text))

    def discard(reason: str) -> None:
        """The model's text is dropped: the page and CLI clear what they showed of it."""
        emit(SynthFallback(reason=reason, discarded_chars=len("".join(pieces))))
        pieces.clear()

    limits = StepLimits(
        timeout=max(deps.remaining(state["deadline"]) - 1.0, 2.0),  # 1 s left for the rules
        tokens_spent=tokens_spent(state),
        token_budget=deps.settings.turn_token_budget,
    )
    out = await deps.synthesizer.synthesize(ctx, sink, limits, discard)
    modes = [*node_modes(state), out.mode]
    notes = [n for n in [uncertainty(modes, deps.settings.fast_path_min_confidence)] if n]
    answer = assemble(
        "".join(pieces) or out.value,
        results,
        incomplete_reason=ctx.incomplete_reason,
        notes=notes,
        last_line=footer(deps.mode_label, deps.mode == "llm", modes),
    )
    sink(answer.tail)
    text = answer.text
    citations = [c.model_dump() for c in build_citations(text, results)]
    read = reading_of(ctx.plans)
    sure = read.confidence if read else None
    clarify = list(sure.choices) if sure and sure.ask_back else []
    answered = Answered(
        citations=citations,
        follow_ups=[]
        if clarify
        else suggest_follow_ups(question, results, read.reading if read else []),
        reading=reading_line(read.reading) if read else "",
        confidence=_trusted(sure.probability, ctx.plans, results) if sure else None,
        clarify=clarify,
        asked_back=bool(clarify),
    )
    emit(answered)
    typed = answered.model_dump(include={"reading", "confidence", "clarify", "asked_back"})
    summary = TurnSummary(
        question=state.get("question", ""),
        resolved_question=question,
        answer=text[:SUMMARY_CHARS],
        show_ids=_show_ids(results),
        asked_back=bool(clarify),
        led=_led(ctx.plans, results),
    )
    return {
        "answer": text,
        "citations": citations,
        "follow_ups": answered.follow_ups,
        **typed,
        "messages": [AIMessage(content=text)],
        "node_modes": [out.mode.model_dump()],
        "turn_label": turn_label(modes),
        "turns": [summary.__dict__],
        "trace": [node_trace("synthesizer", iteration, start, time.time(), out.usage)],
    }
