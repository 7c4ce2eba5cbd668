"""Everything the graph's nodes depend on, built once per session by `make_agent_deps`."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agentic_rag.agent.interfaces import (
    Evaluator,
    EvaluatorWay,
    Planner,
    PlannerWay,
    Synthesizer,
    SynthesizerWay,
)
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
    planner: PlannerWay
    evaluator: EvaluatorWay
    synthesizer: SynthesizerWay
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


def _ways(
    settings: Settings,
    rules: tuple[Planner, Evaluator, Synthesizer],
    chat_models: dict[str, Any] | None,
    examples: Any | None,
) -> tuple[PlannerWay, EvaluatorWay, SynthesizerWay]:
    """Each node's way of working, chosen once: rules; or the model with the rules behind it,
    behind the fast-path routers unless `FAST_PATH=off`."""
    from agentic_rag.agent.llm.ways import RulesEvaluator, RulesPlanner, RulesSynthesizer

    planner, evaluator, synthesizer = rules
    if not chat_models:
        return RulesPlanner(planner), RulesEvaluator(evaluator), RulesSynthesizer(synthesizer)
    from agentic_rag.agent.llm.chat import model_name_of
    from agentic_rag.agent.llm.fast_path import (
        FastPathPlanner,
        PlanFollowingEvaluator,
        PlanFollowingSynthesizer,
    )
    from agentic_rag.agent.llm.nodes import LlmEvaluator, LlmPlanner, LlmSynthesizer
    from agentic_rag.agent.llm.ways import ModelEvaluator, ModelPlanner, ModelSynthesizer
    from agentic_rag.agent.node_mode import NO_ROWS, RULES_PLAN

    def named(node: str) -> dict[str, Any]:
        return {"model_dir": settings.model_dir, "model_name": model_name_of(chat_models[node])}

    model_planner = ModelPlanner(
        LlmPlanner(chat_models["planner"], settings, examples),
        planner,
        min_confidence=settings.fast_path_min_confidence,
        sql_schema=_sql_schema(settings),
        **named("planner"),
    )
    model_evaluator = ModelEvaluator(
        LlmEvaluator(chat_models["evaluator"], settings), evaluator, **named("evaluator")
    )
    model_synthesizer = ModelSynthesizer(
        LlmSynthesizer(chat_models["synthesizer"], settings), synthesizer, **named("synthesizer")
    )
    if settings.fast_path == "off":
        return model_planner, model_evaluator, model_synthesizer
    return (
        FastPathPlanner(planner, model_planner, settings.fast_path_min_confidence),
        PlanFollowingEvaluator(model_evaluator, RulesEvaluator(evaluator, RULES_PLAN)),
        PlanFollowingSynthesizer(
            model_synthesizer,
            RulesSynthesizer(synthesizer, RULES_PLAN),
            RulesSynthesizer(synthesizer, NO_ROWS),
        ),
    )


def _sql_schema(settings: Settings) -> dict[str, list[str]] | None:
    """The live catalog's tables and columns, for checking a model's SQL before it runs."""
    from agentic_rag.tools.sql.tool import load_schema

    try:
        return load_schema(settings.sqlite_path)  # type: ignore[arg-type]
    except Exception:  # no built catalog (tests with fake tools): the guard checks syntax only
        return None


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

    `rules` are the deterministic planner, evaluator and synthesizer steps; with `chat_models`
    (node -> chat model) each node's way of working is the model with the rules behind it
    (`agent/llm/ways.py`), routed by the fast path (`agent/llm/fast_path.py`). `overrides`
    replace any field.
    """
    from agentic_rag.config import mode_label

    planner, evaluator, synthesizer = _ways(settings, rules, chat_models, examples)
    values: dict[str, Any] = dict(
        settings=settings,
        registry=registry,
        tools=tools,
        schema_text=schema_text,
        planner=planner,
        evaluator=evaluator,
        synthesizer=synthesizer,
        mode="llm" if chat_models else "offline",
        mode_label=mode_label(settings),
    )
    if chat_models:
        from agentic_rag.agent.llm.chat import model_name_of

        values["models"] = {node: model_name_of(m) for node, m in chat_models.items()}
    values.update(overrides)
    return AgentDeps(**values)
