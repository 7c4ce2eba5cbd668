""" "the lobster - who directed it, and which other films by the same director": when the part a
reference points to only names its titles, the reference is those titles before any round has
run (`planner.named_rows`), so every part is planned in the first round instead of one part per
round (three parts need three rounds, and the cap is two). Truth: the tiny catalog's rows."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.planner import named_rows
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from tests.unit.test_offline_planner import ROWS, plan

ID, TITLE = 0, 1


def _id(title: str) -> str:
    return next(r[ID] for r in ROWS if r[TITLE] == title)


@pytest.mark.parametrize(
    "question",
    [
        "okja - who directed it, and which other films by the same director do you have",
        "okja, who directed it and what else did the same director make",
        "tell me who directed okja and what other movies the same director has",
        "the irishman - who directed it and which other titles by the same director are there",
    ],
)
def test_every_part_is_planned_in_the_first_round(lexicon, question):
    p = plan(lexicon, question)
    parts = {c.part for c in p.calls}
    assert parts == set(range(1, len(p.reading) + 1)), (parts, [s.op for s in p.reading])
    last = p.reading[-1]
    named = "The Irishman" if "irishman" in question else "Okja"
    assert last.titles.same_people is not None
    assert last.titles.same_people.show_ids == [_id(named)]
    assert _id(named) in last.titles.excluded  # "other films": not the named title itself


def test_the_rows_are_the_named_titles_of_a_lookup(lexicon):
    spec = QuerySpec(op="describe", titles=TitleSet(titles=["Okja"]))
    assert named_rows(spec, lexicon) == [{"show_id": _id("Okja"), "title": "Okja"}]


@pytest.mark.parametrize(
    "spec",
    [
        #: a count or a list over the titles answers with numbers or other titles, not them
        QuerySpec(op="count", titles=TitleSet(titles=["Okja"])),
        QuerySpec(op="list", titles=TitleSet(titles=["Okja"])),
        #: a filter beside the name: the rows are not just the named title
        QuerySpec(op="describe", titles=TitleSet(titles=["Okja"], countries=["South Korea"])),
        #: nothing named, or a name the catalog lacks
        QuerySpec(op="describe", titles=TitleSet()),
        QuerySpec(op="describe", titles=TitleSet(titles=["The Godfather"])),
    ],
)
def test_no_rows_unless_the_part_only_names_titles_the_catalog_holds(lexicon, spec):
    assert named_rows(spec, lexicon) == []
