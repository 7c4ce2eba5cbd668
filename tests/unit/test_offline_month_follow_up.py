"""A month named with no year ("what about april") takes the year of the earlier window on
dates added, in a follow-up or a later part of one question; alone it constrains nothing and
the reading cannot be sure. Truth: the tiny catalog's rows (dates added in column 4)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from tests.unit.test_offline_planner import ROWS, plan, rows

TITLE, ADDED = 1, 4


@pytest.mark.parametrize(
    ("first", "then", "month"),
    [
        ("How many titles were added in november 2019?", "what about december", "2019-12"),
        ("which titles were added in march 2019", "and in december?", "2019-12"),
        ("titles added in 2021", "only september", "2021-09"),
    ],
)
def test_a_month_with_no_year_takes_the_earlier_windows_year(lexicon, db, first, then, month):
    p = plan(lexicon, then, history=[TurnSummary(first, first, "...")])
    (spec,) = p.reading
    year, m = int(month[:4]), int(month[5:])
    assert spec.titles.added_from == f"{month}-01"
    assert spec.titles.added_to == f"{year + m // 12}-{m % 12 + 1:02d}-01"
    if "how many" not in first.casefold():
        expected = {r[TITLE] for r in ROWS if r[ADDED].startswith(month)}
        assert expected and {r[1] for r in rows(db, p)} == expected


def test_a_later_part_names_a_month_of_the_same_year(reader):
    specs = reader.read("how many titles were added in june 2019 and how many in december")
    assert (specs[-1].titles.added_from, specs[-1].titles.added_to) == ("2019-12-01", "2020-01-01")


def test_a_month_alone_constrains_nothing_and_is_kept_unresolved(reader):
    (spec,) = reader.read("how many titles were added in april")
    assert spec.titles.added_from is None and spec.titles.added_month == 4


def test_may_the_verb_is_no_month(reader):
    (spec,) = reader.read("may I see the movies added in 2019")
    assert spec.titles.added_month is None and spec.titles.added_from == "2019-01-01"


def test_a_month_that_opens_a_title_is_the_title(catalog_df, catalog_reader):
    assert (catalog_df["title"] == "August: Osage County").sum() == 1
    tags = catalog_reader.tagger.tag("what about August: Osage County")
    assert [(t.kind, t.value) for t in tags] == [("title", "August: Osage County")]
