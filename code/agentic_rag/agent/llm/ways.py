"""How a node works, chosen once per session: the rules, or the model with the rules behind it.

Each class is one node's way of working (`PlannerWay`, `EvaluatorWay`, `SynthesizerWay` in
`agent/interfaces.py`); `agent/deps.make_agent_deps` picks them and the graph's nodes call them
without knowing which they got. The routers that choose between these per turn (the fast path,
following the plan's author) are in `agent/llm/fast_path.py`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from agentic_rag.agent.interfaces import (
    DiscardSink,
    EvalContext,
    Evaluator,
    Outcome,
    PlanContext,
    Planner,
    StepLimits,
    SynthContext,
    Synthesizer,
    TokenSink,
    Usage,
)
from agentic_rag.agent.llm.fallback import rules_only, run_step
from agentic_rag.agent.llm.plan_checks import plan_problem
from agentic_rag.agent.models import EvaluatorDecision, ExecutionPlan
from agentic_rag.agent.node_mode import OFFLINE_MODE, PLAN_REJECTED
from agentic_rag.errors import ModelStepError


def rules_context(ctx: SynthContext) -> SynthContext:
    """What the rules writer answers: a rules plan's own resolution, else the typed question
    (never a model's restatement: a rules-written answer holds no model text)."""
    plans = ctx.plans
    if plans and plans[-1].source == "offline" and ctx.resolved_question:
        return replace(ctx, question=ctx.resolved_question)
    return ctx


def model_context(ctx: SynthContext) -> SynthContext:
    return replace(ctx, question=ctx.resolved_question or ctx.question)


class RulesPlanner:
    def __init__(self, rules: Planner, reason: str = OFFLINE_MODE) -> None:
        self.rules, self.reason = rules, reason

    async def plan(self, ctx: PlanContext, limits: StepLimits) -> Outcome[ExecutionPlan]:
        return await rules_only("planner", ctx.iteration, lambda: self.rules.plan(ctx), self.reason)


class RulesEvaluator:
    def __init__(self, rules: Evaluator, reason: str = OFFLINE_MODE) -> None:
        self.rules, self.reason = rules, reason

    async def evaluate(self, ctx: EvalContext, limits: StepLimits) -> Outcome[EvaluatorDecision]:
        return await rules_only(
            "evaluator", ctx.iteration, lambda: self.rules.evaluate(ctx), self.reason
        )


class RulesSynthesizer:
    def __init__(self, rules: Synthesizer, reason: str = OFFLINE_MODE) -> None:
        self.rules, self.reason = rules, reason

    async def synthesize(
        self, ctx: SynthContext, emit: TokenSink, limits: StepLimits, discard: DiscardSink
    ) -> Outcome[str]:
        step = lambda: self.rules.synthesize(rules_context(ctx), emit)  # noqa: E731
        return await rules_only("synthesizer", _iteration(ctx), step, self.reason)


def _iteration(ctx: SynthContext) -> int:
    return len(ctx.plans)


class ModelPlanner:
    """The model plans; a plan that fails its checks is replanned once by the model with the
    reason, and if that fails too (or the model fails) the rules plan, labelled."""

    def __init__(
        self,
        model: Planner,
        rules: Planner,
        *,
        min_confidence: float = 1.0,
        sql_schema: dict[str, list[str]] | None = None,
        model_dir: Path | None = None,
        model_name: str | None = None,
    ) -> None:
        self.model, self.rules = model, rules
        self.min_confidence = min_confidence
        self.sql_schema = sql_schema
        self.model_dir, self.model_name = model_dir, model_name

    def problem(
        self, plan: ExecutionPlan, ctx: PlanContext, reading: ExecutionPlan | None
    ) -> str | None:
        return plan_problem(
            plan,
            ctx,
            reading=reading,
            min_confidence=self.min_confidence,
            sql_schema=self.sql_schema,
        )

    async def plan(
        self,
        ctx: PlanContext,
        limits: StepLimits,
        *,
        reading: ExecutionPlan | None = None,
        confidence: float | None = None,
    ) -> Outcome[ExecutionPlan]:
        async def model_step() -> tuple[ExecutionPlan, Usage]:
            plan, usage = await self.model.plan(ctx)
            problem = self.problem(plan, ctx, reading)
            if problem is None:
                return _usable(plan, ctx), usage
            note = f"Your previous plan was rejected: {problem}. Write a plan that fixes this."
            again = replace(ctx, instructions=" ".join(x for x in (ctx.instructions, note) if x))
            plan, more = await self.model.plan(again)
            usage = usage.add(more)
            usage.repairs += 1
            second = self.problem(plan, again, reading)
            if second is not None:
                raise ModelStepError(PLAN_REJECTED, f"{problem}; then {second}", usage)
            return _usable(plan, ctx), usage

        async def rules_step() -> tuple[ExecutionPlan, Usage]:
            if reading is not None:
                return reading, Usage()
            return await self.rules.plan(ctx)

        return await run_step(
            "planner",
            ctx.iteration,
            model_step,
            rules_step,
            limits,
            model=self.model_name,
            model_dir=self.model_dir,
            confidence=confidence,
        )


def _usable(plan: ExecutionPlan, ctx: PlanContext) -> ExecutionPlan:
    kept = [c for c in plan.calls if c.tool in ctx.tool_names]
    return plan if len(kept) == len(plan.calls) else plan.model_copy(update={"calls": kept})


class ModelEvaluator:
    def __init__(
        self,
        model: Evaluator,
        rules: Evaluator,
        *,
        model_dir: Path | None = None,
        model_name: str | None = None,
    ) -> None:
        self.model, self.rules = model, rules
        self.model_dir, self.model_name = model_dir, model_name

    async def evaluate(self, ctx: EvalContext, limits: StepLimits) -> Outcome[EvaluatorDecision]:
        return await run_step(
            "evaluator",
            ctx.iteration,
            lambda: self.model.evaluate(ctx),
            lambda: self.rules.evaluate(ctx),
            limits,
            model=self.model_name,
            model_dir=self.model_dir,
        )


class ModelSynthesizer:
    """The model writes through the output gate; junk or a failure: the rules write, labelled."""

    def __init__(
        self,
        model: Synthesizer,
        rules: Synthesizer,
        *,
        model_dir: Path | None = None,
        model_name: str | None = None,
    ) -> None:
        self.model, self.rules = model, rules
        self.model_dir, self.model_name = model_dir, model_name

    async def synthesize(
        self, ctx: SynthContext, emit: TokenSink, limits: StepLimits, discard: DiscardSink
    ) -> Outcome[str]:
        return await run_step(
            "synthesizer",
            _iteration(ctx),
            lambda: self.model.synthesize(model_context(ctx), emit),
            lambda: self.rules.synthesize(rules_context(ctx), emit),
            limits,
            on_fallback=discard,
            model=self.model_name,
            model_dir=self.model_dir,
        )
