"""Age ratings as strangers type them: a code with a hyphen in any case or run together
("pg-13", "tv14"), spaced next to "rated"/"rating" ("rated tv ma"), and a one-letter code
only next to "rated"/"rating" ("r rated", "rated r"), so "r" and "u" elsewhere stay texting
for "are" and "you". Truth: the CSV's own ratings (pandas)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "rating"),
    [
        ("hw many r rated movies r there", "R"),
        ("how many movies are rated r", "R"),
        ("movies with a rating of r", "R"),
        ("number of g rated films", "G"),
        ("how many pg-13 rated films", "PG-13"),
        ("count of shows rated tv ma", "TV-MA"),
        ("how many tv14 shows r there", "TV-14"),
        ("nc17 movies", "NC-17"),
        ("tv ma shows from spain", "TV-MA"),
        ("how many movies r rated pg", "PG"),  # "r" before "rated <code>" is "are"
        ("how many shows r rated tv ma", "TV-MA"),
    ],
)
def test_a_rating_code_as_typed_is_the_rating(catalog_df, catalog_reader, question, rating):
    assert rating in set(catalog_df["rating"])
    tags = [t for t in catalog_reader.tagger.tag(question) if t.kind == "rating"]
    assert [t.value for t in tags] == [rating]
    assert catalog_reader.read(question)[-1].titles.ratings == [rating]


@pytest.mark.parametrize("question", ["r u there", "what u got", "how many r there", "tv y7 fv"])
def test_a_one_letter_code_away_from_rated_is_no_rating(catalog_reader, question):
    assert not [t for t in catalog_reader.tagger.tag(question) if t.kind == "rating"]
