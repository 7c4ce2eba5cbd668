"""One turn's figures: its answer scored by its golden check (`eval/checks.py`), the tools it
used, its nodes, its confidence and reading."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel, Field

from agentic_rag.eval.calibration import turn_confidence
from agentic_rag.eval.checks import Outcome, score_check
from agentic_rag.eval.golden import GoldenQuestion
from agentic_rag.eval.node_stats import NodeRun, node_runs


def tool_match(used: Iterable[str], expected: Sequence[str]) -> tuple[float, list[str], list[str]]:
    """(share of expected items satisfied, unsatisfied items, tools used beyond them).

    An expected item "a|b" is satisfied by either tool.
    """
    used_set = set(used)
    items = [set(item.split("|")) for item in expected]
    hits = [bool(alts & used_set) for alts in items]
    missing = [item for item, hit in zip(expected, hits, strict=True) if not hit]
    allowed = set().union(*items) if items else set()
    score = sum(hits) / len(items) if items else 1.0
    return round(score, 3), missing, sorted(used_set - allowed)


class QuestionResult(BaseModel):
    """Everything the report needs about one golden question's turn."""

    id: str
    category: str
    question: str
    thread: str | None = None
    passed: bool
    detail: str
    answer: str = ""
    error: str | None = None
    tools_used: list[str] = Field(default_factory=list)
    expected_tools: list[str] = Field(default_factory=list)
    tool_match: float = 0.0
    tools_missing: list[str] = Field(default_factory=list)
    tools_extra: list[str] = Field(default_factory=list)
    iterations: int = 0
    decisions: list[str] = Field(default_factory=list)
    latency_s: float = 0.0
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    stores_unchanged: bool | None = None
    reading_features: dict[str, float] = Field(default_factory=dict)  # what `confidence` saw
    nodes: list[NodeRun] = Field(default_factory=list)  # planner/evaluator/synthesizer runs
    # calibration (eval/calibration.py): how sure the turn was, and whether it asked back
    confidence: float | None = None
    confidence_source: str = "none"  # "turn" | "evaluator" | "none"
    asked_back: bool = False
    reading: Any = None  # the turn's own reading of the question, when it reports one


def tools_used(values: dict[str, Any]) -> list[str]:
    """Tools the turn planned (every iteration), in first-use order."""
    names = [c.get("tool") for p in values.get("plans") or [] for c in p.get("calls") or []]
    return list(dict.fromkeys(n for n in names if n))


def reading_features(values: dict[str, Any]) -> dict[str, float]:
    """The features the last typed reading's confidence was computed from (the fit's input)."""
    plans = [p for p in values.get("plans") or [] if p.get("reading")]
    return dict((plans[-1].get("confidence") or {}).get("features") or {}) if plans else {}


def score_turn(
    q: GoldenQuestion, values: dict[str, Any] | None, latency_s: float, error: str | None = None
) -> QuestionResult:
    """Score one turn; an error (raised, or reported by the graph) fails the question."""
    values = values or {}
    error = error or values.get("error")
    answer = str(values.get("answer") or "")
    totals = (values.get("trace_export") or {}).get("totals") or {}
    used = tools_used(values)
    match, missing, extra = tool_match(used, q.expected_tools)
    outcome = Outcome(False, f"error: {error}") if error else score_check(q.check, answer)
    decisions = values.get("decisions") or []
    sure = turn_confidence(values)
    return QuestionResult(
        confidence=sure.confidence,
        confidence_source=sure.source,
        asked_back=sure.asked_back,
        reading=values.get("reading"),
        nodes=node_runs(values),
        id=q.id,
        category=q.category,
        question=q.question,
        thread=q.thread,
        passed=outcome.passed,
        detail=outcome.detail,
        answer=answer,
        error=error,
        tools_used=used,
        expected_tools=list(q.expected_tools),
        tool_match=match,
        tools_missing=missing,
        tools_extra=extra,
        iterations=int(values.get("iteration") or 0),
        decisions=[f"{d.get('decision')} ({d.get('source')})" for d in decisions],
        latency_s=round(latency_s, 3),
        tokens_in=int(totals.get("tokens_in") or 0),
        tokens_out=int(totals.get("tokens_out") or 0),
        cost_usd=float(totals.get("cost_usd") or 0.0),
        reading_features=reading_features(values),
    )
