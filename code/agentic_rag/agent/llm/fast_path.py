"""Routers of LLM mode: the offline reader reads every question first.

- `FastPathPlanner`: where the reader is confident (`FAST_PATH_MIN_CONFIDENCE`) and the question
  needs nothing only a model does (open-ended wording, outside facts), the reader's plan runs
  with no planner call: the fast path. Elsewhere the model plans, its plan checked against the
  reading. A replan follows the first plan's author.
- `PlanFollowingEvaluator` / `PlanFollowingSynthesizer`: a rules plan is judged and written by
  the rules; the model's plan by the model (with the rules behind it). With no rows to write
  from, the rules write (a model has nothing to add but invention).
"""

from __future__ import annotations

from agentic_rag.agent.interfaces import (
    DiscardSink,
    EvalContext,
    Outcome,
    PlanContext,
    Planner,
    StepLimits,
    SynthContext,
    TokenSink,
)
from agentic_rag.agent.llm.fallback import emit_mode
from agentic_rag.agent.llm.plan_checks import needs_model, reading_confidence
from agentic_rag.agent.llm.ways import (
    ModelEvaluator,
    ModelPlanner,
    ModelSynthesizer,
    RulesEvaluator,
    RulesPlanner,
    RulesSynthesizer,
)
from agentic_rag.agent.models import EvaluatorDecision, ExecutionPlan
from agentic_rag.agent.node_mode import FAST_PATH, RULES_PLAN, rules_mode


def by_model(plans: list[ExecutionPlan]) -> bool:
    return bool(plans) and plans[-1].source == "llm"


class FastPathPlanner:
    def __init__(self, rules: Planner, model: ModelPlanner, min_confidence: float) -> None:
        self.rules, self.model = rules, model
        self.min_confidence = min_confidence
        self.replan_by_rules = RulesPlanner(rules, RULES_PLAN)

    async def plan(self, ctx: PlanContext, limits: StepLimits) -> Outcome[ExecutionPlan]:
        if ctx.previous_plans and not by_model(ctx.previous_plans):
            return await self.replan_by_rules.plan(ctx, limits)
        reading, usage = await self.rules.plan(ctx)
        confidence = reading_confidence(reading)
        first = not ctx.previous_plans
        confident = confidence is not None and confidence >= self.min_confidence
        if first and confident and not needs_model(reading):
            mode = rules_mode("planner", ctx.iteration, FAST_PATH)
            mode = mode.model_copy(update={"confidence": confidence})
            emit_mode(mode)
            return Outcome(reading, usage, mode)
        return await self.model.plan(ctx, limits, reading=reading, confidence=confidence)


class PlanFollowingEvaluator:
    def __init__(self, model: ModelEvaluator, rules: RulesEvaluator) -> None:
        self.model, self.rules = model, rules

    async def evaluate(self, ctx: EvalContext, limits: StepLimits) -> Outcome[EvaluatorDecision]:
        way = self.model if by_model(ctx.plans) else self.rules
        return await way.evaluate(ctx, limits)


class PlanFollowingSynthesizer:
    def __init__(
        self, model: ModelSynthesizer, rules: RulesSynthesizer, nothing: RulesSynthesizer
    ) -> None:
        self.model, self.rules, self.nothing = model, rules, nothing

    async def synthesize(
        self, ctx: SynthContext, emit: TokenSink, limits: StepLimits, discard: DiscardSink
    ) -> Outcome[str]:
        if not by_model(ctx.plans):
            way = self.rules
        elif not any(r.rows for r in ctx.results if not r.status.failed):
            way = self.nothing
        else:
            way = self.model
        return await way.synthesize(ctx, emit, limits, discard)
