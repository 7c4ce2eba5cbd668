"""A span of release years whose second end is written with two digits ("1970-79", "1995–99"),
in the first year's century, also as a parenthetical restating a decade ("from the 70s
(released 1970-79)"); a date ("2010-12-05") or a second end before the first is no span."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.numbers import number_tags
from tests.unit.reading_sure import sure
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("text", "lo", "hi"),
    [("released 1970-79", 1970, 1979), ("from 1995–99", 1995, 1999), ("2000-09", 2000, 2009)],
)
def test_a_two_digit_end_is_in_the_first_years_century(text, lo, hi):
    [tag] = [t for t in number_tags(text, "2021-09-25", 2021) if t.kind == "release"]
    assert (tag.lo, tag.hi) == (lo, hi)


@pytest.mark.parametrize("text", ["released 2010-12-05", "released 1995-05"])
def test_no_span_of_a_date_or_an_end_before_the_first(text):
    spans = [t for t in number_tags(text, "2021-09-25", 2021) if t.kind == "release" and t.hi]
    assert all(t.lo == t.hi for t in spans)


@pytest.mark.parametrize(
    ("question", "kind", "lo", "hi"),
    [
        ("how many movies from the 70s do you have (released 1970-79)", "Movie", 1970, 1979),
        ("count tv shows released 2000-09", "TV Show", 2000, 2009),
        ("how many films came out in the 90s, so 1990-99", "Movie", 1990, 1999),
    ],
)
def test_counts_match_the_csv(catalog_df, catalog_reader, real_db, question, kind, lo, hi):
    rows = catalog_df[catalog_df["type"] == kind]
    truth = int(rows["release_year"].astype(int).between(lo, hi).sum())
    p = plan(catalog_reader.lex, question)
    got = next(real_db.execute(c.args["query"]).fetchall()[0][0] for c in p.calls)
    assert got == truth and sure(catalog_reader, question) >= 0.8
