"""A fragment that asks nothing before a colon or spaced dash and "how many" narrows the count
after it ("not from the us: how many horror movies" had been a list of titles not from the us
and a count of horror movies, at 0.95). Truths from the CSV (exact match on the comma-split
lists)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.split import split
from tests.unit.test_offline_planner import plan, rows


def _has(d, column, *values):
    return d[column].fillna("").map(lambda s: bool({x.strip() for x in s.split(",")} & set(values)))


@pytest.mark.parametrize(
    ("question", "keep"),
    [
        ("not from the us: how many horror movies",
         lambda d: _has(d, "listed_in", "Horror Movies") & ~_has(d, "country", "United States")),
        ("rated tv-ma only: how many turkish shows",
         lambda d: (d.type == "TV Show") & _has(d, "country", "Turkey") & (d.rating == "TV-MA")),
        ("excluding dramas - how many egyptian movies",
         lambda d: (d.type == "Movie") & _has(d, "country", "Egypt")
         & ~_has(d, "listed_in", "Dramas", "TV Dramas")),
        ("neither drama nor comedy: how many egyptian movies",
         lambda d: (d.type == "Movie") & _has(d, "country", "Egypt")
         & ~_has(d, "listed_in", "Dramas", "TV Dramas", "Comedies", "TV Comedies")),
    ],
)  # fmt: skip
def test_a_leading_fragment_narrows_the_count(catalog_df, catalog_reader, real_db, question, keep):
    assert len(split(question)) == 1
    want = int(keep(catalog_df).sum())
    assert rows(real_db, plan(catalog_reader.lex, question))[0][0] == want > 0


@pytest.mark.parametrize(
    "question",
    ["list korean dramas: how many are there", "egypt vs turkey: how many movies"],
)
def test_a_fragment_that_asks_or_pairs_is_left_alone(question):
    assert len(split(question)) == 2
