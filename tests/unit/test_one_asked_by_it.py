"""A ranking with no number, then "it" of it: one title was asked ("malaysian series with the
most seasons... whos in it": "series" is either number, "it" says one), not the top ten
(`compose.link`); "them" keeps the list."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "question",
    [
        "malaysian series with the most seasons... whos in it",
        "the korean series with the most seasons, who directed it",
        "the aussie series with the most seasons and its cast",
    ],
)
def test_it_after_a_ranking_asks_for_one(catalog_reader, question):
    top, people = catalog_reader.read(question)
    assert (top.op, top.limit, people.op, people.ref) == ("top", 1, "people", "first")


def test_them_after_a_ranking_keeps_the_list(catalog_reader):
    top, people = catalog_reader.read("longest korean movies, who's in them")
    assert top.op == "top" and top.limit != 1 and people.ref == "all"


def test_the_truth_of_the_malaysian_series_with_the_most_seasons(catalog_df):
    shows = catalog_df[
        catalog_df.country.str.split(", ").apply(lambda c: "Malaysia" in c)
        & (catalog_df.type == "TV Show")
    ]
    seasons = shows.duration.str.extract(r"(\d+) Season")[0].astype(int)
    first = shows.loc[seasons.idxmax()]
    assert first.title == "Kopitiam" and "Douglas Lim" in first.cast
