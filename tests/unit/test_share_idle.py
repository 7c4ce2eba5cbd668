"""A share that answers nothing asked is never sure: a ratio of two sets said as one noun
("whats the movie-to-show ratio for japan"), or a part only of the other type than its base
("what percentage of movies are tv shows": 0%). A share with a part of its own stays sure.
("the ratio of A to B" is the two counts set against each other: `test_ratio_of_two_sets`.)
Phrasings written for this rule."""

from __future__ import annotations

import pytest

from tests.unit.reading_sure import sure


@pytest.mark.parametrize(
    "question",
    [
        "whats the movie-to-show ratio for japan",
        "what percentage of movies are tv shows",
        "what fraction of tv shows are movies from france",
    ],
)
def test_an_idle_share_is_unsure(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share"
    assert sure(catalog_reader, question) < 0.5


@pytest.mark.parametrize(
    "question",
    [
        "what ratio of korean titles are movies",
        "what percent of french titles are tv shows",
        "percentage of films longer than 2 hrs",
    ],
)
def test_a_share_with_a_part_stays_sure(catalog_reader, question):
    assert sure(catalog_reader, question) >= 0.8
