""" "the 3 longest movies", then "who's in the second one": a place in an earlier list is that
one title (not the top one, not all of them, not the catalog title "The 2nd"), within one
question and across turns (`title_refs`)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import compose, ties
from agentic_rag.agent.rules.title_refs import at_place, in_place, place, place_then
from tests.unit.test_offline_planner import ROWS, plan

IDS = [r[0] for r in ROWS[:4]]
LISTED = [{"show_id": r[0], "title": r[1]} for r in ROWS[:4]]


@pytest.mark.parametrize(
    ("text", "n"),
    [
        ("who stars in the third one", 3),
        ("and the 2nd movie, who made it", 2),
        ("what about the fourth", 4),
        ("who is in it", None),
        ("who directed the first one", 1),  # the first title listed, alone
        ("the second season of dark", None),  # no place in a list
    ],
)
def test_the_place_a_question_names(text, n):
    assert place(text) == n


def test_a_place_past_the_end_is_no_item():
    assert at_place(["a", "b"], "the third one") == []
    assert at_place(["a", "b"], "who is in it") is None


@pytest.mark.parametrize(
    ("then", "at"),
    [
        ("who stars in the third one", 2),
        ("and who directed the 2nd movie?", 1),
        ("ok the cast of the fourth title", 3),
    ],
)
def test_a_place_after_a_listing_is_that_title_alone(lexicon, then, at):
    before = TurnSummary("name 4 british crime shows", "...", "...", show_ids=IDS)
    p = plan(lexicon, then, history=[before])
    spec = p.reading[-1]
    assert spec.op == "people" and spec.titles.show_ids == [IDS[at]]
    assert not any("may be any" in n for n in spec.notes)
    assert p.confidence is not None and p.confidence.probability > ties.CROWDED_SURE


@pytest.mark.parametrize(
    "question",
    [
        "the 4 newest korean films and who directed the third one",
        "top 4 longest shows, who is in the 2nd one",
    ],
)
def test_a_place_within_one_question_fills_that_row(lexicon, question):
    specs = plan(lexicon, question).reading
    later = specs[-1]
    assert later.ref == "first" and compose.waiting(later)
    assert compose.fill(later, LISTED)
    n = place(question)
    assert n is not None and later.titles.show_ids == [IDS[n - 1]]


def test_the_top_one_is_still_each_of_a_tie(lexicon):
    specs = plan(lexicon, "the newest indian movie and who directed it").reading
    assert compose.fill(specs[-1], LISTED, tied=True)
    assert specs[-1].titles.show_ids == IDS


@pytest.mark.parametrize("then", ["when was the 2nd one added", "how long is the 3rd movie"])
def test_an_entry_of_a_place_is_no_title_named_like_it(lexicon, then):
    before = TurnSummary("the 4 oldest shows", "...", "...", show_ids=IDS)
    specs = plan(lexicon, then, history=[before]).reading
    later = specs[-1]
    assert later.op == "describe" and later.ref == "first" and not later.absent
    assert not later.titles.titles  # not "The 2nd" nor an absent "3rd"
    assert in_place(then, then.index("the ") + 4)


@pytest.mark.parametrize("then", ["who plays in the seventh one", "and the 9th show, who's in it"])
def test_a_place_the_answer_lacks_is_unsure(lexicon, then):
    before = TurnSummary("name 4 british crime shows", "...", "...", show_ids=IDS)
    p = plan(lexicon, then, history=[before])
    assert p.reading[-1].unresolved
    assert p.confidence is not None and p.confidence.probability < 0.8


@pytest.mark.parametrize(
    ("then", "at"),
    [("alright the 3rd one - who plays in it", 2), ("and the fourth movie: who directed it", 3)],
)
def test_a_place_said_before_its_question_is_that_title(lexicon, then, at):
    before = TurnSummary("name 4 british crime shows", "...", "...", show_ids=IDS)
    p = plan(lexicon, then, history=[before])
    assert p.reading[-1].op == "people" and p.reading[-1].titles.show_ids == [IDS[at]]
    assert p.confidence is not None and p.confidence.probability >= 0.8


def test_a_place_then_a_question_without_it_is_left_alone():
    assert place_then("the second one", "how many korean shows") is None
    assert place_then("the second season", "who is in it") is None
    assert place_then("ok the 2nd one", "how long is it") == "how long is the 2nd one"


def test_a_place_after_a_place_has_no_list_to_count_in(lexicon):
    """'who directed the fourth one', then 'and the third?': the answer before holds one title,
    the list the place counts in is two turns back: unsure, not the fourth one again."""
    listing = TurnSummary("the 4 newest korean films", "...", "...", show_ids=IDS)
    fourth = TurnSummary("who directed the fourth one", "...", "...", show_ids=IDS[3:])
    p = plan(lexicon, "ok and the third?", history=[listing, fourth])
    assert p.reading[-1].unresolved == ["third"]
    assert p.confidence is not None and p.confidence.probability < 0.8
