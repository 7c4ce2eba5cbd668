"""Evaluator node: continue or replan. Rules first (cap, deadline, all failed), then the model."""

from __future__ import annotations

import time

from agentic_rag.agent.deps import AgentDeps
from agentic_rag.agent.graph.events import Decision
from agentic_rag.agent.graph.nodes.common import results_in_order, tokens_spent
from agentic_rag.agent.graph.state import State
from agentic_rag.agent.graph.trace import emit, node_trace
from agentic_rag.agent.interfaces import EvalContext, StepLimits, Usage
from agentic_rag.agent.llm.fallback import emit_mode
from agentic_rag.agent.models import EvaluatorDecision, ExecutionPlan, RecordedDecision
from agentic_rag.agent.node_mode import (
    ALL_FAILED,
    BY_DESIGN,
    CAP,
    DEADLINE_NEAR,
    NOTHING_RETURNED,
    OFFLINE_MODE,
    rules_mode,
)
from agentic_rag.tools.base import ToolResult


def _failures(results: list[ToolResult]) -> str:
    bad = [f"{r.tool} ({r.call_id}): {r.status}" for r in results if r.status.failed]
    return ", ".join(bad)


def _rule_decision(
    state: State, deps: AgentDeps, latest: list[ToolResult], everything: list[ToolResult]
) -> tuple[RecordedDecision | None, str | None, str]:
    """A decision that needs no model, the answer's 'may be incomplete' reason, and the rule."""
    iteration, cap = state["iteration"], deps.settings.max_iterations
    if iteration >= cap:
        failed = _failures(everything)
        reason = (
            f"the limit of {cap} planning round{'s' if cap > 1 else ''} was reached, so the last "
            "round's results were not checked"
            + (f"; these calls failed: {failed}" if failed else "")
        )
        return (
            RecordedDecision(
                iteration=iteration,
                decision="continue",
                source="rule",
                confidence=0.5,
                reasoning=f"Iteration cap ({cap}) reached: handing over to the synthesizer.",
            ),
            reason,
            CAP,
        )
    if deps.budget_before_synthesis(state["deadline"]) < 1.0:
        return (
            RecordedDecision(
                iteration=iteration,
                decision="continue",
                source="rule",
                confidence=0.3,
                reasoning="The turn's time limit is close: answering with what was found.",
            ),
            "the turn's time limit was reached before another round could run",
            DEADLINE_NEAR,
        )
    if latest and all(r.status.failed for r in latest):
        instructions = (
            f"All calls failed ({_failures(latest)}). Use other tools or simpler queries for "
            "the same question."
        )
        return (
            _replan(iteration, "Every call of this round failed.", instructions),
            None,
            ALL_FAILED,
        )
    plans = state.get("plans") or []
    if latest and plans and plans[-1].get("source") == "llm" and not any(r.rows for r in latest):
        instructions = (
            f"Every call of your plan came back with no rows ({_failures(latest) or 'all empty'}). "
            "Check names and filters against the question and the schema, and use other tools "
            "or simpler queries."
        )
        reason = "The model's plan ran and returned nothing."
        return _replan(iteration, reason, instructions), None, NOTHING_RETURNED
    return None, None, ""


def _replan(iteration: int, reasoning: str, instructions: str) -> RecordedDecision:
    """A replan decided by rule, before any evaluator runs."""
    return RecordedDecision(
        iteration=iteration,
        decision="replan",
        source="rule",
        confidence=0.0,
        reasoning=reasoning,
        replan_instructions=instructions,
    )


async def evaluator(state: State, deps: AgentDeps) -> dict:
    iteration = state["iteration"]
    start = time.time()
    everything = results_in_order(state)
    latest = results_in_order(state, iteration)
    decision, incomplete, why = _rule_decision(state, deps, latest, everything)
    usage = Usage()
    if decision is not None:
        mode = rules_mode("evaluator", iteration, why)
        emit_mode(mode)
    else:
        ctx = EvalContext(
            question=state.get("resolved_question") or state.get("question", ""),
            iteration=iteration,
            max_iterations=deps.settings.max_iterations,
            plans=[ExecutionPlan(**p) for p in state.get("plans") or []],
            results=everything,
            latest=latest,
            tool_names=deps.tool_names,
        )
        limits = StepLimits(
            timeout=deps.budget_before_synthesis(state["deadline"]),
            tokens_spent=tokens_spent(state),
            token_budget=deps.settings.turn_token_budget,
        )
        out = await deps.evaluator.evaluate(ctx, limits)
        usage, mode = out.usage, out.mode
        by_model = mode.mode != "rules"
        fell_back = not by_model and mode.reason not in BY_DESIGN | {OFFLINE_MODE}
        decision = RecordedDecision(
            iteration=iteration,
            source="llm" if by_model else "offline",
            fallback_reason=f"rules: {mode.reason}" if fell_back else None,
            **EvaluatorDecision.model_validate(out.value).model_dump(),
        )
    dumped = decision.model_dump(mode="json")
    emit(Decision(iteration=iteration, decision=dumped))
    update: dict = {
        "decisions": [dumped],
        "node_modes": [mode.model_dump()],
        "trace": [node_trace("evaluator", iteration, start, time.time(), usage)],
    }
    if incomplete:
        update["incomplete_reason"] = incomplete
    return update
