"""A share's part said with a running time's verb ("what % of movies released in 2019 run under
90 min"): the verb cuts the base (the films of 2019) from the part (under 90 minutes); a
participle before it ("released", "added", "made") stays the base's. Truths from pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.measure_truth import run
from tests.unit.reading_sure import sure


def _listed(df, column, name):
    return df[column].apply(lambda v: name in [x.strip() for x in v.split(",")])


def _share(df, base, part):
    minutes = df["duration"].str.extract(r"^(\d+) min$")[0].astype(float)
    rows = base(df)
    return round(100 * part(minutes[rows]).sum() / rows.sum(), 1)


def _movies(df):
    return df["type"] == "Movie"


CASES = [
    (
        "what % of movies released in 2019 run under 90 min",
        lambda df: _movies(df) & (df["release_year"] == "2019"),
        lambda m: m < 90,
    ),
    (
        "of the indian movies released after 2015, what percent run longer than 150 minutes",
        lambda df: _movies(df) & _listed(df, "country", "India") & (df["release_year"] > "2015"),
        lambda m: m > 150,
    ),
    (
        "what percentage of spanish movies from 2017 ran under 100 minutes",
        lambda df: _movies(df) & _listed(df, "country", "Spain") & (df["release_year"] == "2017"),
        lambda m: m < 100,
    ),
    (
        "what share of comedies released in 2020 last over 2 hours",
        lambda df: (
            _movies(df) & _listed(df, "listed_in", "Comedies") & (df["release_year"] == "2020")
        ),
        lambda m: m > 120,
    ),
]


@pytest.mark.parametrize(("question", "base", "part"), CASES)
def test_a_running_verb_cuts_the_base(catalog_reader, catalog_df, csv_db, question, base, part):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.part is not None
    assert spec.titles.year_from is not None and spec.part.year_from is None  # the base's year
    (row,) = run(csv_db, compile_sql.share(spec.titles, spec.part))
    assert row[0] == _share(catalog_df, base, part)
    assert sure(catalog_reader, question) >= 0.8


def test_last_year_is_a_date_not_the_verb(catalog_reader):
    (spec,) = catalog_reader.read("what % of titles added last year are movies")
    assert spec.titles.added_from is not None and spec.part is not None
    assert spec.part.type == "Movie" and spec.part.added_from is None


def test_a_part_that_says_its_type_leaves_the_base_untyped(catalog_reader):
    (spec,) = catalog_reader.read("percent of 2019 releases that are movies under 90 min")
    assert spec.op == "share" and spec.part is not None
    assert spec.titles.type is None and spec.part.type == "Movie"
