"""LLM-backed planner, evaluator and synthesizer, each with an offline fallback.

Any failure of the model (invalid output twice, timeout, HTTP error) hands the node to its
fallback, and the reason is kept on the plan (`fallback_reason`) and in `Usage.note`.
"""

from __future__ import annotations

import inspect
import logging
from typing import Any, cast

from langchain_core.language_models import BaseChatModel

from agentic_rag.agent.interfaces import (
    EvalContext,
    Evaluator,
    PlanContext,
    Planner,
    SynthContext,
    Synthesizer,
    TokenSink,
    Usage,
)
from agentic_rag.agent.llm import StructuredOutputError, model_name_of, structured_call, usage_of
from agentic_rag.agent.models import (
    EvaluatorDecision,
    ExecutionPlan,
    plan_schema_for,
    plan_schema_from,
    to_plan,
)
from agentic_rag.agent.prompts import evaluator_messages, planner_messages, synthesizer_messages
from agentic_rag.config import Settings
from agentic_rag.errors import PlanningError

log = logging.getLogger(__name__)


def describe(exc: BaseException, limit: int = 240) -> str:
    """A one-line reason for a failure."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    if not isinstance(exc, PlanningError):
        text = f"{type(exc).__name__}: {text}"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _spent(exc: BaseException, model: str) -> Usage:
    """Tokens a failed structured call already cost (zero when unknown)."""
    return exc.usage if isinstance(exc, StructuredOutputError) else Usage(model=model)


def _with_note(usage: Usage, note: str) -> Usage:
    return usage.add(Usage(note=note))


class LlmPlanner:
    """Plans with a chat model's structured output; the fallback planner covers failures."""

    def __init__(self, model: BaseChatModel, settings: Settings, fallback: Planner) -> None:
        self.model = model
        self.settings = settings
        self.fallback = fallback

    async def plan(self, ctx: PlanContext) -> tuple[ExecutionPlan, Usage]:
        try:
            schema = (
                plan_schema_from(tuple(ctx.tool_args.items()))
                if ctx.tool_args
                else plan_schema_for(tuple(ctx.tool_names))
            )
            typed, usage = await structured_call(
                self.model, schema, planner_messages(ctx), prices=self.settings.model_prices
            )
            plan = to_plan(typed, "llm")
            kept = [c for c in plan.calls if c.tool in ctx.tool_names]
            dropped = sorted({c.tool for c in plan.calls if c.tool not in ctx.tool_names})
            if not kept:
                raise StructuredOutputError(
                    f"the plan used only unavailable tools: {', '.join(dropped)}", usage
                )
            if dropped:
                plan = plan.model_copy(update={"calls": kept})
                usage = _with_note(
                    usage, f"dropped calls to unavailable tools: {', '.join(dropped)}"
                )
            return plan, usage
        except Exception as exc:
            log.warning("LLM planner failed, using the fallback: %s", exc)
            reason = f"LLM planner failed: {describe(exc)}; used the offline planner"
            plan, fb_usage = await self.fallback.plan(ctx)
            plan = plan.model_copy(update={"fallback_reason": reason})
            spent = _spent(exc, model_name_of(self.model))
            return plan, _with_note(spent.add(fb_usage), reason)


class LlmEvaluator:
    """Decides continue/replan with a chat model; the fallback evaluator covers failures."""

    def __init__(self, model: BaseChatModel, settings: Settings, fallback: Evaluator) -> None:
        self.model = model
        self.settings = settings
        self.fallback = fallback

    async def evaluate(self, ctx: EvalContext) -> tuple[EvaluatorDecision, Usage]:
        try:
            typed, usage = await structured_call(
                self.model,
                EvaluatorDecision,
                evaluator_messages(ctx),
                prices=self.settings.model_prices,
            )
            return cast(EvaluatorDecision, typed), usage
        except Exception as exc:
            log.warning("LLM evaluator failed, using the fallback: %s", exc)
            reason = f"LLM evaluator failed: {describe(exc)}; used the offline evaluator"
            decision, fb_usage = await self.fallback.evaluate(ctx)
            if "fallback_reason" in type(decision).model_fields:
                decision = decision.model_copy(update={"fallback_reason": reason})
            spent = _spent(exc, model_name_of(self.model))
            return decision, _with_note(spent.add(fb_usage), reason)


async def _emit(emit: TokenSink, text: str) -> None:
    result: Any = emit(text)
    if inspect.isawaitable(result):
        await result


class LlmSynthesizer:
    """Streams the answer from a chat model; falls back when nothing was written yet."""

    def __init__(self, model: BaseChatModel, settings: Settings, fallback: Synthesizer) -> None:
        self.model = model
        self.settings = settings
        self.fallback = fallback

    async def synthesize(self, ctx: SynthContext, emit: TokenSink) -> tuple[str, Usage]:
        parts: list[str] = []
        chunks: list[Any] = []
        prices = self.settings.model_prices
        try:
            async for chunk in self.model.astream(synthesizer_messages(ctx)):
                chunks.append(chunk)
                text = str(chunk.text)
                if text:
                    parts.append(text)
                    await _emit(emit, text)
            if not "".join(parts).strip():
                raise PlanningError("the model returned an empty answer")
        except Exception as exc:
            usage = usage_of(chunks, model_name_of(self.model), prices)
            if not parts:
                log.warning("LLM synthesizer failed, using the fallback: %s", exc)
                reason = f"LLM synthesizer failed: {describe(exc)}; used the offline synthesizer"
                text, fb_usage = await self.fallback.synthesize(ctx, emit)
                return text, _with_note(usage.add(fb_usage), reason)
            tail = f"\n\n_(the model stopped early: {describe(exc)})_"
            parts.append(tail)
            await _emit(emit, tail)
            return "".join(parts), _with_note(usage, f"stream stopped early: {describe(exc)}")
        return "".join(parts), usage_of(chunks, model_name_of(self.model), prices)
