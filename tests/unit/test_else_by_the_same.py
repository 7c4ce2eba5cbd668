"""More titles of the people of one title asked in the same question: "the longest taiwanese
movie and anything else by the same director", "oldest polish movie - other movies by the same
director". The asking part is a part of its own (its titles share a director with the earlier
part's one title), never words left over from the ranking (asked back at ~0%). Checked on
data/netflix_titles.csv: the longest Taiwanese movie is A Sun (Chung Mong-hong, no other
title); the oldest Lebanese movie is Beirut Oh Beirut (Maroun Baghdadi: Whispers, The Little
Wars, Out of Life)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.split import split


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (
            "the longest taiwanese movie and anything else by the same director",
            ["the longest taiwanese movie", "anything else by the same director"],
        ),
        (
            "oldest polish movie - other movies by the same director",
            ["oldest polish movie", "other movies by the same director"],
        ),
        (
            "the newest chilean film, other films from the same director?",
            ["the newest chilean film", "other films from the same director?"],
        ),
        (
            "the oldest lebanese movie n something else by him",
            ["the oldest lebanese movie", "something else by him"],
        ),
    ],
)
def test_more_by_the_same_people_is_a_part_of_its_own(question, parts):
    assert split(question) == parts


@pytest.mark.parametrize(
    "question",
    [
        "movies by spielberg and anything else by tom hanks",  # a person named: no reference
        "tom hanks movies and other stuff",
    ],
)
def test_without_a_reference_it_stays_one_part(question):
    assert split(question) == [question]


@pytest.mark.parametrize(
    "question",
    [
        "the oldest lebanese movie and other films from the same director",
        "oldest polish movie - other movies by the same director",
    ],
)
def test_the_later_part_shares_the_earlier_titles_people(lexicon, question):
    from tests.unit.test_offline_planner import plan

    specs = plan(lexicon, question).reading
    assert len(specs) == 2
    later = specs[1]
    assert later.op == "list" and later.ref == "people_of" and later.role == "director"
    assert later.needs_results  # filled with the earlier part's title once it has run
