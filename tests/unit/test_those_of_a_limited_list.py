""" "name 3 british crime shows", then "which of those has the most seasons": when the earlier
question asked for a number of titles, "those" are the titles it showed, not its whole set; after
a listing of the whole set ("list korean movies") "those" stay the set."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from tests.unit.test_offline_planner import ROWS, plan

IDS = [r[0] for r in ROWS[:3]]


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("name 3 movies", "which of those is the longest"),
        ("give me 3 titles", "how many of them are movies"),
        ("top 3 newest titles", "and among these which is the oldest"),
    ],
)
def test_those_are_the_titles_shown(lexicon, first, then):
    before = TurnSummary(first, first, "...", show_ids=IDS)
    (spec,) = plan(lexicon, then, history=[before]).reading
    assert spec.titles.show_ids == IDS


@pytest.mark.parametrize(
    ("first", "then"),
    [("list movies", "which of those are from 2019"), ("name 3 movies", "which is the longest")],
)
def test_the_set_stays_when_no_number_was_asked_or_nothing_refers_to_it(lexicon, first, then):
    before = TurnSummary(first, first, "...", show_ids=IDS)
    (spec,) = plan(lexicon, then, history=[before]).reading
    assert spec.titles.show_ids == []
