"""An amount of titles the asker states to be checked ("i bet there are zero X. am i wrong?",
"my friend says netflix has 500 korean shows, how many are there really") is no filter: the
reading counts the set it names, the stance, the amount and the check set aside
(`premises.py`). Phrasings written for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules import compile_sql
from agentic_rag.agent.rules.premises import premised
from tests.unit.reading_sure import sure


def _listed(df: pd.DataFrame, column: str, value: str) -> pd.Series:
    return df[column].str.split(", ").apply(lambda xs: value in xs)


def _truth(df: pd.DataFrame, column: str, value: str, kind: str | None, year: int | None) -> int:
    rows = df[_listed(df, column, value)]
    rows = rows[rows["type"] == kind] if kind else rows
    rows = rows[rows["release_year"] == str(year)] if year else rows
    return len(rows)


@pytest.mark.parametrize(
    ("question", "column", "value", "kind", "year"),
    [
        ("i bet there are zero movies from malta. am i wrong?", "country", "Malta", "Movie", None),
        (
            "my friend says netflix has 500 korean shows. how many are there really",
            "country",
            "South Korea",
            "TV Show",
            None,
        ),
        (
            "i think there are like 20 danish titles, right? how many",
            "country",
            "Denmark",
            None,
            None,
        ),
        (
            "pretty sure there are over 100 anime series, true?",
            "listed_in",
            "Anime Series",
            None,
            None,
        ),
        (
            "i guess there are about 50 movies from argentina, am i right?",
            "country",
            "Argentina",
            "Movie",
            None,
        ),
        (
            "i bet there are no horror movies from 2016. am i wrong? how many came out that year",
            "listed_in",
            "Horror Movies",
            None,
            2016,
        ),
    ],
)
def test_a_stated_amount_is_checked_not_filtered(
    catalog_reader, catalog_df, csv_db, question, column, value, kind, year
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.type == kind
    assert any("claim to check" in n for n in spec.notes)
    (got,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert got == _truth(catalog_df, column, value, kind, year) > 0
    assert sure(catalog_reader, question) >= 0.8


def test_a_check_is_set_aside_only_after_a_premise():
    pieces, aside, _ = premised(["i bet there are 3 thai movies", "am i wrong?", "how many"])
    assert pieces == ["thai movies", "how many"] and aside[-1] == "am i wrong?"
    assert premised(["korean movies", "right?"])[0] == ["korean movies", "right?"]


def test_no_amount_is_no_premise():
    pieces = ["i think tom hanks is in 10 movies, am i right"]
    assert premised(pieces) == (pieces, [], [])
