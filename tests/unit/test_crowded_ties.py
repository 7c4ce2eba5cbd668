"""'it' after a ranking of one title whose tie is a crowd (the query's ten rows, so maybe more):
the later part is read over the first three tied titles, the reading says the tie, and the
reading is at most `ties.CROWDED_SURE` likely right; a small tie (under ten) is still each tied
title, at the reading's own confidence. A second "it" after a part that itself meant the title
before it is that same title, filled from the first part's results in the same round (a third
round never comes). Wordings written for this test."""

from __future__ import annotations

import pytest

from agentic_rag.agent.models import ExecutionPlan
from agentic_rag.agent.rules import ties
from agentic_rag.tools.base import ToolResult, ToolStatus
from tests.unit.test_offline_planner import plan


def _tied(n: int) -> list[dict]:
    return [{"show_id": f"s{i + 10}", "title": f"Tied {i}", "release_year": 2021} for i in range(n)]


def _round_two(lexicon, question: str, n: int) -> ExecutionPlan:
    first = plan(lexicon, question)
    assert "[deferred]" in first.reasoning
    top = ToolResult(call_id="1.1", tool="sql", status=ToolStatus.OK, rows=_tied(n))
    return plan(lexicon, question, iteration=2, previous_plans=[first], results=[top])


@pytest.mark.parametrize(
    "question",
    [
        "the newest indian movie and who directed it",
        "which korean show is the newest? who is in it",
        "most recent south korean drama, and who directed it?",
    ],
)
def test_it_over_a_crowded_tie_is_a_few_titles_at_low_confidence(lexicon, question):
    second = _round_two(lexicon, question, ties.TIED_ROWS)
    part2 = second.reading[1]
    assert len(part2.titles.show_ids) == ties.FEW
    assert any("tie for first" in note for note in part2.notes)
    assert second.confidence is not None
    assert second.confidence.probability <= ties.CROWDED_SURE
    assert any("tied first" in u for u in second.confidence.unsure)


def test_it_over_a_small_tie_is_each_tied_title_at_its_own_confidence(lexicon):
    second = _round_two(lexicon, "the newest indian movie and who directed it", 4)
    part2 = second.reading[1]
    assert len(part2.titles.show_ids) == 4
    assert not any("tie for first" in note for note in part2.notes)
    assert second.confidence is not None and second.confidence.probability > ties.CROWDED_SURE


def test_capped_leaves_a_reading_without_a_crowd_alone():
    from agentic_rag.agent.models import ReadingConfidence

    sure = ReadingConfidence(probability=0.93)
    assert ties.capped(sure, 0) is sure
    assert ties.capped(sure, 1).probability == ties.CROWDED_SURE


@pytest.mark.parametrize(
    "question",
    [
        "the longest korean movie, who directed it and when was it released",
        "the newest indian movie - who is in it and how long is it",
        "oldest south korean show, who directed it and what is it rated",
    ],
)
def test_a_second_it_is_the_title_of_the_first_known_in_the_same_round(lexicon, question):
    first = plan(lexicon, question)
    assert [s.ref for s in first.reading] == [None, "first", "first"]
    one = [{"show_id": "s2", "title": "Okja", "release_year": 2017}]
    top = ToolResult(call_id="1.1", tool="sql", status=ToolStatus.OK, rows=one)
    second = plan(lexicon, question, iteration=2, previous_plans=[first], results=[top])
    assert [s.titles.show_ids for s in second.reading[1:]] == [["s2"], ["s2"]]
    assert any(c.purpose.startswith("[part 3/3]") for c in second.calls)


@pytest.mark.parametrize("then", ["who directed it?", "and who is in it", "who stars in that one?"])
def test_it_in_a_follow_up_after_a_crowded_tie_is_a_few_at_low_confidence(lexicon, then):
    from agentic_rag.agent.interfaces import TurnSummary

    first = "what's the newest korean movie"
    ids = [f"s{i + 10}" for i in range(ties.TIED_ROWS)]
    history = [TurnSummary(first, first, "…", show_ids=ids)]
    p = plan(lexicon, then, history)
    (spec,) = p.reading
    assert spec.titles.show_ids == ids[: ties.FEW]
    assert ties.crowded_parts(p.reading) == 1
    assert p.confidence is not None and p.confidence.probability <= ties.CROWDED_SURE


def test_them_in_a_follow_up_after_a_crowded_tie_is_all_of_them(lexicon):
    from agentic_rag.agent.interfaces import TurnSummary

    first = "what's the newest korean movie"
    ids = [f"s{i + 10}" for i in range(ties.TIED_ROWS)]
    (spec,) = plan(lexicon, "who directed them?", [TurnSummary(first, first, "…", ids)]).reading
    assert spec.titles.show_ids == ids and not ties.crowded_parts([spec])
