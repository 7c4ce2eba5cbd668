"""Follow-ups on one title or a set: 'how many seasons' / 'how long is it' after a title asked
for by name is its entry (not a count of one title, nor the entry twice); 'which ones came out
after 2010' after a count lists the titles."""

from __future__ import annotations

from agentic_rag.agent.interfaces import TurnSummary


def _after(*questions: str) -> list[TurnSummary]:
    return [TurnSummary(question=q, resolved_question=q, answer="…") for q in questions]


def test_how_long_after_a_title_is_its_entry_once(catalog_reader):
    specs = catalog_reader.read("how long is it", _after("okja"))
    assert [s.op for s in specs] == ["describe"] and specs[0].titles.titles == ["Okja"]


def test_how_many_seasons_after_a_title_is_not_a_count_of_one(catalog_reader):
    (spec,) = catalog_reader.read("how many seasons", _after("the crown"))
    assert spec.op == "describe" and spec.titles.titles == ["The Crown"]


def test_which_ones_after_a_count_lists_them(catalog_reader):
    history = _after("movies with leonardo dicaprio", "how many are there")
    (spec,) = catalog_reader.read("which ones came out after 2010", history)
    assert spec.op == "list" and spec.titles.year_from == 2011
    assert [p.name for p in spec.titles.people] == ["Leonardo DiCaprio"]
