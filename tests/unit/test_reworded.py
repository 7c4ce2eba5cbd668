"""Wordings read in their plain words first (`reworded`): a running time ranked by a word of size
("the biggest runtime": the longest), a season count so ranked ("the highest season count": the
most seasons), "who's behind" (who directed), "whichever" (which), "the most recent" (the newest)
and the first place before a group noun ("the #1 rating": the top rating). Truth: the CSV
(pandas)."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules.reworded import reworded
from tests.unit.reading_sure import sure
from tests.unit.test_offline_planner import plan, rows


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("the one with the biggest runtime", "the one with the longest runtime"),
        ("which doc has the max run time", "which doc has the longest run time"),
        ("lowest running time among kids movies", "shortest running time among kids movies"),
        ("the highest season count", "the most seasons"),
        ("smallest seasons count", "fewest seasons"),
        ("Who’s behind the oldest one", "who directed the oldest one"),
        ("whichever has the most seasons", "which has the most seasons"),
        ("the #1 genre among thai shows", "the top genre among thai shows"),
        ("number one rating for kids tv", "top rating for kids tv"),
        ("who directed the most recent anime film", "who directed the newest anime film"),
    ],
)
def test_a_wording_is_read_in_its_plain_words(text, said):
    out, notes = reworded(text)
    assert out == said and notes


@pytest.mark.parametrize(
    "text",
    [
        "the longest runtime",
        "the #1 movie of 2019",
        "the top 5 thrillers",
        "behind the scenes",
        "the most recently added doc",
    ],
)
def test_plain_words_are_left_as_they_are(text):
    assert reworded(text) == (text, [])


def _of(df: pd.DataFrame, field: str, value: str) -> pd.DataFrame:
    return df[df[field].apply(lambda v: value in {x.strip() for x in v.split(",")})]


def _minutes(df: pd.DataFrame) -> pd.Series:
    return df["duration"].str.extract(r"(\d+) min")[0].astype(float)


@pytest.mark.parametrize(
    ("question", "country", "longest"),
    [
        ("the hungarian movie with the biggest runtime", "Hungary", True),
        ("belgian film w the smallest run time", "Belgium", False),
        ("which indonesian movie has the max duration", "Indonesia", True),
    ],
)
def test_a_runtime_ranked_by_size_is_the_longest_or_shortest(
    catalog_df, catalog_reader, real_db, question, country, longest
):
    movies = _of(catalog_df[catalog_df["type"] == "Movie"], "country", country)
    mins = _minutes(movies)
    best = mins.max() if longest else mins.min()
    truth = set(movies[mins == best]["show_id"])
    [spec] = catalog_reader.read(question)
    assert (spec.op, spec.limit, spec.ascending) == ("top", 1, not longest)
    assert {r[0] for r in rows(real_db, plan(catalog_reader.lex, question))} == truth
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "genre", "rating"),
    [
        ("whats the #1 rating among lgbtq movies", "LGBTQ Movies", "TV-MA"),
        ("number one rating for kids tv?", "Kids' TV", "TV-Y7"),
        ("no. 1 rating of stand-up comedy", "Stand-Up Comedy", "TV-MA"),
    ],
)
def test_the_first_place_of_a_group_is_its_top_one(
    catalog_df, catalog_reader, real_db, question, genre, rating
):
    assert _of(catalog_df, "listed_in", genre)["rating"].value_counts().index[0] == rating
    [spec] = catalog_reader.read(question)
    assert (spec.op, spec.by) == ("most", "rating")
    assert rows(real_db, plan(catalog_reader.lex, question))[0][0] == rating
    assert sure(catalog_reader, question) >= 0.8
