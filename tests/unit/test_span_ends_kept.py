"""A span of running times or seasons said with its two ends kept ("both ends counted",
"inclusive", "both included"): the words are the span's, how it is read anyway, never a title
or an unused word. Truths from pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.measure_truth import run
from tests.unit.reading_sure import sure


def _listed(df, column, name):
    return df[column].apply(lambda v: name in [x.strip() for x in v.split(",")])


def _between(df, kind, unit, lo, hi, genre=None, country=None):
    n = df["duration"].str.extract(rf"^(\d+) {unit}")[0].astype(float)
    rows = (df["type"] == kind) & (n >= lo) & (n <= hi)
    if genre:
        rows &= _listed(df, "listed_in", genre)
    if country:
        rows &= _listed(df, "country", country)
    return int(rows.sum())


CASES = [
    (
        "how many comedies between 1 hr and 1 hr 20 min, both ends counted",
        lambda df: _between(df, "Movie", "min", 60, 80, genre="Comedies"),
    ),
    (
        "how many shows with 2 to 4 seasons, both ends counted",
        lambda df: _between(df, "TV Show", "Season", 2, 4),
    ),
    (
        "how many movies 90 to 100 minutes long, inclusive",
        lambda df: _between(df, "Movie", "min", 90, 100),
    ),
    (
        "how many korean shows have 1 to 2 seasons, both included",
        lambda df: _between(df, "TV Show", "Season", 1, 2, country="South Korea"),
    ),
]


@pytest.mark.parametrize(("question", "truth"), CASES)
def test_both_ends_kept(catalog_reader, catalog_df, csv_db, question, truth):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and not spec.titles.titles
    (row,) = run(csv_db, compile_sql.count(spec.titles))
    assert row[0] == truth(catalog_df)
    assert sure(catalog_reader, question) >= 0.8
