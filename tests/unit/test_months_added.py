"""Months exist only for dates added (release dates are years): a ranking of months is of the
month added ("which month of 2020 had the most additions": year and month; "which month of the
year": the calendar month over every year), and a year in a question about months is a date
added. Truth: the tiny catalog's rows."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.unit.test_offline_planner import ROWS, plan, rows

ADDED = 4  # the date_added column of ROWS


@pytest.mark.parametrize(
    ("question", "year"),
    [
        ("which month in 2019 had the most additions", 2019),
        ("in 2020, what month got the most new titles added", 2020),
        ("busiest month of 2019 for new arrivals", 2019),
        ("which month of 2020 had the fewest new titles", 2020),
    ],
)
def test_a_month_of_a_year_ranks_year_and_month_added(reader, question, year):
    (spec,) = reader.read(question)
    assert (spec.op, spec.by) == ("most", "added_month")
    assert (spec.titles.added_from, spec.titles.added_to) == (f"{year}-01-01", f"{year + 1}-01-01")
    assert spec.titles.year_from is None and spec.titles.year_to is None


@pytest.mark.parametrize(
    "question",
    [
        "how many titles were added each month in 2019",
        "titles added per month in 2019",
        "monthly additions in 2019",
    ],
)
def test_titles_per_month_are_every_months_count(lexicon, db, question):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert (spec.op, spec.by, spec.breakdown) == ("most", "added_month", True)
    got = {r[0]: r[1] for r in rows(db, p)}
    want = Counter(r[ADDED][:7] for r in ROWS if r[ADDED] and r[ADDED].startswith("2019"))
    assert got == dict(want)


@pytest.mark.parametrize(
    "question",
    [
        "which month of the year has the most titles added",
        "what calendar month do most shows get added in",
        "what time of year are the most movies added",
    ],
)
def test_a_month_of_the_year_ranks_calendar_months_by_name(lexicon, db, question):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert (spec.op, spec.by) == ("most", "added_calendar_month")
    names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    got = {r[0] for r in rows(db, p)}
    assert got and got <= set(names)
