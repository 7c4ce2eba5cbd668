"""A follow-up of a turn that asked back builds on a reading nobody answered or chose: it is
not sure ("how many seasons of money heist" asked back with "Tell me about Money", then "and
when was it added" must not be a sure answer about Money). A follow-up of an answered turn is
as sure as its own reading."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules.follow import UNCONFIRMED_SURE
from tests.unit.test_offline_planner import plan

FIRST = "who directed okja"


@pytest.mark.parametrize(
    "follow_up", ["and when was it added", "what about its rating?", "and who is in it"]
)
def test_a_follow_up_of_an_asked_back_turn_is_unsure(lexicon, follow_up):
    answered = TurnSummary(FIRST, FIRST, "...", show_ids=["s2"])
    asked_back = TurnSummary(FIRST, FIRST, "...", show_ids=[], asked_back=True)
    sure = plan(lexicon, follow_up, [answered]).confidence
    unsure = plan(lexicon, follow_up, [asked_back]).confidence
    assert sure is not None and unsure is not None
    assert sure.probability > UNCONFIRMED_SURE  # the same words after an answer: as read
    assert unsure.probability <= UNCONFIRMED_SURE
    assert any("asked it back" in u for u in unsure.unsure)


def test_a_new_question_after_an_asked_back_turn_is_read_on_its_own(lexicon):
    asked_back = TurnSummary(FIRST, FIRST, "...", show_ids=[], asked_back=True)
    sure = plan(lexicon, "how many dramas are there", [asked_back]).confidence
    assert sure is not None and sure.probability > UNCONFIRMED_SURE
