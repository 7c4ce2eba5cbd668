"""Planner node: ask the planner (LLM or offline) for this iteration's tool calls."""

from __future__ import annotations

import asyncio
import time

from agentic_rag.agent.deps import AgentDeps
from agentic_rag.agent.interfaces import PlanContext, TurnSummary, Usage
from agentic_rag.agent.models import ExecutionPlan
from agentic_rag.agent.nodes.common import results_in_order
from agentic_rag.agent.state import State
from agentic_rag.agent.trace import emit, node_trace

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
    kept = [c for c in plan.calls if c.tool in tools]
    return plan if len(kept) == len(plan.calls) else plan.model_copy(update={"calls": kept})


async def planner(state: State, deps: AgentDeps) -> dict:
    iteration = state.get("iteration", 0) + 1
    ctx = plan_context(state, deps, iteration)
    emit({"type": "planning", "iteration": iteration})
    start = time.time()
    budget = max(deps.budget_before_synthesis(state["deadline"]), 0.5)
    try:
        plan, usage = await asyncio.wait_for(deps.planner.plan(ctx), timeout=budget)
    except Exception as exc:  # timeout or a planner bug: the offline planner still answers
        plan, usage = await deps.fallback_planner.plan(ctx)
        reason = f"planner failed ({type(exc).__name__}: {exc}); used the offline planner"
        plan = plan.model_copy(update={"fallback_reason": reason})
        usage = Usage(note=reason)
    plan = _only_available(plan, deps.tool_names)
    if not plan.calls:
        fallback, _ = await deps.fallback_planner.plan(ctx)
        plan = fallback.model_copy(
            update={"fallback_reason": "the plan had no usable calls; used the offline planner"}
        )
    dumped = plan.model_dump(mode="json")
    emit({"type": "plan", "iteration": iteration, "plan": dumped})
    return {
        "iteration": iteration,
        "resolved_question": plan.resolved_question or state.get("question", ""),
        "plans": [dumped],
        "trace": [node_trace("planner", iteration, start, time.time(), usage)],
    }
