"""Evaluator node: continue or replan. Rules first (cap, deadline, all failed), then the model."""

from __future__ import annotations

import asyncio
import time

from agentic_rag.agent.deps import AgentDeps
from agentic_rag.agent.interfaces import EvalContext, Usage
from agentic_rag.agent.models import EvaluatorDecision, ExecutionPlan, RecordedDecision
from agentic_rag.agent.nodes.common import results_in_order
from agentic_rag.agent.state import State
from agentic_rag.agent.trace import emit, node_trace
from agentic_rag.tools.base import ToolResult


def _failures(results: list[ToolResult]) -> str:
    bad = [f"{r.tool} ({r.call_id}): {r.status}" for r in results if r.status.failed]
    return ", ".join(bad)


def _rule_decision(
    state: State, deps: AgentDeps, latest: list[ToolResult], everything: list[ToolResult]
) -> tuple[RecordedDecision | None, str | None]:
    """A decision that needs no model, and the answer's 'may be incomplete' reason if any."""
    iteration, cap = state["iteration"], deps.settings.max_iterations
    if iteration >= cap:
        failed = _failures(everything)
        reason = (
            f"the limit of {cap} planning round{'s' if cap > 1 else ''} was reached, so the last "
            "round's results were not checked"
            + (f"; these calls failed: {failed}" if failed else "")
        )
        return RecordedDecision(
            iteration=iteration,
            decision="continue",
            source="rule",
            confidence=0.5,
            reasoning=f"Iteration cap ({cap}) reached: handing over to the synthesizer.",
        ), reason
    if deps.budget_before_synthesis(state["deadline"]) < 1.0:
        return RecordedDecision(
            iteration=iteration,
            decision="continue",
            source="rule",
            confidence=0.3,
            reasoning="The turn's time limit is close: answering with what was found.",
        ), "the turn's time limit was reached before another round could run"
    if latest and all(r.status.failed for r in latest):
        return RecordedDecision(
            iteration=iteration,
            decision="replan",
            source="rule",
            confidence=0.0,
            reasoning="Every call of this round failed.",
            replan_instructions=f"All calls failed ({_failures(latest)}). Use other tools or "
            "simpler queries for the same question.",
        ), None
    return None, None


async def evaluator(state: State, deps: AgentDeps) -> dict:
    iteration = state["iteration"]
    start = time.time()
    everything = results_in_order(state)
    latest = results_in_order(state, iteration)
    decision, incomplete = _rule_decision(state, deps, latest, everything)
    usage = Usage()
    if decision is None:
        ctx = EvalContext(
            question=state.get("resolved_question") or state.get("question", ""),
            iteration=iteration,
            max_iterations=deps.settings.max_iterations,
            plans=[ExecutionPlan(**p) for p in state.get("plans") or []],
            results=everything,
            latest=latest,
            tool_names=deps.tool_names,
        )
        budget = max(deps.budget_before_synthesis(state["deadline"]), 0.5)
        source, note = deps.mode, None
        try:
            raw, usage = await asyncio.wait_for(deps.evaluator.evaluate(ctx), timeout=budget)
        except Exception as exc:
            note = f"evaluator failed ({type(exc).__name__}: {exc}); used the offline evaluator"
            raw, _ = await deps.fallback_evaluator.evaluate(ctx)
            usage, source = Usage(note=note), "offline"
        decision = RecordedDecision(
            iteration=iteration,
            source="llm" if source == "llm" else "offline",
            fallback_reason=note or usage.note,
            **EvaluatorDecision.model_validate(raw).model_dump(),
        )
    dumped = decision.model_dump(mode="json")
    emit({"type": "decision", "iteration": iteration, "decision": dumped})
    update: dict = {
        "decisions": [dumped],
        "trace": [node_trace("evaluator", iteration, start, time.time(), usage)],
    }
    if incomplete:
        update["incomplete_reason"] = incomplete
    return update
