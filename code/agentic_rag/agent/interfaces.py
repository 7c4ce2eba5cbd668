"""What the graph's nodes need from a planner, an evaluator and a synthesizer.

Two layers:

- a *step* (`Planner`, `Evaluator`, `Synthesizer`) does one node's work and returns it with its
  usage: the model's (`agent/llm/nodes.py`, which raises on failure) or the rules'
  (`agent/rules/`);
- a *way of working* (`PlannerWay`, `EvaluatorWay`, `SynthesizerWay`) is what a graph node
  calls: it decides who does the work (rules, the model with the labelled rules fallback, or
  the fast-path router) and returns an `Outcome` that carries the node's label. One is chosen
  per session by `agent/deps.make_agent_deps`; the nodes never branch on the mode.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel

from agentic_rag.agent.models import EvaluatorDecision, ExecutionPlan
from agentic_rag.agent.node_mode import NodeMode
from agentic_rag.tools.base import ToolResult


@dataclass
class Usage:
    """Tokens and cost of one node's model calls (zero for offline code)."""

    model: str | None = None
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    note: str | None = None  # e.g. why the offline fallback answered
    estimated: bool = False  # tokens counted locally: the server sent no usage
    repairs: int = 0  # replies sent back to the model to fix invalid output
    rung: str | None = None  # the structured-output method that worked

    def add(self, other: Usage) -> Usage:
        return Usage(
            model=self.model or other.model,
            tokens_in=self.tokens_in + other.tokens_in,
            tokens_out=self.tokens_out + other.tokens_out,
            cost_usd=self.cost_usd + other.cost_usd,
            note="; ".join(n for n in (self.note, other.note) if n) or None,
            estimated=self.estimated or other.estimated,
            repairs=self.repairs + other.repairs,
            rung=self.rung or other.rung,
        )


@dataclass
class TurnSummary:
    """One earlier turn of the thread, as the planner sees it (oldest first)."""

    question: str
    resolved_question: str
    answer: str  # possibly shortened
    show_ids: list[str] = field(default_factory=list)  # titles the answer's results named
    asked_back: bool = False  # the turn offered readings instead of an answer
    led: str | None = None  # the one group a ranking's rows led with (`group_refs.led_by`)


@dataclass
class PlanContext:
    question: str
    history: list[TurnSummary]
    iteration: int
    schema_text: str
    tools_text: str
    tool_names: tuple[str, ...]
    tool_args: dict[str, type[BaseModel]] = field(default_factory=dict)  # name -> args model
    previous_plans: list[ExecutionPlan] = field(default_factory=list)
    results: list[ToolResult] = field(default_factory=list)
    instructions: str = ""  # the evaluator's replan instructions


@dataclass
class EvalContext:
    question: str
    iteration: int
    max_iterations: int
    plans: list[ExecutionPlan]
    results: list[ToolResult]  # every result so far, in call order
    latest: list[ToolResult]  # this iteration's results
    tool_names: tuple[str, ...]


@dataclass
class SynthContext:
    question: str  # what the writer answers: the typed question, or a rules plan's resolution
    results: list[ToolResult]
    plans: list[ExecutionPlan]
    incomplete_reason: str | None
    mode_label: str
    history: list[TurnSummary] = field(default_factory=list)
    resolved_question: str = ""  # the planner's stand-alone restatement (the model reads it)


class Planner(Protocol):
    async def plan(self, ctx: PlanContext) -> tuple[ExecutionPlan, Usage]: ...


class Evaluator(Protocol):
    async def evaluate(self, ctx: EvalContext) -> tuple[EvaluatorDecision, Usage]: ...


TokenSink = Callable[[str], Any]


class Synthesizer(Protocol):
    async def synthesize(self, ctx: SynthContext, emit: TokenSink) -> tuple[str, Usage]:
        """Write the answer, calling `emit(text)` for each streamed piece; return the full text."""
        ...


# --- ways of working: what the graph's nodes call ----------------------------------------------


@dataclass
class StepLimits:
    """What a node's step may spend: seconds, and the turn's tokens so far against its budget."""

    timeout: float
    tokens_spent: int = 0
    token_budget: int = 0


@dataclass
class Outcome[T]:
    """A node's work, its usage, and who did it (`NodeMode`: model, repaired, or rules + why)."""

    value: T
    usage: Usage
    mode: NodeMode


#: Called when a model's streamed text is dropped (the reason): the page clears what it showed.
DiscardSink = Callable[[str], None]


class PlannerWay(Protocol):
    async def plan(self, ctx: PlanContext, limits: StepLimits) -> Outcome[ExecutionPlan]: ...


class EvaluatorWay(Protocol):
    async def evaluate(
        self, ctx: EvalContext, limits: StepLimits
    ) -> Outcome[EvaluatorDecision]: ...


class SynthesizerWay(Protocol):
    async def synthesize(
        self, ctx: SynthContext, emit: TokenSink, limits: StepLimits, discard: DiscardSink
    ) -> Outcome[str]: ...
