"""A year bound said with "up to", "through", "till" before it keeps the year: that year or
earlier ("movies released up to 2015"), never the year alone; a span "from A through B" stays a
span. Truths from pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.measure_truth import run
from tests.unit.reading_sure import sure


def _listed(df, column, name):
    return df[column].apply(lambda v: name in [x.strip() for x in v.split(",")])


def _years(df, kind=None, lo=0, hi=9999, country=None, genre=None):
    year = df["release_year"].astype(int)
    rows = (year >= lo) & (year <= hi)
    if kind:
        rows &= df["type"] == kind
    if country:
        rows &= _listed(df, "country", country)
    if genre:
        rows &= _listed(df, "listed_in", genre)
    return int(rows.sum())


CASES = [
    (
        "how many movies from france but not the ones from 2020 or 2021 (so up to 2019)",
        lambda df: _years(df, "Movie", hi=2019, country="France"),
    ),
    ("how many movies released up to 2015", lambda df: _years(df, "Movie", hi=2015)),
    ("how many tv shows came out up until 2010", lambda df: _years(df, "TV Show", hi=2010)),
    (
        "how many horror movies released through 2012",
        lambda df: _years(df, "Movie", hi=2012, genre="Horror Movies"),
    ),
    ("how many shows from 2015 through 2018", lambda df: _years(df, "TV Show", 2015, 2018)),
]


@pytest.mark.parametrize(("question", "truth"), CASES)
def test_up_to_keeps_the_year(catalog_reader, catalog_df, csv_db, question, truth):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count"
    (row,) = run(csv_db, compile_sql.count(spec.titles))
    assert row[0] == truth(catalog_df)
    assert sure(catalog_reader, question) >= 0.8
