"""A list joined by "or" after one negation cue leaves out each of it, as "neither A nor B" does
("anime features that arent rated pg-13 or tv-14", "movies not from the us, uk or india");
a list joined by "and" ("not from the us and uk") stays a guess (unsure). Phrasings written for
this test, from no question set; truths computed with pandas on the catalog CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.measure_truth import run
from tests.unit.reading_sure import sure


def _has(df, column, names):
    split = df[column].fillna("").map(lambda v: {x.strip() for x in v.split(",")})
    return split.map(lambda s: bool(s & set(names)))


CASES = [
    (
        "how many anime features arent rated pg-13 or tv-14",
        lambda df: _has(df, "listed_in", ["Anime Features"]) & ~df.rating.isin(["PG-13", "TV-14"]),
    ),
    (
        "movies not from the us, uk or india how many",
        lambda df: (
            (df.type == "Movie")
            & ~_has(df, "country", ["United States", "United Kingdom", "India"])
        ),
    ),
    (
        "count of classic movies excluding dramas or comedies",
        lambda df: (
            _has(df, "listed_in", ["Classic Movies"])
            & ~_has(df, "listed_in", ["Dramas", "Comedies"])
        ),
    ),
    (
        "thai titles that aren't tv-ma/tv-14, how many",
        lambda df: _has(df, "country", ["Thailand"]) & ~df.rating.isin(["TV-MA", "TV-14"]),
    ),
]


@pytest.mark.parametrize(("question", "truth"), CASES)
def test_each_of_an_or_list_after_a_cue_is_left_out(
    catalog_reader, catalog_df, csv_db, question, truth
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and len(spec.titles.without) >= 2
    (row,) = run(csv_db, compile_sql.count(spec.titles))
    assert row[0] == int(truth(catalog_df).sum())
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    "question",
    ["how many shows not from the us and uk", "which movies are not from india and japan"],
)
def test_a_list_joined_by_and_after_a_cue_stays_unsure(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert not spec.titles.without
    assert sure(catalog_reader, question) < 0.5
