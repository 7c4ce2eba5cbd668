"""A piece that names no titles, only what they must be, then a count of titles of its own
("not from the us: how many horror movies", "from japan: how many anime series"): one count of
those titles so filtered (`topic.filters_only`), not a listing of every title so filtered and a
count of all the others. Phrasings written for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.reading_sure import sure


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


@pytest.mark.parametrize(
    ("question", "genre", "country", "kept"),
    [
        ("not from the us: how many horror movies", "Horror Movies", "United States", False),
        ("from japan: how many anime series", "Anime Series", "Japan", True),
        ("outside india - how many international movies", "International Movies", "India",
         False),
        ("made in france: how many docuseries", "Docuseries", "France", True),
    ],
)  # fmt: skip
def test_the_filters_said_first_hold_for_the_count(
    catalog_reader, catalog_df, csv_db, question, genre, country, kept
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count"
    df = catalog_df
    from_it = _has(df["country"], country)
    truth = int((_has(df["listed_in"], genre) & (from_it if kept else ~from_it)).sum())
    (row,) = csv_db.execute(compile_sql.count(spec.titles)).fetchall()
    assert row[0] == truth and truth > 0
    assert sure(catalog_reader, question) >= 0.8


def test_a_set_named_first_is_still_counted_as_before(catalog_reader):
    (spec,) = catalog_reader.read("korean films: how many are there")
    assert spec.op == "count" and spec.titles.type == "Movie" and spec.titles.countries
