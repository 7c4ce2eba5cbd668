"""Typed artefacts of a turn: the plan, the evaluator's decision, node traces, the answer."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field, create_model

from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.tools.registry import TOOLS

MAX_CALLS = 6

#: Every registered tool's argument model: the LLM planner's schema is built from these.
ARGS_BY_TOOL: dict[str, type[BaseModel]] = {spec.name: spec.args_model for spec in TOOLS}


@lru_cache(maxsize=64)
def _call_model(tool: str, args_model: type[BaseModel]) -> type[BaseModel]:
    return create_model(
        f"{args_model.__name__.removesuffix('Args')}Call",
        tool=(Literal[tool], Field(description="which tool to call")),  # type: ignore[valid-type]
        purpose=(str, Field(description="what this call should find out, in a few words")),
        args=(args_model, ...),
    )


def call_key(tool: str, args: dict[str, Any]) -> str:
    """Same tool + same normalised arguments = the same call (reused, never run twice)."""

    def norm(value: Any) -> Any:
        if isinstance(value, str):
            return " ".join(value.split()).casefold()
        if isinstance(value, dict):
            return {k: norm(v) for k, v in value.items() if v is not None}
        if isinstance(value, list):
            return [norm(v) for v in value]
        return value

    return tool + ":" + json.dumps(norm(args), sort_keys=True, default=str)


class PlannedCall(BaseModel):
    """One tool call of a plan, tool-agnostic (what the executor and the page use)."""

    tool: str
    purpose: str
    args: dict[str, Any]
    #: offline plans: which part of `ExecutionPlan.reading` (1-based) the call serves, and how
    #: (total: a listing's own count, context for "showing 25 of 145", not evidence; loose: a
    #: description search without the part's filters, `rules/match.py`)
    part: int | None = None
    role: Literal["answer", "other_reading", "absent_check", "total", "loose"] = "answer"
    absent: int | None = None  # absent_check: the index in that part's `absent` it counts

    @property
    def key(self) -> str:
        return call_key(self.tool, self.args)

    @classmethod
    def from_typed(cls, call: BaseModel) -> PlannedCall:
        data = call.model_dump(mode="json", exclude_none=True)
        return cls(tool=data["tool"], purpose=data.get("purpose", ""), args=data.get("args", {}))


class Choice(BaseModel):
    """A reading offered to choose from: a full question the reader reads confidently."""

    question: str
    reading: str  # its reading line ("Read as: ...")


class ReadingConfidence(BaseModel):
    """How likely the reading is right (a calibrated probability) and why."""

    probability: float = Field(ge=0.0, le=1.0)
    features: dict[str, float] = Field(default_factory=dict)  # what the model was given
    unsure: list[str] = Field(default_factory=list)  # what the reading is unsure of, in words
    ask_back: bool = False  # below the threshold: the answer asks back instead of guessing
    choices: list[Choice] = Field(default_factory=list)  # readings to choose from, when asking

    def capped(self, at: float, why: str) -> ReadingConfidence:
        """This confidence at most `at`, saying `why` among what the reading is unsure of."""
        return self.model_copy(
            update={"probability": min(self.probability, at), "unsure": [*self.unsure, why]}
        )


class ExecutionPlan(BaseModel):
    """What the planner decided (stored in state in this tool-agnostic form)."""

    reasoning: str  # prose, for people; nothing parses it
    resolved_question: str
    calls: list[PlannedCall] = Field(min_length=1, max_length=MAX_CALLS)
    source: Literal["llm", "offline"] = "offline"
    fallback_reason: str | None = None
    #: the typed reading, one entry per part of the question (the offline reader's; a model's
    #: plan leaves it empty and is judged by its results alone)
    reading: list[QuerySpec] = Field(default_factory=list)
    confidence: ReadingConfidence | None = None  # of `reading`; None without one


def plan_schema_for(tools: tuple[str, ...]) -> type[BaseModel]:
    """The structured-output model the LLM planner fills: calls restricted to `tools`."""
    return plan_schema_from(tuple((t, ARGS_BY_TOOL[t]) for t in tools if t in ARGS_BY_TOOL))


@lru_cache(maxsize=32)
def plan_schema_from(tools: tuple[tuple[str, type[BaseModel]], ...]) -> type[BaseModel]:
    """The plan model for (tool name, args model) pairs: any registry's tools, custom ones too."""
    members = tuple(_call_model(name, args) for name, args in tools)
    call_type: Any = (
        members[0] if len(members) == 1 else Annotated[Union[members], Field(discriminator="tool")]  # noqa: UP007
    )
    return create_model(
        "ExecutionPlan",
        reasoning=(str, Field(description="why these calls answer the question, briefly")),
        resolved_question=(
            str,
            Field(description="the question rewritten to stand alone, using the conversation"),
        ),
        calls=(
            list[call_type],
            Field(
                min_length=1,
                max_length=MAX_CALLS,
                description="1 to 6 tool calls, run in parallel",
            ),
        ),
    )


def to_plan(typed: BaseModel, source: Literal["llm", "offline"] = "llm") -> ExecutionPlan:
    return ExecutionPlan(
        reasoning=typed.reasoning,  # type: ignore[attr-defined]
        resolved_question=typed.resolved_question,  # type: ignore[attr-defined]
        calls=[PlannedCall.from_typed(c) for c in typed.calls],  # type: ignore[attr-defined]
        source=source,
    )


class EvaluatorDecision(BaseModel):
    decision: Literal["continue", "replan"] = Field(
        description="continue: the results answer the question; replan: another round is needed"
    )
    reasoning: str = Field(description="why, in one or two sentences")
    replan_instructions: str = Field(
        "", description="when replanning: what the next plan should do differently"
    )
    confidence: float = Field(0.5, ge=0.0, le=1.0, description="how sure the results suffice, 0-1")


class RecordedDecision(EvaluatorDecision):
    iteration: int
    source: Literal["llm", "offline", "rule"] = "rule"
    fallback_reason: str | None = None


class NodeTrace(BaseModel):
    node: str
    iteration: int
    start: float
    end: float
    model: str | None = None
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    note: str | None = None
    tokens_estimated: bool = False  # counted locally: the server sent no usage
    rung: str | None = None  # structured-output method that worked
    repairs: int = 0

    @property
    def ms(self) -> float:
        return round((self.end - self.start) * 1000, 1)


class Citation(BaseModel):
    """[n] in the answer: one tool result and its precise source references."""

    number: int
    call_id: str
    tool: str
    refs: list[dict[str, Any]]
