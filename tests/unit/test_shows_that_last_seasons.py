""" "last" said before a season count is the verb of a series' run ("anime shows that last 2
seasons or less", "korean shows that last more than 1 season"), used by the reading as before a
running time ("last 3 hours"); "the last 2 seasons" of a title is no such verb. Phrasings
written for this test, from no question set; truths computed with pandas on the catalog CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.measure_truth import run
from tests.unit.reading_sure import sure


def _has(df, column, name):
    return df[column].fillna("").map(lambda v: name in [x.strip() for x in v.split(",")])


def _seasons(df):
    return df.duration.str.extract(r"(\d+) Season")[0].astype(float)


CASES = [
    (
        "how many anime shows last 2 seasons or less",
        lambda df: _has(df, "listed_in", "Anime Series") & (_seasons(df) <= 2),
    ),
    (
        "count korean shows that last more than 1 season",
        lambda df: _has(df, "country", "South Korea") & (df.type == "TV Show") & (_seasons(df) > 1),
    ),
    (
        "number of teen shows that last at least 3 seasons",
        lambda df: _has(df, "listed_in", "Teen TV Shows") & (_seasons(df) >= 3),
    ),
]


@pytest.mark.parametrize(("question", "truth"), CASES)
def test_last_before_a_season_count_is_used(catalog_reader, catalog_df, csv_db, question, truth):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count"
    (row,) = run(csv_db, compile_sql.count(spec.titles))
    assert row[0] == int(truth(catalog_df).sum())
    assert sure(catalog_reader, question) >= 0.8
