"""A country's possessive written with no apostrophe before a word: "polands longest film",
"mexicos oldest movie", "south koreas longest film" read the country (`catalog_words`); the
rankings they ask are checked against the CSV."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "country"),
    [
        ("polands longest film", "Poland"),
        ("mexicos oldest movie", "Mexico"),
        ("south koreas longest film", "South Korea"),
        ("egypts most recently added film", "Egypt"),
    ],
)
def test_an_unmarked_possessive_names_the_country(catalog_reader, question, country):
    spec = catalog_reader.read(question)[0]
    assert spec.titles.countries == [country] and spec.op == "top" and spec.limit == 1


def test_the_truth_of_polands_longest_film(catalog_df):
    movies = catalog_df[
        catalog_df.country.str.split(", ").apply(lambda c: "Poland" in c)
        & (catalog_df.type == "Movie")
    ]
    minutes = movies.duration.str.extract(r"(\d+) min")[0].astype(float)
    longest = movies.loc[minutes.idxmax()]
    assert (longest.title, longest.release_year) == ("The Pianist", "2002")


def test_a_plain_plural_word_is_no_country(catalog_reader):
    spec = catalog_reader.read("how many movies from poland")[0]
    assert spec.titles.countries == ["Poland"] and spec.op == "count"
