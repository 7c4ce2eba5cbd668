"""Countries a title must list all of: "both india and the us", "… jointly", "co-produced by":
the titles whose country list holds each one (not any of them); two countries with a plain
"or" stay any of them. Truths from pandas on the catalog CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.measure_truth import run
from tests.unit.reading_sure import sure


def _listed(df, column, name):
    return df[column].apply(lambda v: name in [x.strip() for x in v.split(",")])


def _each(df, *countries, kind=None):
    rows = df["type"] == kind if kind else df["type"] != ""
    for c in countries:
        rows &= _listed(df, "country", c)
    return int(rows.sum())


CASES = [
    (
        "titles listed as both india and united states as countries - how many",
        ("India", "United States"),
        None,
    ),
    ("how many titles list both france and belgium as countries", ("France", "Belgium"), None),
    ("movies from both germany and france - how many", ("Germany", "France"), "Movie"),
    (
        "how many shows did the uk and canada make jointly",
        ("United Kingdom", "Canada"),
        "TV Show",
    ),
    (
        "count the titles that have both japan and the united states",
        ("Japan", "United States"),
        None,
    ),
]


@pytest.mark.parametrize(("question", "countries", "kind"), CASES)
def test_each_country_listed(catalog_reader, catalog_df, csv_db, question, countries, kind):
    spec = catalog_reader.read(question)[-1]
    assert spec.op == "count"
    (row,) = run(csv_db, compile_sql.count(spec.titles))
    assert row[0] == _each(catalog_df, *countries, kind=kind)
    assert sure(catalog_reader, question) >= 0.8


def test_or_keeps_any_of_them(catalog_reader):
    (spec,) = catalog_reader.read("how many titles from the us or the uk")
    assert spec.titles.countries == ["United States", "United Kingdom"]
    assert spec.titles.within is None


SHARES = [
    (
        "what percentage of the catalog is both a comedy and a drama",
        lambda df: (
            (_listed(df, "listed_in", "Comedies") | _listed(df, "listed_in", "TV Comedies"))
            & (_listed(df, "listed_in", "Dramas") | _listed(df, "listed_in", "TV Dramas"))
        ),
        lambda df: df["type"] != "",
    ),
    (
        "what share of korean titles list both south korea and japan",
        lambda df: _listed(df, "country", "South Korea") & _listed(df, "country", "Japan"),
        lambda df: _listed(df, "country", "South Korea"),
    ),
]


@pytest.mark.parametrize(("question", "part", "base"), SHARES)
def test_both_in_a_shares_part(catalog_reader, catalog_df, csv_db, question, part, base):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.part is not None
    (row,) = run(csv_db, compile_sql.share(spec.titles, spec.part))
    rows = base(catalog_df)
    assert row[0] == round(100 * (rows & part(catalog_df)).sum() / rows.sum(), 1)
    assert sure(catalog_reader, question) >= 0.8
