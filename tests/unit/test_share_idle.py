"""A share that answers nothing asked is never sure: a ratio of two sets ("the ratio of indian
movies to indian tv shows"), a part that names nothing ("ratio of movies to tv shows": every
title of every title), or a part only of the other type than its base ("what percentage of
movies are tv shows": 0%). A share with a part of its own stays sure. Phrasings written for
this rule."""

from __future__ import annotations

import pytest

from tests.unit.reading_sure import sure


@pytest.mark.parametrize(
    "question",
    [
        "ratio of movies to tv shows",
        "what is the ratio of indian movies to indian tv shows",
        "whats the movie-to-show ratio for japan",
        "ratio between dramas and comedies",
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
