"""Two rankings joined before the words they share ("the shortest and longest irish movie",
"oldest & the newest anime film") are a part each, both over the same set."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.split import split
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (
            "whats the shortest and longest polish movie",
            ["whats the shortest polish movie", "whats the longest polish movie"],
        ),
        ("oldest & the newest anime film", ["oldest anime film", "newest anime film"]),
        (
            "the newest n oldest show from chile",
            ["the newest show from chile", "the oldest show from chile"],
        ),
        (
            "longest movie and shortest show",
            ["longest movie and shortest show"],
        ),  # each its own noun
        ("the longest korean movie", ["the longest korean movie"]),
    ],
)
def test_a_pair_of_rankings_is_a_part_each(question, parts):
    assert split(question) == parts


@pytest.mark.parametrize(
    "question",
    ["whats the shortest and longest korean movie", "oldest + newest korean film?"],
)
def test_each_ranking_reads_the_shared_set_and_asks_for_one(lexicon, question):
    first, second = plan(lexicon, question).reading
    for part in (first, second):
        assert part.op == "top" and part.limit == 1
        assert part.titles.countries == ["South Korea"] and part.titles.type == "Movie"
    assert first.ascending != second.ascending
