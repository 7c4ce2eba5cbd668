"""Titles added to Netflix in the year they came out ("added the same year they came out",
"added in their release year", "released and added in the same year"): a `same_year` tag,
`TitleSet.added_same_year`, compiled to SQL only."""

from __future__ import annotations

import pytest

from tests.unit.test_offline_planner import ROWS, plan, rows


@pytest.mark.parametrize(
    "question",
    [
        "how many titles were added the same year they came out",
        "how many titles were added in their release year",
        "count titles released and added in the same year",
        "how many titles got added to netflix the year they were released",
    ],
)
def test_added_in_its_release_year_is_one_constraint(lexicon, db, reader, question):
    (spec,) = reader.read(question)
    assert spec.op == "count" and spec.titles.added_same_year
    assert spec.titles.added_from is None and spec.titles.year_from is None
    want = sum(1 for r in ROWS if r[4][:4] == str(r[3]))
    p = plan(lexicon, question)
    assert rows(db, p)[0][0] == want and not any(c.tool == "cypher" for c in p.calls)


def test_added_in_a_year_is_no_same_year(reader):
    (spec,) = reader.read("how many titles were added in 2019")
    assert not spec.titles.added_same_year and spec.titles.added_from == "2019-01-01"


@pytest.mark.parametrize(
    "question",
    [
        "how many titles were put on netflix the same year they came out",
        "count the titles that landed on the platform the year they were released",
        "how many titles got added to the catalog in the same year they premiered",
    ],
)
def test_where_it_was_added_may_follow_the_verb(reader, question):
    (spec,) = reader.read(question)
    assert spec.op == "count" and spec.titles.added_same_year
    assert spec.titles.added_from is None and spec.titles.year_from is None
