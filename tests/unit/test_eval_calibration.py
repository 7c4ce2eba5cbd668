"""Calibration figures of an eval run: a turn's confidence, reliability bins, ECE."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from agentic_rag.eval.calibration import (
    Bin,
    bin_index,
    calibration,
    expected_calibration_error,
    reliability,
    render_calibration,
    turn_confidence,
)
from agentic_rag.eval.golden import GoldenQuestion
from agentic_rag.eval.scoring import score_turn

DECISIONS = [
    {"decision": "replan", "source": "offline", "confidence": 0.2},
    {"decision": "continue", "source": "rule", "confidence": 0.5},
]


def test_turn_confidence_prefers_the_turns_own_fields_then_the_last_evaluator_decision() -> None:
    assert turn_confidence({"decisions": DECISIONS}) == (0.5, False, "evaluator")
    own = {"decisions": DECISIONS, "confidence": 0.9, "clarify": [], "reading": "x"}
    assert turn_confidence(own) == (0.9, False, "turn")
    asked = {"decisions": DECISIONS, "confidence": 0.3, "clarify": ["movies", "shows"]}
    assert turn_confidence(asked) == (0.3, True, "turn")
    assert turn_confidence({"clarify": ["a", "b"]}) == (None, True, "none")
    assert turn_confidence({"confidence": True, "decisions": DECISIONS[:1]}).confidence == 0.2
    assert turn_confidence(None) == (None, False, "none")
    assert turn_confidence({"decisions": [{"decision": "continue"}]}).confidence is None


@pytest.mark.parametrize(
    ("value", "index"), [(0.0, 0), (0.19, 0), (0.2, 1), (0.5, 2), (0.79, 3), (0.8, 4), (1.0, 4)]
)
def test_bins_are_half_open_and_the_last_takes_one(value: float, index: int) -> None:
    assert bin_index(value) == index


def test_reliability_and_ece_by_hand() -> None:
    pairs = [(0.9, True), (0.9, False), (0.1, False), (0.5, True)]
    bins = reliability(pairs)
    assert [b.count for b in bins] == [1, 0, 1, 0, 2]
    assert bins[4] == Bin(0.8, 1.0, 2, pytest.approx(0.9), 0.5)
    assert bins[1] == Bin(0.2, 0.4, 0, None, None)
    # 1/4 * |0 - 0.1| + 1/4 * |1 - 0.5| + 2/4 * |0.5 - 0.9|
    assert expected_calibration_error(bins) == pytest.approx(0.025 + 0.125 + 0.2)
    assert expected_calibration_error(reliability([])) is None
    perfect = reliability([(1.0, True), (0.0, False)])
    assert expected_calibration_error(perfect) == pytest.approx(0.0)


@dataclass
class R:
    passed: bool
    confidence: float | None
    asked_back: bool = False


def test_calibration_summary() -> None:
    results = [
        R(True, 0.9),
        R(False, 0.85),  # confident and wrong: not flagged
        R(False, 0.3),  # wrong, unsure: flagged
        R(False, 0.9, asked_back=True),  # asked back: flagged, not a confident answer
        R(True, None),  # no confidence: outside the bins
    ]
    c = calibration(results)
    assert (c.total, c.correct, c.accuracy) == (5, 2, 0.4)
    assert c.without_confidence == 1 and sum(b.count for b in c.bins) == 4
    assert (c.confident, c.confident_right) == (2, 1) and c.confident_accuracy == 0.5
    assert (c.wrong, c.wrong_flagged) == (3, 2) and c.wrong_flagged_share == pytest.approx(2 / 3)
    assert c.asked_back == 1
    text = "\n".join(render_calibration(c))
    assert "0.8-1.0" in text and "ECE" in text and "1/2 = 50.0%" in text and "2/3" in text
    empty = calibration([])
    assert empty.accuracy is None and empty.ece is None and empty.confident_accuracy is None


def test_score_turn_records_confidence_and_asking_back() -> None:
    q = GoldenQuestion.model_validate(
        {
            "id": "q1",
            "question": "How many movies from India were released in 2019?",
            "category": "filter_count",
            "expected_tools": ["sql"],
            "check": {"kind": "exact_number", "compute": {"op": "count"}},
        }
    )
    q.check.expected.numbers = [79]
    r = score_turn(q, {"answer": "79", "decisions": DECISIONS}, 0.1)
    assert (r.confidence, r.confidence_source, r.asked_back, r.reading) == (
        0.5,
        "evaluator",
        False,
        None,
    )
    asked = {"answer": "Did you mean movies or shows?", "confidence": 0.4,
             "clarify": ["movies", "shows"], "reading": {"type": "count"}}  # fmt: skip
    r = score_turn(q, asked, 0.1)
    assert not r.passed and r.asked_back and r.confidence == 0.4 and r.confidence_source == "turn"
    assert r.reading == {"type": "count"}


def test_a_run_writes_its_reliability_table_for_the_evaluation_page() -> None:
    from agentic_rag.eval.calibration import reliability_rows
    from agentic_rag.eval.report import EvalRun

    rows = reliability_rows([R(True, 0.95), R(False, 0.92), R(True, 0.45), R(True, None)])
    top = next(r for r in rows if r["confidence"] == "0.8–1.0")
    assert top == {"confidence": "0.8–1.0", "answers": 2, "mean confidence": 0.935, "accuracy": 0.5}
    assert reliability_rows([R(True, None)]) == []  # no confidence: no table
    run = EvalRun(run_id="r", started_at="t", mode="offline", mode_label="Offline")
    assert "calibration" in run.model_dump_json()  # the page reads the run's JSON
