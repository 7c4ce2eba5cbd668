"""A part of the reading that found nothing (never planned, empty, failed) caps the answer's
confidence at `UNCOVERED`: the answer cannot show that part was read right. A thing the catalog
does not hold is the exception: its emptiness is the answer."""

from __future__ import annotations

import pytest

from agentic_rag.agent.graph.nodes.synthesizer import _trusted
from agentic_rag.agent.models import ExecutionPlan, PlannedCall, ReadingConfidence
from agentic_rag.agent.rules.evaluator import UNCOVERED, uncovered
from agentic_rag.agent.rules.spec import Absent, QuerySpec, TitleSet
from agentic_rag.tools.base import ToolResult, ToolStatus

LOOKUP = QuerySpec(op="describe", titles=TitleSet(titles=["The Lobster"]))
SAME = QuerySpec(op="list", titles=TitleSet(type="Movie"))
GONE = QuerySpec(
    op="list", titles=TitleSet(titles=["The Godfather"]), absent=[Absent(kind="title", name="X")]
)


def plan(reading: list[QuerySpec], parts: list[int]) -> ExecutionPlan:
    calls = [
        PlannedCall(tool="sql", purpose="p", args={"query": "SELECT 1"}, part=n) for n in parts
    ]
    return ExecutionPlan(
        reasoning="prose",
        resolved_question="q",
        calls=calls,
        reading=reading,
        confidence=ReadingConfidence(probability=0.95),
    )


def result(call_id: str, rows: int, status: ToolStatus = ToolStatus.OK) -> ToolResult:
    return ToolResult(tool="sql", call_id=call_id, status=status, rows=[{"title": "T"}] * rows)


@pytest.mark.parametrize(
    ("parts", "results"),
    [
        ([1], [result("1.1", 1)]),  # part 2 was never planned
        ([1, 2], [result("1.1", 1), result("1.2", 0, ToolStatus.EMPTY)]),  # part 2 found nothing
        ([1, 2], [result("1.1", 1), result("1.2", 0, ToolStatus.ERROR)]),  # part 2 failed
    ],
)
def test_a_part_without_evidence_caps_the_confidence(parts, results):
    plans = [plan([LOOKUP, SAME], parts)]
    assert uncovered(plans, results)
    assert _trusted(0.95, plans, results) == UNCOVERED


def test_every_part_with_rows_keeps_the_reading_s_confidence():
    plans = [plan([LOOKUP, SAME], [1, 2])]
    results = [result("1.1", 1), result("1.2", 3)]
    assert not uncovered(plans, results)
    assert _trusted(0.95, plans, results) == 0.95


def test_an_absent_thing_found_nothing_by_design():
    plans = [plan([GONE], [1])]
    results = [result("1.1", 0, ToolStatus.EMPTY)]
    assert not uncovered(plans, results)
    assert _trusted(0.95, plans, results) == 0.95


def test_the_people_of_a_named_title_found_nothing_by_design():
    """ "who directed the crown": the catalog records no director for most series."""
    people = QuerySpec(op="people", role="director", titles=TitleSet(titles=["The Crown"]))
    plans = [plan([people], [1])]
    results = [result("1.1", 0, ToolStatus.EMPTY)]
    assert not uncovered(plans, results)
