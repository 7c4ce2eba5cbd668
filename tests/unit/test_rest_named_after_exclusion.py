"""A list left out whose rest is named after it ("kids' tv but not the tv-y or tv-y7 ones (so
tv-g or tv-pg)"): the cue covers the whole list, the rest named is the set. A list left out with
nothing named after it, joined by "and" ("shows not from the us and uk"), stays a guess (unsure);
one joined by "or" is left out each (`test_or_list_left_out`). Truths: pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.measure_truth import run
from tests.unit.reading_sure import sure


def _listed(df, column, name):
    return df[column].apply(lambda v: name in [x.strip() for x in v.split(",")])


def _rated(df, genres, ratings):
    rows = df["type"] == df["type"]
    rows &= sum((_listed(df, "listed_in", g) for g in genres), start=rows & False)
    return int((rows & df["rating"].isin(ratings)).sum())


CASES = [
    (
        "kids' tv but NOT the tv-y or tv-y7 ones (so tv-g or tv-pg), how many",
        lambda df: _rated(df, ["Kids' TV"], ["TV-G", "TV-PG"]),
    ),
    (
        "how many kids tv shows excluding tv-y and tv-y7, so only tv-g or tv-pg",
        lambda df: _rated(df, ["Kids' TV"], ["TV-G", "TV-PG"]),
    ),
    (
        "anime not rated tv-14 or tv-ma (meaning tv-pg or tv-y7) count",
        lambda df: _rated(df, ["Anime Features", "Anime Series"], ["TV-PG", "TV-Y7"]),
    ),
    (
        "horror movies not rated r or tv-ma (so the pg-13 and tv-14 ones), how many",
        lambda df: _rated(df, ["Horror Movies"], ["PG-13", "TV-14"]),
    ),
]


@pytest.mark.parametrize(("question", "truth"), CASES)
def test_the_rest_named_is_the_set(catalog_reader, catalog_df, csv_db, question, truth):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and len(spec.titles.without) == 2
    (row,) = run(csv_db, compile_sql.count(spec.titles))
    assert row[0] == truth(catalog_df)
    assert sure(catalog_reader, question) >= 0.8


def test_a_list_left_out_with_no_rest_stays_unsure(catalog_reader):
    question = "how many shows not from the us and uk"
    (spec,) = catalog_reader.read(question)
    assert not spec.titles.without
    assert sure(catalog_reader, question) < 0.5
