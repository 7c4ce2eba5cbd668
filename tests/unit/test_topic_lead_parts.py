"""A topic said first, then parts asked of it ("tv mysteries - give me the count and the show
among them with the most seasons", "trailer park boys - count of movies and count of shows"):
every part after the topic is of the topic's set. "count of" / "number of" after the colon or
dash is a part of its own like "how many", and "the show among them with the most" is one
title of the set before it. Truth: the CSV (pandas)."""

from __future__ import annotations

import re

import pytest

from agentic_rag.agent.rules.split import split
from agentic_rag.folding import fold
from tests.unit.test_offline_planner import plan


def _sql(db, question, lex) -> list[list[tuple]]:
    return [
        db.execute(c.args["query"]).fetchall() for c in plan(lex, question).calls if c.tool == "sql"
    ]


def _seasons(df):
    return df["duration"].str.extract(r"(\d+) Season")[0].astype(float)


@pytest.mark.parametrize(
    ("question", "genre"),
    [
        ("stand-up comedy & talk shows - give me the count and the show among them with the "
         "most seasons", "Stand-Up Comedy & Talk Shows"),
        ("reality tv: how many, plus the show of them with the most seasons", "Reality TV"),
        ("tv sci-fi & fantasy - how many, and the series among those with the most seasons",
         "TV Sci-Fi & Fantasy"),
    ],
)  # fmt: skip
def test_a_count_and_the_one_among_them_with_the_most(
    catalog_df, catalog_reader, real_db, question, genre
):
    counted, ranked = catalog_reader.read(question)
    assert counted.op == "count" and counted.titles.genres == [[genre]]
    assert ranked.op == "top" and ranked.limit == 1 and ranked.by == "seasons"
    held = catalog_df[catalog_df["listed_in"].str.contains(genre, regex=False)]
    count, top = _sql(real_db, question, catalog_reader.lex)
    assert count[0][0] == len(held)
    most = _seasons(held).max()
    assert top[0][0] in set(held[_seasons(held) == most]["show_id"])


def _holding(df, phrase: str, kind: str) -> int:
    k = f" {' '.join(re.findall(r'\w+', fold(phrase)))} "
    words = df["title"].map(lambda t: f" {' '.join(re.findall(r'\w+', fold(t)))} ")
    return int((words.str.contains(k, regex=False) & (df["type"] == kind)).sum())


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("trailer park boys - count of movies and count of shows", "trailer park boys"),
        ("lego - count of films, and count of series", "lego"),
        ("barbie: number of movies and number of shows", "barbie"),
    ],
)
def test_a_named_topic_then_counts_of_each_type(
    catalog_df, catalog_reader, real_db, question, phrase
):
    assert len(split(question)) == 3
    movies, shows = catalog_reader.read(question)
    assert (movies.op, movies.titles.type, shows.op, shows.titles.type) == (
        "count", "Movie", "count", "TV Show",
    )  # fmt: skip
    assert [fold(p) for p in movies.titles.title_has] == [phrase]
    counts = [r[0][0] for r in _sql(real_db, question, catalog_reader.lex)]
    assert counts == [
        _holding(catalog_df, phrase, "Movie"),
        _holding(catalog_df, phrase, "TV Show"),
    ]
    assert counts[0] > 0 and counts[1] > 0
