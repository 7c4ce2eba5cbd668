"""A ranking with no noun of its own after a joining word is a part over the set before it
("number of thai movies and the oldest one", "count of anime + the newest"), and a ranking
of a noun the same in both numbers ("docuseries", "miniseries") asks for one title."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.shape import one_asked
from agentic_rag.agent.rules.split import split
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("number of thai movies and the oldest one", 2),
        ("count of anime series + the newest", 2),
        ("egyptian films n the longest of them", 2),
        ("how many reality shows & the shortest one?", 2),
        ("movies with the rock and the longest one he made", 1),  # a clause of its own
        ("the oldest movies and the longest", 2),  # a ranking alone after a set of its own
        ("comedies and the oldest dramas", 1),  # a noun of its own: not a part
    ],
)
def test_a_ranking_alone_after_a_joining_word_is_a_part(question, parts):
    assert len(split(question)) == parts


@pytest.mark.parametrize(
    ("question", "order"),
    [
        ("number of thai movies and the oldest one", "oldest"),
        ("how many egyptian films plus the longest", "longest"),
        ("count of documentaries from 2019 & the newest one", "newest"),
    ],
)
def test_the_ranking_reads_the_set_before_it_and_asks_for_one(lexicon, question, order):
    counted, ranked = plan(lexicon, question).reading
    assert counted.op == "count"
    assert ranked.op == "top" and ranked.limit == 1
    assert ranked.titles.countries == counted.titles.countries
    assert ranked.titles.genres == counted.titles.genres
    assert ranked.titles.year_from == counted.titles.year_from
    assert ranked.ascending == (order == "oldest")


@pytest.mark.parametrize(
    ("text", "one"),
    [
        ("oldest docuseries on netflix", True),
        ("the longest miniseries", True),
        ("the oldest anime series", True),
        ("the oldest docuseries titles", False),
        ("the newest movies", False),
        ("the newest", True),
        ("and the oldest", True),
        ("korean movies, the longest", True),
        ("korean movies the longest", False),  # no clause of its own: the set's own number
    ],
)
def test_a_noun_the_same_in_both_numbers_says_nothing_of_how_many(text, one):
    assert one_asked(text) is one
