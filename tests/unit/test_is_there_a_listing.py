""" "Is there a {genre} movie from {year}", "is there a {person} movie": whether the catalog
holds such titles is a listing of them (none is an answer), not a search of the descriptions for
the words "is there" (a plan example of the family, `plan_examples.yaml`). Phrasings written for
this test; truths with pandas on data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql as q


def _has(v: str, name: str) -> bool:
    return name in {x.strip() for x in v.split(",")}


@pytest.mark.parametrize(
    ("question", "column", "value", "year", "truth"),
    [
        ("is there a horror movie from 1975", "listed_in", "Horror Movies", "1975", 0),
        ("is there a kunle afolayan movie from 2015", "director", "Kunle Afolayan", "2015", 0),
        ("is there a danny trejo movie from 2019", "cast", "Danny Trejo", "2019", 3),
        ("is there a thai movie from 2014", "country", "Thailand", "2014", None),
    ],
)
def test_is_there_a_kind_of_title_lists_them(
    catalog_df, catalog_reader, csv_db, question, column, value, year, truth
):
    rows = catalog_df[
        (catalog_df["type"] == "Movie")
        & (catalog_df["release_year"] == year)
        & catalog_df[column].map(lambda v: _has(v, value))
    ]
    if truth is not None:
        assert len(rows) == truth
    (spec,) = catalog_reader.read(question)
    assert spec.op == "list" and not spec.about, question
    assert spec.titles.type == "Movie" and spec.titles.year_from == int(year)
    (count,) = csv_db.execute(q.count(spec.titles)).fetchone()
    assert count == len(rows), question


@pytest.mark.parametrize(
    "question", ["is there a movie where a dog saves a family", "is there a show about chess"]
)
def test_is_there_a_title_described_is_still_a_search(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "search" and "is there" not in spec.about, question
