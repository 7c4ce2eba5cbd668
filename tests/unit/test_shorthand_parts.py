"""Chat shorthand in two-part questions: "w/" is "with" before a ranking that refers back
("number of chinese movies and the director w/ the most of them" is a count and a ranking, not
the ranking alone), and the colloquial demonyms "aussie", "brit", "kiwi" name their countries.
Truth: the CSV (pandas)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.split import split
from tests.unit.test_offline_planner import plan, rows


@pytest.mark.parametrize(
    "question",
    [
        "count of french films + the director w/ the most",
        "how many japanese shows and the actor w/ the most of em",
        "number of mexican movies and the director w/ the most of them",
        "total british shows and the one w/ the most seasons",
    ],
)
def test_w_slash_before_a_ranking_back_splits_the_parts(question):
    assert len(split(question)) == 2


@pytest.mark.parametrize(
    ("question", "country", "kind", "role"),
    [
        ("count of french films + the director w/ the most", "France", "Movie", "director"),
        ("how many japanese shows and the actor w/ the most of em", "Japan", "TV Show", "cast"),
        ("number of mexican movies and the director w/ the most of them", "Mexico", "Movie",
         "director"),
    ],
)  # fmt: skip
def test_the_count_is_kept_beside_the_ranking(
    catalog_df, catalog_reader, real_db, question, country, kind, role
):
    counted, ranked = catalog_reader.read(question)
    assert counted.op == "count" and ranked.op == "most" and ranked.by == role
    assert counted.titles.countries == ranked.titles.countries == [country]
    truth = ((catalog_df["type"] == kind) & catalog_df["country"].str.contains(country)).sum()
    assert rows(real_db, plan(catalog_reader.lex, question))[0][0] == truth


@pytest.mark.parametrize(
    ("question", "country", "genre"),
    [
        ("aussie kids tv: how many shows", "Australia", "Kids' TV"),
        ("brit crime tv shows, how many", "United Kingdom", "Crime TV Shows"),
        ("how many kiwi dramas", "New Zealand", "Dramas"),
    ],
)
def test_colloquial_demonyms_name_their_country(
    catalog_df, catalog_reader, real_db, question, country, genre
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.countries == [country]
    held = catalog_df["country"].str.contains(country) & catalog_df["listed_in"].str.contains(
        genre, regex=False
    )
    if spec.titles.type:
        held &= catalog_df["type"] == spec.titles.type
    assert held.sum() > 0
    assert rows(real_db, plan(catalog_reader.lex, question))[0][0] == held.sum()
