"""A type said as left out is the other type: "indian titles that are not tv shows" are its
movies, "korean titles that aren't movies" its shows (`negation`, `sets.to_set`)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "kind", "country"),
    [
        ("how many indian titles are not tv shows", "Movie", "India"),
        ("korean titles that aren't movies, list", "TV Show", "South Korea"),
        ("anything from norway but not movies", "TV Show", "Norway"),
        ("count the mexican titles other than series", "Movie", "Mexico"),
    ],
)
def test_a_type_left_out_is_the_other_type(catalog_reader, question, kind, country):
    (spec,) = catalog_reader.read(question)
    assert spec.titles.type == kind and spec.titles.countries == [country]
    assert not spec.titles.without


def test_a_type_said_without_a_cue_is_that_type(catalog_reader):
    (spec,) = catalog_reader.read("how many indian tv shows are there")
    assert spec.titles.type == "TV Show"
