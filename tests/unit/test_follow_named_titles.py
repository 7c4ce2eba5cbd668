""" "who stars in the crown", then "and who directed it?": the follow-up's titles keep the names
the earlier question gave with their ids, so its reading says "title The Crown" and an empty
answer says the catalog records no director for The Crown (not "these results may answer")."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from tests.unit.test_offline_planner import ROWS, plan


def _id(title: str) -> str:
    return next(r[0] for r in ROWS if r[1] == title)


@pytest.mark.parametrize(
    ("first", "then", "title"),
    [
        ("who stars in okja", "and who directed it?", "Okja"),
        ("who is in the irishman", "who directed it", "The Irishman"),
        ("cast of kingdom", "and its director?", "Kingdom"),
    ],
)
def test_the_follow_up_names_the_earlier_title(lexicon, first, then, title):
    before = TurnSummary(first, first, "...", show_ids=[_id(title)])
    (spec,) = plan(lexicon, then, history=[before]).reading
    assert spec.op == "people" and spec.role == "director"
    assert spec.titles.titles == [title] and spec.titles.show_ids == [_id(title)]


def test_a_set_found_earlier_is_kept_by_its_ids_only(lexicon):
    ids = [r[0] for r in ROWS[:3]]
    before = TurnSummary("movies from 2019", "movies from 2019", "...", show_ids=ids)
    (spec,) = plan(lexicon, "who directed them", history=[before]).reading
    assert spec.titles.titles == [] and spec.titles.show_ids == ids
