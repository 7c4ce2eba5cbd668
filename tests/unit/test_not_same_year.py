"""Titles NOT added in the year they came out: the `same_year` wording left out by a negation
cue ("were not added to netflix the same year they were released") is a set left out.
Phrasings written for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.reading_sure import sure


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


@pytest.mark.parametrize(
    ("question", "country", "kind"),
    [
        (
            "south korean titles that were NOT added to netflix in the same year they were "
            "released - count",
            "South Korea",
            None,
        ),
        ("how many indian movies were not added the same year they came out", "India", "Movie"),
        ("how many british shows weren't added in their release year", "United Kingdom", "TV Show"),
    ],
)
def test_not_added_the_same_year(catalog_reader, catalog_df, csv_db, question, country, kind):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and [w.added_same_year for w in spec.titles.without] == [True]
    (got,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    df = catalog_df
    added = pd.to_datetime(df["date_added"].str.strip(), errors="coerce").dt.year
    rows = _has(df["country"], country) & (added != df["release_year"].astype(int))
    if kind:
        rows &= df["type"] == kind
    assert got == int(rows.sum()) > 0
    assert sure(catalog_reader, question) >= 0.8
