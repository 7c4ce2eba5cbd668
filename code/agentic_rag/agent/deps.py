"""Everything the graph's nodes depend on, injected once per graph (tests build their own)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agentic_rag.agent.interfaces import Evaluator, Planner, Synthesizer
from agentic_rag.config import Settings
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.registry import ToolRegistry

#: Seconds of the turn deadline kept for the synthesizer, whatever happens before it.
SYNTH_RESERVE_S = 8.0
#: In LLM mode the synthesizer's model needs time to read its prompt: this share of the turn.
LLM_SYNTH_SHARE = 0.3
#: Seconds (at most a fifth of the turn) a planner's model step leaves for the executor.
EXECUTOR_RESERVE_S = 10.0


@dataclass
class AgentDeps:
    settings: Settings
    registry: ToolRegistry
    tools: ToolDeps
    schema_text: str
    planner: Planner
    evaluator: Evaluator
    synthesizer: Synthesizer
    # deterministic stand-ins used when a model step times out or fails
    fallback_planner: Planner
    fallback_evaluator: Evaluator
    fallback_synthesizer: Synthesizer
    mode: str = "offline"  # "llm" | "offline"
    mode_label: str = "Offline mode: no API key set"
    models: dict[str, str] = field(default_factory=dict)  # node -> model name (llm mode)
    clock: Callable[[], float] = time.time

    @property
    def tool_names(self) -> tuple[str, ...]:
        return tuple(self.registry.names)

    def remaining(self, deadline: float) -> float:
        return deadline - self.clock()

    def budget_before_synthesis(self, deadline: float) -> float:
        """Seconds a planner/evaluator/executor step may still use."""
        turn = self.settings.turn_deadline_s
        reserve = min(SYNTH_RESERVE_S, turn * 0.2)
        if self.mode == "llm":
            reserve = max(reserve, min(turn * LLM_SYNTH_SHARE, 30.0))
        return self.remaining(deadline) - reserve

    def planner_budget(self, deadline: float) -> float:
        """Seconds the planner's model may use: the executor's share stays untouched."""
        executor = min(EXECUTOR_RESERVE_S, self.settings.turn_deadline_s * 0.2)
        return self.budget_before_synthesis(deadline) - executor


def make_agent_deps(
    settings: Settings,
    registry: ToolRegistry,
    tools: ToolDeps,
    schema_text: str,
    *,
    rules: tuple[Planner, Evaluator, Synthesizer],
    chat_models: dict[str, Any] | None = None,
    examples: Any | None = None,
    **overrides: Any,
) -> AgentDeps:
    """The one way to build `AgentDeps` (page, CLI, eval, bench and tests all come here).

    `rules` are the deterministic planner, evaluator and synthesizer; with `chat_models`
    (node -> chat model) the model answers first and the rules are the fallback, in one place
    (`agent/llm/fallback.py`). `overrides` replace any field.
    """
    from agentic_rag.config import mode_label

    planner, evaluator, synthesizer = rules
    values: dict[str, Any] = dict(
        settings=settings,
        registry=registry,
        tools=tools,
        schema_text=schema_text,
        planner=planner,
        evaluator=evaluator,
        synthesizer=synthesizer,
        fallback_planner=planner,
        fallback_evaluator=evaluator,
        fallback_synthesizer=synthesizer,
        mode="offline",
        mode_label=mode_label(settings),
    )
    if chat_models:
        from agentic_rag.agent.llm.chat import model_name_of
        from agentic_rag.agent.llm.nodes import LlmEvaluator, LlmPlanner, LlmSynthesizer

        values |= dict(
            planner=LlmPlanner(chat_models["planner"], settings, examples),
            evaluator=LlmEvaluator(chat_models["evaluator"], settings),
            synthesizer=LlmSynthesizer(chat_models["synthesizer"], settings),
            mode="llm",
            models={node: model_name_of(m) for node, m in chat_models.items()},
        )
    values.update(overrides)
    return AgentDeps(**values)
