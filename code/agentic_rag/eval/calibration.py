"""How sure the agent was, and whether that was worth anything: confidence per turn, reliability.

`turn_confidence` is the one place that reads a turn's confidence from its final state: the
turn's own top-level `confidence`, `asked_back` and `clarify` (the readings offered; the agent
asked back instead of answering when `asked_back` is set or `clarify` is non-empty) when the
turn carries them, else the last evaluator decision's `confidence`. `calibration` sums up scored
results: accuracy, a reliability table over confidence bins, the expected calibration error
(ECE), how often a confident answer is right, and how many wrong answers were flagged (low
confidence, or asked back).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

BIN_EDGES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
CONFIDENT = 0.8  # "answers with confidence >= 0.8"
UNSURE = 0.5  # a wrong answer below this was flagged


class TurnConfidence(NamedTuple):
    confidence: float | None  # None: the turn carries none (no evaluator ran, no field)
    asked_back: bool
    source: str  # "turn" (top-level field), "evaluator" (last decision) or "none"


def turn_confidence(values: Mapping[str, Any] | None) -> TurnConfidence:
    """The turn's confidence and whether it asked back, from its final state values."""
    values = values or {}
    asked_back = bool(values.get("asked_back") or values.get("clarify"))
    own = values.get("confidence")
    if isinstance(own, int | float) and not isinstance(own, bool):
        return TurnConfidence(float(own), asked_back, "turn")
    for decision in reversed(values.get("decisions") or []):
        value = decision.get("confidence") if isinstance(decision, Mapping) else None
        if isinstance(value, int | float) and not isinstance(value, bool):
            return TurnConfidence(float(value), asked_back, "evaluator")
    return TurnConfidence(None, asked_back, "none")


class Scored(Protocol):
    passed: bool
    confidence: float | None
    asked_back: bool


@dataclass(frozen=True)
class Bin:
    lo: float
    hi: float
    count: int
    mean_confidence: float | None
    accuracy: float | None


def bin_index(confidence: float, edges: Sequence[float] = BIN_EDGES) -> int:
    """[lo, hi) bins; the last one also takes its upper edge (1.0)."""
    for i in range(len(edges) - 1):
        if confidence < edges[i + 1]:
            return i
    return len(edges) - 2


def reliability(
    pairs: Iterable[tuple[float, bool]], edges: Sequence[float] = BIN_EDGES
) -> list[Bin]:
    """(confidence, right) pairs into bins: count, mean confidence and accuracy of each."""
    members: list[list[tuple[float, bool]]] = [[] for _ in edges[:-1]]
    for confidence, right in pairs:
        members[bin_index(confidence, edges)].append((confidence, right))
    out = []
    for i, group in enumerate(members):
        n = len(group)
        mean = sum(c for c, _ in group) / n if n else None
        acc = sum(r for _, r in group) / n if n else None
        out.append(Bin(edges[i], edges[i + 1], n, mean, acc))
    return out


def expected_calibration_error(bins: Sequence[Bin]) -> float | None:
    """Sum over bins of (share of answers in the bin) x |accuracy - mean confidence|."""
    total = sum(b.count for b in bins)
    if not total:
        return None
    return sum(
        b.count / total * abs((b.accuracy or 0.0) - (b.mean_confidence or 0.0))
        for b in bins
        if b.count
    )


@dataclass
class Calibration:
    total: int
    correct: int
    bins: list[Bin] = field(default_factory=list)
    ece: float | None = None
    without_confidence: int = 0
    asked_back: int = 0
    confident: int = 0  # answers (not asked back) with confidence >= CONFIDENT
    confident_right: int = 0
    wrong: int = 0
    wrong_flagged: int = 0  # wrong, and confidence < UNSURE or asked back

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.total if self.total else None

    @property
    def confident_accuracy(self) -> float | None:
        return self.confident_right / self.confident if self.confident else None

    @property
    def wrong_flagged_share(self) -> float | None:
        return self.wrong_flagged / self.wrong if self.wrong else None


def calibration(results: Iterable[Scored], edges: Sequence[float] = BIN_EDGES) -> Calibration:
    results = list(results)
    pairs = [(r.confidence, r.passed) for r in results if r.confidence is not None]
    bins = reliability(pairs, edges)
    confident = [r for r in results if not r.asked_back and (r.confidence or 0.0) >= CONFIDENT]
    wrong = [r for r in results if not r.passed]
    flagged = [
        r for r in wrong if r.asked_back or (r.confidence is not None and r.confidence < UNSURE)
    ]
    return Calibration(
        total=len(results),
        correct=sum(r.passed for r in results),
        bins=bins,
        ece=expected_calibration_error(bins),
        without_confidence=len(results) - len(pairs),
        asked_back=sum(r.asked_back for r in results),
        confident=len(confident),
        confident_right=sum(r.passed for r in confident),
        wrong=len(wrong),
        wrong_flagged=len(flagged),
    )


def reliability_rows(results: Iterable[Scored]) -> list[dict[str, Any]]:
    """The reliability table as rows (per confidence bin: answers, mean confidence, accuracy);
    empty when no answer carried a confidence."""
    table = calibration(results)
    if table.without_confidence == table.total:
        return []
    return [
        {
            "confidence": f"{b.lo:.1f}–{b.hi:.1f}",
            "answers": b.count,
            "mean confidence": None if b.mean_confidence is None else round(b.mean_confidence, 3),
            "accuracy": None if b.accuracy is None else round(b.accuracy, 3),
        }
        for b in table.bins
    ]


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def render_calibration(c: Calibration) -> list[str]:
    """The reliability table and the summary figures, as plain text lines."""
    lines = ["  confidence   n   mean conf  accuracy"]
    for b in c.bins:
        mean = "-" if b.mean_confidence is None else f"{b.mean_confidence:.2f}"
        label = f"{b.lo:.1f}-{b.hi:.1f}"
        lines.append(f"  {label:9s} {b.count:4d}   {mean:>9s}  {_pct(b.accuracy):>8s}")
    ece = "-" if c.ece is None else f"{c.ece:.3f}"
    lines += [
        f"  ECE {ece} over {c.total - c.without_confidence} answers with a confidence"
        + (f" ({c.without_confidence} without)" if c.without_confidence else ""),
        f"  right among answers with confidence >= {CONFIDENT}: "
        f"{c.confident_right}/{c.confident} = {_pct(c.confident_accuracy)}",
        f"  wrong answers with confidence < {UNSURE} or asked back: "
        f"{c.wrong_flagged}/{c.wrong} = {_pct(c.wrong_flagged_share)}"
        f" (asked back: {c.asked_back})",
    ]
    return lines
