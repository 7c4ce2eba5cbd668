"""A prefix on a year bounds it: "pre 2000" / "pre-2000" is before that year, "post 2015" /
"post-2015" after it, for release years and for dates added alike."""

from __future__ import annotations

import pytest

from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("question", "year_from", "year_to"),
    [
        ("pre 1990 dramas how many", None, 1989),
        ("list pre-2005 japanese movies", None, 2004),
        ("how many post 2012 thrillers", 2013, None),
        ("post-2018 spanish shows", 2019, None),
        ("dramas from 1990", 1990, 1990),  # no prefix: that year
    ],
)
def test_a_prefixed_release_year_is_a_bound(lexicon, question, year_from, year_to):
    titles = plan(lexicon, question).reading[0].titles
    assert (titles.year_from, titles.year_to) == (year_from, year_to)


@pytest.mark.parametrize(
    ("question", "added_from", "added_to"),
    [
        ("movies added post-2019", "2020-01-01", None),
        ("how many shows were added pre 2017", None, "2017-01-01"),
    ],
)
def test_a_prefixed_year_added_is_a_bound(lexicon, question, added_from, added_to):
    titles = plan(lexicon, question).reading[0].titles
    assert (titles.added_from, titles.added_to) == (added_from, added_to)


def test_a_word_that_starts_with_the_prefix_is_no_bound(lexicon):
    titles = plan(lexicon, "prequels from 2010").reading[0].titles
    assert (titles.year_from, titles.year_to) == (2010, 2010)
