"""LLM-backed planner, evaluator and synthesizer.

They do the model's part only: a failure raises (`ModelStepError` with a short reason, or the
HTTP/timeout error), and `agent/llm/fallback.py` hands the node to the rules and labels it, in one
place for all three nodes.
"""

from __future__ import annotations

import inspect
from typing import Any, cast

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage

from agentic_rag.agent.citations import numbered
from agentic_rag.agent.interfaces import (
    EvalContext,
    PlanContext,
    SynthContext,
    TokenSink,
    Usage,
)
from agentic_rag.agent.llm.chat import estimated_usage, model_name_of, usage_of
from agentic_rag.agent.llm.prompts import evaluator_messages, planner_messages, synthesizer_messages
from agentic_rag.agent.llm.server_facts import ServerFacts
from agentic_rag.agent.llm.stream_guard import OutputGate
from agentic_rag.agent.llm.structured import structured_call
from agentic_rag.agent.llm.token_count import in_flight
from agentic_rag.agent.models import (
    EvaluatorDecision,
    ExecutionPlan,
    plan_schema_for,
    plan_schema_from,
    to_plan,
)
from agentic_rag.agent.node_mode import EMPTY
from agentic_rag.agent.plan_examples import ExampleBank
from agentic_rag.config import Settings
from agentic_rag.errors import ModelStepError


class _ModelStep:
    def __init__(self, model: BaseChatModel, settings: Settings) -> None:
        self.model = model
        self.settings = settings
        self.facts = ServerFacts(settings.server_facts_path, settings.server_facts_ttl_s)

    async def _structured(self, schema: Any, messages: list[BaseMessage], what: str) -> Any:
        return await structured_call(
            self.model,
            schema,
            messages,
            prices=self.settings.model_prices,
            setting=self.settings.structured_output,
            retries=self.settings.llm_max_retries,
            max_repairs=self.settings.llm_max_repairs,
            what=what,
            model_dir=self.settings.model_dir,
            facts=self.facts,
        )


class LlmPlanner(_ModelStep):
    """Plans with a chat model's structured output, with the k nearest plan examples."""

    def __init__(
        self, model: BaseChatModel, settings: Settings, examples: ExampleBank | None = None
    ) -> None:
        super().__init__(model, settings)
        self.examples = examples

    async def plan(self, ctx: PlanContext) -> tuple[ExecutionPlan, Usage]:
        schema = (
            plan_schema_from(tuple(ctx.tool_args.items()))
            if ctx.tool_args
            else plan_schema_for(tuple(ctx.tool_names))
        )
        shots = []
        if self.examples is not None and self.settings.few_shot_examples:
            shots = self.examples.nearest(
                ctx.question, self.settings.few_shot_examples, tools=ctx.tool_names
            )
        out = await self._structured(schema, planner_messages(ctx, shots), "plan")
        usage = out.usage
        return to_plan(out.value, "llm"), usage


class LlmEvaluator(_ModelStep):
    """Decides continue/replan with a chat model."""

    async def evaluate(self, ctx: EvalContext) -> tuple[EvaluatorDecision, Usage]:
        out = await self._structured(EvaluatorDecision, evaluator_messages(ctx), "decision")
        return cast(EvaluatorDecision, out.value), out.usage


async def _emit(emit: TokenSink, text: str) -> None:
    if not text:
        return
    result: Any = emit(text)
    if inspect.isawaitable(result):
        await result


class LlmSynthesizer(_ModelStep):
    """Streams the answer through the `OutputGate`: junk stops the stream and raises."""

    async def synthesize(self, ctx: SynthContext, emit: TokenSink) -> tuple[str, Usage]:
        chunks: list[Any] = []
        guard = OutputGate(ctx.question, {n for n, _ in numbered(ctx.results)})
        messages = synthesizer_messages(ctx)
        recorder = in_flight()
        recorder.sent(messages)
        try:
            async for chunk in self.model.astream(messages):
                chunks.append(chunk)
                recorder.received(str(chunk.text))
                await _emit(emit, guard.feed(str(chunk.text)))
            await _emit(emit, guard.finish())
            if not guard.text.strip():
                raise ModelStepError(EMPTY)
        except ModelStepError as exc:
            exc.usage = self._usage(chunks, messages, guard.text)
            raise
        return guard.text, self._usage(chunks, messages, guard.text)

    def _usage(self, chunks: list[Any], prompt: list[BaseMessage], text: str) -> Usage:
        prices = self.settings.model_prices
        usage = usage_of(chunks, model_name_of(self.model), prices)
        if text and usage.tokens_in + usage.tokens_out == 0:  # streams often carry no usage
            from langchain_core.messages import AIMessage

            reply = AIMessage(content=text)
            usage = estimated_usage(usage, prompt, [reply], self.settings.model_dir, prices)
        return usage


class LadderModel:
    """A chat model whose `with_structured_output` negotiates like the nodes do.

    For code outside the nodes that asks a LangChain model for structured output (the Cypher
    repairer), so it gets the same ladder, bounds and rung memory instead of plain JSON schema.
    """

    def __init__(self, model: BaseChatModel, settings: Settings) -> None:
        self.step = _ModelStep(model, settings)

    def with_structured_output(self, schema: Any, **_: Any) -> Any:
        from langchain_core.runnables import RunnableLambda

        async def run(messages: list[BaseMessage]) -> Any:
            return (await self.step._structured(schema, messages, schema.__name__)).value

        def unsupported(_: Any) -> Any:
            raise NotImplementedError("LadderModel is async only")

        return RunnableLambda(unsupported, afunc=run)
