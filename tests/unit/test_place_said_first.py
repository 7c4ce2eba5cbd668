"""A place in an earlier list said the stranger's way: first ("the 2nd one what year", "the
3rd one - who directed"), as "the first one" / "the 1st one" (the list's first title, never the
catalog title "1st Summoning" nor "top 1" of the whole catalog), and asked of one title of a
listing ("what year is the 2nd one": that title alone, not "any of the titles listed")."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import compose, ties
from agentic_rag.agent.rules.title_refs import place, place_last, place_then
from tests.unit.test_offline_planner import ROWS, plan

IDS = [r[0] for r in ROWS[:4]]
LISTED = [{"show_id": r[0], "title": r[1]} for r in ROWS[:4]]


def _after_listing(lexicon, then: str):
    before = TurnSummary("name 4 british crime shows", "...", "...", show_ids=IDS)
    return plan(lexicon, then, history=[before])


@pytest.mark.parametrize(
    ("text", "moved"),
    [
        ("the 2nd one what year", "what year the 2nd one"),
        ("ok the third one who's in it", "who's in the third one"),
        ("and the 1st one who directed", "who directed the 1st one"),
        ("the fourth one how long is it", "how long is the fourth one"),
    ],
)
def test_a_place_said_before_its_question_moves_into_it(text, moved):
    assert place_last(text) == moved


@pytest.mark.parametrize(
    "text",
    [
        "the second one how many korean shows are there",  # a question of its own
        "how many polish shows are there",
        "the first movie from india what year",  # "first" with a noun: the oldest, no place
    ],
)
def test_a_question_with_a_subject_of_its_own_stays(text):
    assert place_last(text) == text


@pytest.mark.parametrize(
    ("text", "n"),
    [
        ("who directed the first one", 1),
        ("when did the 1st one come out", 1),
        ("the 1st movie, who's in it", 1),
        ("what's the first one about", 1),
        ("the first movie from poland", None),  # the oldest
        ("the first season of the witcher", None),
        ("the first one added from chile", None),  # the earliest addition
    ],
)
def test_first_is_a_place_only_as_the_first_one(text, n):
    assert place(text) == n


def test_a_bare_question_after_a_place_is_asked_of_it():
    assert place_then("the 3rd one", "who directed") == "who directed the 3rd one"
    assert place_then("ok the 2nd one", "what year?") == "what year the 2nd one"
    assert place_then("the second one", "list polish movies from 2019") is None
    assert place_then("the last one in that list", "who directed") == "who directed the last one"
    assert place_last("the 2nd one on the list whos in it") == "whos in the 2nd one"


@pytest.mark.parametrize(
    ("then", "at"),
    [
        ("the first one who directed", 0),
        ("the 3rd one - who directed", 2),
        ("who directed the 1st one", 0),
        ("ok the 2nd one whos in it", 1),
    ],
)
def test_a_place_of_a_listing_is_that_title_alone(lexicon, then, at):
    p = _after_listing(lexicon, then)
    spec = p.reading[-1]
    assert spec.op == "people" and spec.titles.show_ids == [IDS[at]]
    #: not "1st", not "1st Summoning": only the name of that title, by its id (`id_titles`)
    named = [t for t, info in lexicon.shows.items() if info.show_id == IDS[at]]
    assert spec.titles.titles in ([], named) and not spec.absent
    assert p.confidence is not None and p.confidence.probability >= 0.8


@pytest.mark.parametrize(
    ("then", "at"),
    [
        ("the 2nd one what year", 1),
        ("when did the 1st one come out", 0),
        ("the first one, how long is it", 0),
    ],
)
def test_an_entry_of_a_place_is_sure_of_that_title(lexicon, then, at):
    p = _after_listing(lexicon, then)
    assert [s.op for s in p.reading][-1] == "describe"
    assert not any("may be any" in n for s in p.reading for n in s.notes)
    later = p.reading[-1]
    assert not later.absent and compose.fill(later, LISTED)  # filled once the list has run
    assert later.titles.show_ids == [IDS[at]]
    assert p.confidence is not None and p.confidence.probability > ties.CROWDED_SURE
