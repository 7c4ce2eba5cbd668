"""A share's base said with a relative clause ("what % of titles that list taiwan as a country
are tv shows": of the Taiwanese titles), with no verb ("percentage of films longer than 2 hrs":
of the films), or after its part ("tv shows make up what share of korean titles"); a part
said by a negated verb ("… from japan aren't anime") starts at it. Phrasings
written for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


def _minutes(df):
    return df["duration"].str.extract(r"(\d+) min")[0].astype(float)


def _base_part(df, question: str):
    """The base and the part each question means, as pandas masks."""
    movie, show = df["type"] == "Movie", df["type"] == "TV Show"
    return {
        "what percent of titles that list japan as a country are tv shows": (
            _has(df["country"], "Japan"),
            show,
        ),
        "what share of movies that are from france are rated tv-ma": (
            movie & _has(df["country"], "France"),
            df["rating"] == "TV-MA",
        ),
        "what fraction of titles which include india among their countries are movies": (
            _has(df["country"], "India"),
            movie,
        ),
        "percentage of movies shorter than 90 minutes": (movie, _minutes(df) < 90),
        "share of films longer than 3 hours": (movie, _minutes(df) > 180),
        "percent of tv shows rated tv-y7": (show, df["rating"] == "TV-Y7"),
        "tv shows make up what share of korean titles": (_has(df["country"], "South Korea"), show),
        "movies account for what percentage of indian titles": (
            _has(df["country"], "India"),
            movie,
        ),
        "tv shows are what percent of spanish titles": (_has(df["country"], "Spain"), show),
        "tv-ma titles account for what share of german titles": (
            _has(df["country"], "Germany"),
            df["rating"] == "TV-MA",
        ),
        "dramas form what percentage of indian movies": (
            movie & _has(df["country"], "India"),
            _has(df["listed_in"], "Dramas"),
        ),
        "what percentage of tv shows from japan aren't anime": (
            show & _has(df["country"], "Japan"),
            ~(_has(df["listed_in"], "Anime Series") | _has(df["listed_in"], "Anime Features")),
        ),
        "what share of french movies are not dramas": (
            movie & _has(df["country"], "France"),
            ~_has(df["listed_in"], "Dramas"),
        ),
        "what percent of korean titles that aren't tv shows are rated tv-ma": (
            movie & _has(df["country"], "South Korea"),
            df["rating"] == "TV-MA",
        ),
        "what fraction of titles that don't have a director listed are movies": (
            df["director"].str.strip() == "",
            movie,
        ),
    }[question]


@pytest.mark.parametrize(
    "question",
    [
        "what percent of titles that list japan as a country are tv shows",
        "what share of movies that are from france are rated tv-ma",
        "what fraction of titles which include india among their countries are movies",
        "percentage of movies shorter than 90 minutes",
        "share of films longer than 3 hours",
        "percent of tv shows rated tv-y7",
        "tv shows make up what share of korean titles",
        "movies account for what percentage of indian titles",
        "tv shows are what percent of spanish titles",
        "what percentage of tv shows from japan aren't anime",
        "what share of french movies are not dramas",
        "what percent of korean titles that aren't tv shows are rated tv-ma",
        "what fraction of titles that don't have a director listed are movies",
    ],
)
def test_a_share_is_of_its_base(catalog_reader, catalog_df, csv_db, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.part is not None
    base, part = _base_part(catalog_df, question)
    truth = round(100 * part[base].mean(), 1)
    (percent, _, total) = csv_db.execute(compile_sql.share(spec.titles, spec.part)).fetchone()
    assert (percent, total) == (truth, int(base.sum()))


@pytest.mark.parametrize(
    "question", ["share of movies and tv shows", "percentage of indian movies"]
)
def test_no_part_after_a_joined_or_last_noun(catalog_reader, question):
    """'movies and tv shows' joins two nouns; 'indian movies' ends on its noun: neither
    cuts a part after the noun (the share is of all titles)."""
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.titles.is_empty()
