"""Planner node: this iteration's tool calls, from the session's planner (`deps.planner`)."""

from __future__ import annotations

import time

from agentic_rag.agent.deps import AgentDeps
from agentic_rag.agent.graph.events import PlanMade, Planning
from agentic_rag.agent.graph.nodes.common import results_in_order, tokens_spent
from agentic_rag.agent.graph.state import State
from agentic_rag.agent.graph.trace import emit, node_trace
from agentic_rag.agent.interfaces import PlanContext, StepLimits, TurnSummary
from agentic_rag.agent.models import ExecutionPlan
from agentic_rag.agent.node_mode import BY_DESIGN, OFFLINE_MODE

HISTORY_TURNS = 3


def plan_context(state: State, deps: AgentDeps, iteration: int) -> PlanContext:
    decisions = state.get("decisions") or []
    return PlanContext(
        question=state.get("question", ""),
        history=[TurnSummary(**t) for t in (state.get("turns") or [])[-HISTORY_TURNS:]],
        iteration=iteration,
        schema_text=deps.schema_text,
        tools_text=deps.registry.describe(),
        tool_names=deps.tool_names,
        tool_args={name: spec.args_model for name, spec in deps.registry.specs.items()},
        previous_plans=[ExecutionPlan(**p) for p in state.get("plans") or []],
        results=results_in_order(state),
        instructions=decisions[-1].get("replan_instructions", "") if decisions else "",
    )


def _only_available(plan: ExecutionPlan, tools: tuple[str, ...]) -> ExecutionPlan:
    """The one filter of unavailable tools: the schema offers only them, this enforces it."""
    kept = [c for c in plan.calls if c.tool in tools]
    return plan if len(kept) == len(plan.calls) else plan.model_copy(update={"calls": kept})


async def planner(state: State, deps: AgentDeps) -> dict:
    iteration = state.get("iteration", 0) + 1
    ctx = plan_context(state, deps, iteration)
    emit(Planning(iteration=iteration))
    start = time.time()
    limits = StepLimits(
        timeout=deps.planner_budget(state["deadline"]),
        tokens_spent=tokens_spent(state),
        token_budget=deps.settings.turn_token_budget,
    )
    out = await deps.planner.plan(ctx, limits)
    plan = _only_available(out.value, deps.tool_names)
    if out.mode.mode == "rules" and out.mode.reason not in BY_DESIGN | {OFFLINE_MODE}:
        plan = plan.model_copy(update={"fallback_reason": f"rules: {out.mode.reason}"})
    dumped = plan.model_dump(mode="json")
    emit(PlanMade(iteration=iteration, plan=dumped))
    return {
        "iteration": iteration,
        "resolved_question": plan.resolved_question or state.get("question", ""),
        "plans": [dumped],
        "node_modes": [out.mode.model_dump()],
        "trace": [node_trace("planner", iteration, start, time.time(), out.usage)],
    }
