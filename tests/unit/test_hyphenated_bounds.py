"""A running time's bound joined to it by hyphens ("under-90-minute movies", "over-2-hour",
"sub-90-minute", "at-least-2-hours", "90-minute-or-shorter"): the bound holds, never the
amount alone (an exact 90 minutes) nor a name ("shorter"). Truths from pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.measure_truth import run
from tests.unit.reading_sure import sure


def _listed(df, column, name):
    return df[column].apply(lambda v: name in [x.strip() for x in v.split(",")])


def _films(df, keep, country=None, genre=None):
    minutes = df["duration"].str.extract(r"^(\d+) min$")[0].astype(float)
    rows = (df["type"] == "Movie") & keep(minutes)
    if country:
        rows &= _listed(df, "country", country)
    if genre:
        rows &= _listed(df, "listed_in", genre)
    return int(rows.sum())


CASES = [
    ("how many over-2-hour movies from india", lambda df: _films(df, lambda m: m > 120, "India")),
    (
        "sub-90-minute comedies, how many",
        lambda df: _films(df, lambda m: m < 90, genre="Comedies"),
    ),
    (
        "how many under-100-minute movies from japan",
        lambda df: _films(df, lambda m: m < 100, "Japan"),
    ),
    ("how many movies of at-least-3-hours", lambda df: _films(df, lambda m: m >= 180)),
    (
        "how many 90-minute-or-shorter movies from india",
        lambda df: _films(df, lambda m: m <= 90, "India"),
    ),
    ("how many 150-minute-or-longer movies", lambda df: _films(df, lambda m: m >= 150)),
]


@pytest.mark.parametrize(("question", "truth"), CASES)
def test_the_bound_holds(catalog_reader, catalog_df, csv_db, question, truth):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count"
    (row,) = run(csv_db, compile_sql.count(spec.titles))
    assert row[0] == truth(catalog_df)
    assert sure(catalog_reader, question) >= 0.8


def test_a_share_of_a_hyphenated_base(catalog_reader, catalog_df, csv_db):
    question = "what % of under-90-minute movies came out in 2019"
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.titles.minutes_max == 89
    (row,) = run(csv_db, compile_sql.share(spec.titles, spec.part))
    minutes = catalog_df["duration"].str.extract(r"^(\d+) min$")[0].astype(float)
    base = (catalog_df["type"] == "Movie") & (minutes < 90)
    assert row[0] == round(
        100 * (base & (catalog_df["release_year"] == "2019")).sum() / base.sum(), 1
    )
