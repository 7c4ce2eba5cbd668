"""A follow-up that moves the previous question's time by whole years ("and the year after
that?", "the previous year?", "two years later"): the previous question over its window moved by
that many years, release years and dates added alike (`agent/rules/shift.py`); a follow-up with
a time of its own keeps its own."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules.confidence import features
from agentic_rag.agent.rules.shift import shift_of


def _follow(reader, first: str, then: str):
    (spec,) = reader.read(then, [TurnSummary(first, first, "...")])
    return spec


@pytest.mark.parametrize(
    ("then", "window"),
    [
        ("and the year after that?", ("2020-01-01", "2021-01-01")),
        ("what about the following year", ("2020-01-01", "2021-01-01")),
        ("and a year earlier?", ("2018-01-01", "2019-01-01")),
        ("ok and the previous year", ("2018-01-01", "2019-01-01")),
        ("and three years before that", ("2016-01-01", "2017-01-01")),
    ],
)
def test_a_date_added_window_moves_by_the_years_said(reader, then, window):
    spec = _follow(reader, "how many dramas were added in 2019", then)
    assert spec.op == "count" and spec.titles.genres
    assert (spec.titles.added_from, spec.titles.added_to) == window
    assert spec.shifted == shift_of(then)


@pytest.mark.parametrize(
    ("then", "years"),
    [
        ("two years later?", (2017, 2017)),
        ("and the year before?", (2014, 2014)),
        ("how about the next year", (2016, 2016)),
    ],
)
def test_a_release_year_moves_by_the_years_said(reader, then, years):
    spec = _follow(reader, "which movies from japan were released in 2015", then)
    assert (spec.titles.year_from, spec.titles.year_to) == years
    assert spec.titles.countries == ["Japan"] and spec.titles.type == "Movie"


def test_a_part_of_a_year_moves_whole_years(reader):
    spec = _follow(reader, "titles added in the second half of 2019", "and the following year?")
    assert (spec.titles.added_from, spec.titles.added_to) == ("2020-07-01", "2021-01-01")


def test_a_follow_up_with_its_own_time_keeps_it(reader):
    spec = _follow(reader, "how many dramas were added in 2019", "what about 2017, the year after")
    assert spec.shifted == 0


def test_the_moved_words_are_used_by_the_reading(reader):
    first, then = "how many dramas were added in 2019", "and the year after that?"
    history = [TurnSummary(first, first, "...")]
    specs = reader.read(then, history)
    _, used = features(reader, then, specs, " ".join(s.model_dump_json() for s in specs))
    assert not used.unused and not used.meaning


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("how many comedies came out in 2016 and how many the year after", (2017, 2017)),
        ("how many dramas were released in 2012, and how many two years later", (2014, 2014)),
        ("how many movies came out in 2019 and how many the year before", (2018, 2018)),
    ],
)
def test_a_later_part_moves_the_earlier_parts_time(reader, question, years):
    first, later = reader.read(question)
    assert (later.titles.year_from, later.titles.year_to) == years
    assert later.titles.genres == first.titles.genres and later.shifted == shift_of(question)
