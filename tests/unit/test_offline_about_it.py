""" "When was it added", "how long is it", "what is it rated" after a part (or a turn) that found
one title: the catalog entry of that title (the earlier reading runs again as part 1 across
turns, and this part is filled in with its top title); "who's in it" asks for the cast."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import compose
from tests.unit.test_offline_planner import ROWS, plan

TITLE, COUNTRY, MINUTES = 1, 9, 6  # columns of ROWS


@pytest.mark.parametrize(
    "then", ["and when was it added", "how long is it", "what is it rated", "when was it released"]
)
def test_a_question_about_it_is_the_entry_of_the_earlier_top_title(lexicon, then):
    first = "the longest movie from South Korea"
    turn = TurnSummary(first, first, "...")
    p = plan(lexicon, then, history=[turn])
    earlier, entry = p.reading
    assert earlier.op == "top" and earlier.limit == 1
    assert entry.op == "describe" and entry.ref == "first"
    korean = [r for r in ROWS if r[COUNTRY] == "South Korea" and r[MINUTES]]
    top = max(korean, key=lambda r: r[MINUTES])
    assert compose.fill(entry, [{"show_id": top[0], "title": top[TITLE]}])
    assert entry.titles.titles == [top[TITLE]]
    joined = plan(lexicon, f"{first} {then if then.startswith('and') else 'and ' + then}")
    assert joined.reading[-1].op == "describe" and joined.reading[-1].ref == "first"


def test_who_is_in_it_asks_for_the_cast(lexicon):
    turn = TurnSummary("the longest movie from Egypt", "the longest movie from Egypt", "...")
    (spec,) = plan(lexicon, "who's in it", history=[turn]).reading
    assert spec.op == "people" and spec.role == "cast"


def test_a_question_with_its_own_title_is_not_about_it(lexicon):
    turn = TurnSummary("the longest movie from Egypt", "the longest movie from Egypt", "...")
    (spec,) = plan(lexicon, "how long is Okja", history=[turn]).reading
    assert spec.op == "describe" and spec.titles.titles == ["Okja"] and spec.ref is None
