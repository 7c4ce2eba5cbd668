""" "how many anime movies from 2020", then "can u name those": the titles counted, listed;
"who starred in the crown", then "what else has she been in": "she" is the first of many
people credited, read so but not sure (`people_rows.crowd`, capped as a crowded tie)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import compose, ties
from agentic_rag.agent.rules.people_rows import crowd
from agentic_rag.agent.rules.spec import QuerySpec
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize("then", ["ok list them", "could you name all of them", "show me those"])
def test_naming_them_after_a_count_lists_the_set(lexicon, then):
    before = TurnSummary("how many korean shows are there", "...", "...", show_ids=[])
    (spec,) = plan(lexicon, then, history=[before]).reading
    assert spec.op == "list" and spec.titles.countries == ["South Korea"]


def test_a_narrowing_after_a_count_stays_a_count(lexicon):
    before = TurnSummary("how many korean shows are there", "...", "...", show_ids=[])
    (spec,) = plan(lexicon, "and only from 2020?", history=[before]).reading
    assert spec.op == "count"


CAST = [
    {"show_id": "s3", "title": "Kingdom", "name": "Ju Ji-hoon", "role": "cast"},
    {"show_id": "s3", "title": "Kingdom", "name": "Bae Doona", "role": "cast"},
]


@pytest.mark.parametrize("then", ["and what else is he in", "anything else with her"])
def test_he_after_several_credited_people_is_the_first_and_unsure(then):
    spec = QuerySpec(op="list", text=then, ref="person", role="cast", needs_results=True)
    assert compose.fill(spec, CAST)
    assert [p.name for p in spec.titles.people] == ["Ju Ji-hoon"]
    assert any("may be any of the 2 people credited before" in n for n in spec.notes)
    assert spec.crowded and ties.crowded_parts([spec]) == 1


def test_one_person_or_a_ranking_is_no_crowd():
    spec = QuerySpec(op="list", text="what else did he direct", ref="person", role="director")
    crowd(spec, CAST[:1])
    ranking = [{"director": "A", "titles": 4}, {"director": "B", "titles": 3}]
    crowd(spec, ranking)
    assert not spec.crowded and spec.notes == []
    they = spec.model_copy(update={"text": "what else did they make"})
    crowd(they, CAST)
    assert not they.crowded and they.notes == [] and ties.crowded_parts([spec, they]) == 0
