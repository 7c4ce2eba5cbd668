"""Synthesizer node: stream the answer, keep real citations, suggest follow-ups, end the turn."""

from __future__ import annotations

import time

from langchain_core.messages import AIMessage

from agentic_rag.agent.citations import build_citations, numbered, strip_unknown_citations
from agentic_rag.agent.deps import AgentDeps
from agentic_rag.agent.follow_ups import suggest_follow_ups
from agentic_rag.agent.graph.events import Answered, SynthFallback, Token
from agentic_rag.agent.graph.nodes.common import node_modes, results_in_order, tokens_spent
from agentic_rag.agent.graph.nodes.planner import HISTORY_TURNS
from agentic_rag.agent.graph.state import State
from agentic_rag.agent.graph.trace import emit, node_trace
from agentic_rag.agent.interfaces import SynthContext, TurnSummary
from agentic_rag.agent.llm.fallback import run_step
from agentic_rag.agent.llm.node_mode import BY_DESIGN, NodeMode, rules_note, turn_label
from agentic_rag.agent.models import ExecutionPlan
from agentic_rag.agent.rules.evaluator import reading_of
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


def answer_footer(deps: AgentDeps, modes: list[NodeMode]) -> str:
    """The answer's last line: who wrote it, and one short line when rules wrote part of it."""
    label = turn_label(modes)
    if label == "LLM":
        return f"Answered in {deps.mode_label}."
    if label == "mixed":
        models = deps.mode_label.removeprefix("LLM mode: ")
        return f"Answered in mixed mode ({models} and rules). {rules_note(modes)}"
    if deps.mode == "llm":  # the model was configured but every node fell back
        fell = [f"{m.node}: {m.reason}" for m in modes if m.reason and m.reason not in BY_DESIGN]
        reasons = "; ".join(dict.fromkeys(fell))
        return f"Answered by the offline rules: the model was not used ({reasons})."
    return f"Answered in {deps.mode_label}."


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
        emit(Token(text=text))

    def discard(reason: str) -> None:
        """The model's text is dropped: the page and CLI clear what they showed of it."""
        emit(SynthFallback(reason=reason, discarded_chars=len("".join(pieces))))
        pieces.clear()

    llm = deps.mode == "llm"
    rules = deps.fallback_synthesizer if llm else deps.synthesizer
    out = await run_step(
        "synthesizer",
        iteration,
        (lambda: deps.synthesizer.synthesize(ctx, sink)) if llm else None,
        lambda: rules.synthesize(ctx, sink),
        timeout=max(deps.remaining(state["deadline"]) - 1.0, 2.0),  # 1 s left for the rules
        tokens_spent=tokens_spent(state),
        token_budget=deps.settings.turn_token_budget,
        on_fallback=discard,
    )
    usage = out.usage
    text = strip_unknown_citations("".join(pieces) or out.value, results)
    if ctx.incomplete_reason and "incomplete" not in text.casefold():
        extra = f"\n\n_Note: the data may be incomplete: {ctx.incomplete_reason}._"
        sink(extra)
        text += extra
    modes = [*node_modes(state), out.mode]
    label = turn_label(modes)
    footer = f"\n\n_{answer_footer(deps, modes)}_"
    sink(footer)
    text += footer
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
        confidence=sure.probability if sure else None,
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
    )
    return {
        "answer": text,
        "citations": citations,
        "follow_ups": answered.follow_ups,
        **typed,
        "messages": [AIMessage(content=text)],
        "node_modes": [out.mode.model_dump()],
        "turn_label": label,
        "turns": [summary.__dict__],
        "trace": [node_trace("synthesizer", iteration, start, time.time(), usage)],
    }
