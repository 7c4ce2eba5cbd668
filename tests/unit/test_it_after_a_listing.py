""" "give me a horror movie from spain" answered with ten titles, then "who is in it": one "it"
after a listing of several titles may be any of them, so the reading is over all of them, says
so, and is not sure (`ties.CROWDED_SURE`); "who directed them" after the same listing is sure."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import ties
from tests.unit.test_offline_planner import ROWS, plan

IDS = [r[0] for r in ROWS[:4]]


@pytest.mark.parametrize("then", ["who is in it", "who directed it?", "and who stars in it"])
def test_one_it_after_a_listing_is_unsure(lexicon, then):
    before = TurnSummary("list movies", "list movies", "...", show_ids=IDS)
    p = plan(lexicon, then, history=[before])
    (spec,) = p.reading
    assert spec.titles.show_ids == IDS
    assert any("may be any of the 4 titles" in n for n in spec.notes)
    assert p.confidence is not None and p.confidence.probability <= ties.CROWDED_SURE


@pytest.mark.parametrize("then", ["who is in them", "who directed those"])
def test_them_after_a_listing_is_all_of_them(lexicon, then):
    before = TurnSummary("list movies", "list movies", "...", show_ids=IDS)
    p = plan(lexicon, then, history=[before])
    (spec,) = p.reading
    assert spec.titles.show_ids == IDS and not any("may be any" in n for n in spec.notes)
    assert p.confidence is not None and p.confidence.probability > ties.CROWDED_SURE
