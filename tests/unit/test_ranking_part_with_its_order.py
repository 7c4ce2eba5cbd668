"""A count, then a ranking of the same set that says what it orders by ("uruguay movies how
many + the oldest one by release year", "… and the newest one by date added", "… and the
shortest one by runtime"): two parts, the ranking over the first part's set. Truths computed
with pandas on the catalog."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules.split import split


def _movies_of(catalog_df, country: str):
    made = catalog_df["country"].str.contains(country, regex=False)
    return catalog_df[made & (catalog_df["type"] == "Movie")]


@pytest.mark.parametrize(
    ("question", "country", "count", "by", "ascending"),
    [
        (
            "uruguay movies how many + the oldest one by release year",
            "Uruguay",
            13,
            "release_year",
            True,
        ),
        (
            "how many chilean films and the newest one by date added",
            "Chile",
            24,
            "date_added",
            False,
        ),
        (
            "number of greek movies and the shortest one by runtime",
            "Greece",
            9,
            "duration_minutes",
            True,
        ),
    ],
)
def test_the_ranking_is_a_part_over_the_counted_set(
    catalog_df, catalog_reader, question, country, count, by, ascending
):
    assert len(split(question)) == 2
    counted, ranked = catalog_reader.read(question)
    assert (counted.op, ranked.op) == ("count", "top")
    assert ranked.titles.countries == counted.titles.countries == [country]
    assert ranked.by == by and ranked.ascending is ascending
    assert len(_movies_of(catalog_df, country)) == count  # pandas


def test_the_oldest_uruguay_movie_is_whisky(catalog_df):
    movies = _movies_of(catalog_df, "Uruguay")
    oldest = movies.assign(y=pd.to_numeric(movies["release_year"])).nsmallest(1, "y")
    assert oldest["title"].iloc[0] == "Whisky"


@pytest.mark.parametrize(
    "question",
    [
        "the oldest movie by release year",
        "sort korean films by release year",
    ],
)
def test_one_ranking_alone_is_one_part(question):
    assert len(split(question)) == 1
