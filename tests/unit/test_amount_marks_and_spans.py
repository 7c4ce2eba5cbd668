"""Running times and season counts said in words: a bound past "the N hour mark", a part of a
unit after the whole ones ("an hour and three quarters"), a span of
amounts joined by "up to" / "until" with "both ends included", a set that "only ran for" a
count of seasons, and the verb of lasting an asked unit goes with ("tv comedies last how many
seasons on average"). Truth: the CSV (pandas)."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules.amounts import amount_tags
from tests.unit.reading_sure import sure
from tests.unit.test_offline_planner import plan


def _minutes(df: pd.DataFrame) -> pd.Series:
    movies = df[df["type"] == "Movie"]
    return movies["duration"].str.extract(r"(\d+) min")[0].astype(float)


def _count(db, p) -> int:
    return next(db.execute(c.args["query"]).fetchall()[0][0] for c in p.calls if c.tool == "sql")


@pytest.mark.parametrize(
    ("text", "lo", "hi"),
    [
        ("past the 2 hour mark", 121, None),
        ("over the 90-minute point", 91, None),
        ("under the three hour mark", None, 179),
        ("from an hour and a half up to an hour and 45 min, both ends included", 90, 105),
        ("from 1 hour until 80 minutes inclusive", 60, 80),
        ("between 100 minutes through two hours", 100, 120),
        # a part of the unit after the whole ones
        ("longer than an hour and three quarters", 106, None),
        ("an hour and a quarter or less", None, 75),
        ("past the two and a quarter hour mark", 136, None),
        ("between two and a half and three hours", 150, 180),
        ("2 to 3 and a half hours", 120, 210),
        ("longer than 2 and three-quarter hours", 166, None),
        ("under a three quarter hour", None, 44),
    ],
)
def test_marks_and_spans_are_one_bound(text, lo, hi):
    [tag] = amount_tags(text, [])
    assert (tag.kind, tag.lo, tag.hi, tag.text) == ("minutes", lo, hi, text)


@pytest.mark.parametrize(
    ("question", "country", "lo", "hi"),
    [
        ("how many japanese films go past the 2 hour mark", "Japan", 121, 10_000),
        ("count french movies that run from an hour up to an hour and a half, both ends "
         "included", "France", 60, 90),
        ("number of turkish films over the 100 minute mark", "Turkey", 101, 10_000),
        ("how many german films run longer than an hour and three quarters", "Germany", 106,
         10_000),
        ("indian movies between two and a half and three hours long, count", "India", 150, 180),
    ],
)  # fmt: skip
def test_counts_of_marks_and_spans_match_the_csv(
    catalog_df, catalog_reader, real_db, question, country, lo, hi
):
    movies = catalog_df[catalog_df["type"] == "Movie"]
    of = movies["country"].fillna("").str.split(", ").apply(lambda cs: country in cs)
    truth = int((_minutes(catalog_df)[of].between(lo, hi)).sum())
    assert _count(real_db, plan(catalog_reader.lex, question)) == truth
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    "question",
    [
        "reality tv that only ran for a single season",
        "korean dramas that only lasted for one season, how many",
        "how many british shows ran for just 2 seasons",
        "tv comedies last how many seasons on average",
        "how many seasons do crime tv shows last on average",
        "mean length in mins of horror movies",
    ],
)
def test_the_words_of_a_duration_are_used(catalog_reader, question):
    assert sure(catalog_reader, question) >= 0.8


def test_the_average_a_lasting_verb_asks_matches_the_csv(catalog_df, catalog_reader, real_db):
    shows = catalog_df[catalog_df["type"] == "TV Show"]
    crime = shows[shows["listed_in"].str.split(", ").apply(lambda g: "Crime TV Shows" in g)]
    truth = crime["duration"].str.extract(r"(\d+)")[0].astype(float).mean()
    p = plan(catalog_reader.lex, "crime tv shows last how many seasons on average")
    got = next(real_db.execute(c.args["query"]).fetchall()[0][0] for c in p.calls)
    assert round(got, 2) == round(truth, 2)


@pytest.mark.parametrize(
    ("question", "genre"),
    [
        ("on average, how many seasons do anime series run", "Anime Series"),
        ("how many seasons do crime tv shows run on average", "Crime TV Shows"),
        ("how many seasons did docuseries last, on average", "Docuseries"),
    ],
)
def test_the_verb_a_unit_lasts_by_is_no_title(catalog_df, catalog_reader, real_db, question, genre):
    [spec] = catalog_reader.read(question)
    assert spec.op == "average" and not spec.titles.titles
    shows = catalog_df[catalog_df["type"] == "TV Show"]
    of = shows[shows["listed_in"].str.split(", ").apply(lambda g: genre in g)]
    truth = of["duration"].str.extract(r"(\d+)")[0].astype(float).mean()
    p = plan(catalog_reader.lex, question)
    got = next(real_db.execute(c.args["query"]).fetchall()[0][0] for c in p.calls)
    assert round(got, 2) == round(truth, 2)
