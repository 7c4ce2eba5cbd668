"""Parts of a decade ("the early 90s", "late 2010s", "mid-80s") are their years, and a date
added with only an upper bound ("added before March 2018") counts as used by the reading.
Truth: the tiny catalog's rows."""

from __future__ import annotations

import pytest

from tests.unit.test_offline_planner import ROWS, plan, rows

TITLE, YEAR, ADDED = 1, 3, 4  # columns of ROWS


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("titles from the early 90s", (1990, 1993)),
        ("titles released in the late 2010s", (2017, 2019)),
        ("mid-2010s titles", (2014, 2016)),
        ("titles from the early nineties", (1990, 1993)),
        ("titles from the 2010s", (2010, 2019)),
    ],
)
def test_a_part_of_a_decade_is_its_years(lexicon, db, question, years):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert (spec.titles.year_from, spec.titles.year_to) == years
    lo, hi = years
    assert {r[1] for r in rows(db, p)} == {r[TITLE] for r in ROWS if lo <= r[YEAR] <= hi}


@pytest.mark.parametrize(
    ("question", "before"),
    [
        ("titles added before March 2019", "2019-03-01"),
        ("titles added until June 2019", "2019-07-01"),
    ],
)
def test_an_upper_bound_on_the_date_added_is_used_and_not_asked_back(lexicon, db, question, before):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert spec.titles.added_to == before and spec.titles.added_from is None
    assert p.confidence is not None and not p.confidence.features.get("dropped")
    assert {r[1] for r in rows(db, p)} == {r[TITLE] for r in ROWS if r[ADDED] < before}
