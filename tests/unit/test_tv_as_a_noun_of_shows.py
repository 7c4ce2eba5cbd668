""" "tv" after a word names TV shows ("horror tv how many", "comedy tv", "korean tv"): the set is
of TV shows (and a genre both types share narrows to its TV genre), not every title; not the
ratings ("tv-ma", "tv-14"), "tv movies" nor "on tv". Truths computed with pandas."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "genre", "count"),
    [
        ("horror tv how many", "TV Horror", 75),
        ("how many horror tv titles", "TV Horror", 75),
        ("comedy tv how many", "TV Comedies", None),
    ],
)
def test_tv_after_a_genre_reads_tv_shows(catalog_df, catalog_reader, question, genre, count):
    (spec,) = catalog_reader.read(question)
    assert spec.titles.type == "TV Show"
    assert spec.titles.genres == [[genre]]
    held = catalog_df["listed_in"].str.contains(genre, regex=False)
    assert (held & (catalog_df["type"] != "TV Show")).sum() == 0  # a TV genre (pandas)
    if count is not None:
        assert held.sum() == count


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("anything rated tv-ma from 2020", None),
        ("movies rated tv-14 how many", "Movie"),
        ("what's on tv from india", None),
    ],
)
def test_ratings_and_on_tv_are_no_type(catalog_reader, question, kind):
    (spec,) = catalog_reader.read(question)
    assert spec.titles.type == kind
