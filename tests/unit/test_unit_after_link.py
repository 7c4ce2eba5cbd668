""" "how many docuseries came out in 2017, and which is the longest": the second part has no type
of its own, so read alone "the longest" ranks movies by minutes; read with the first part it
takes the shows' type, and so the shows' unit, seasons (it ranked shows by minutes: nothing)."""

from __future__ import annotations

import pytest

from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("question", "by"),
    [
        ("how many crime tv shows are there, and which is the longest", "seasons"),
        ("count the korean shows and tell me the longest one", "seasons"),
        ("how many movies from 2019 and which is the longest", "duration_minutes"),
        ("number of korean movies and the shortest of them", "duration_minutes"),
    ],
)
def test_a_later_ranking_orders_by_the_unit_of_the_type_it_took(lexicon, question, by):
    first, second = plan(lexicon, question).reading
    assert second.op == "top" and second.titles.type == first.titles.type
    assert second.by == by
    if by == "seasons":
        assert not any(n.startswith("read over movies") for n in second.notes)
