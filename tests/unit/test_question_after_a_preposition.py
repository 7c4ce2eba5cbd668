"""A count, then a question opened by a preposition ("tv horror total and in what year did
netflix add the most of it", "… and in which year were the most added", "… and in what year
did most of them come out"): two parts, the year that holds the most of the first part's set.
Truths computed with pandas on the catalog."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules.split import split


def _genre(catalog_df, genre: str):
    return catalog_df[catalog_df["listed_in"].str.contains(genre, regex=False)]


@pytest.mark.parametrize(
    ("question", "genre", "count", "by", "year"),
    [
        (
            "tv horror total and in what year did netflix add the most of it",
            "TV Horror",
            75,
            "added_year",
            2020,
        ),
        (
            "count of anime series and in what year did most of them come out",
            "Anime Series",
            176,
            "release_year",
            2018,
        ),
        (
            "how many reality tv titles, and in which year were the most added",
            "Reality TV",
            255,
            "added_year",
            None,
        ),
    ],
)
def test_the_question_is_a_part_over_the_counted_set(
    catalog_df, catalog_reader, question, genre, count, by, year
):
    assert len(split(question)) == 2
    counted, most = catalog_reader.read(question)
    assert (counted.op, most.op, most.by) == ("count", "most", by)
    assert [genre] in most.titles.genres
    titles = _genre(catalog_df, genre)
    assert len(titles) == count  # pandas
    if year is not None:
        added = pd.to_datetime(titles["date_added"].str.strip()).dt.year
        years = added if by == "added_year" else pd.to_numeric(titles["release_year"])
        assert years.value_counts().idxmax() == year


@pytest.mark.parametrize(
    "question",
    [
        "movies from the year in which the most were added",
        "shows set in what looks like the future",
    ],
)
def test_a_preposition_inside_a_clause_does_not_split(question):
    assert len(split(question)) == 1
