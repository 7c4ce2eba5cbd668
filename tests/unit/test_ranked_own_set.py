"""'who directed the oldest egyptian film': the superlative ranks the part's own set, and the
people asked for are those of its first title; a later turn naming a subject of its own ('how
many barbie movies' after 'how many korean movies') is a new question, not a narrowing."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary


@pytest.mark.parametrize(
    ("question", "country", "by", "role"),
    [
        ("who directed the oldest egyptian film", "Egypt", "release_year", "director"),
        ("who is in the longest indian movie", "India", "duration_minutes", "cast"),
        ("who stars in the newest korean show", "South Korea", "release_year", "cast"),
    ],
)
def test_a_superlative_of_the_parts_own_set_is_ranked_first(
    catalog_reader, question, country, by, role
):
    top, people = catalog_reader.read(question)
    assert top.op == "top" and top.limit == 1 and top.by == by
    assert top.titles.countries == [country] and not top.needs_results
    assert people.op == "people" and people.ref == "first" and people.role == role


def test_a_set_without_a_superlative_is_still_one_part(catalog_reader):
    (spec,) = catalog_reader.read("who directed egyptian films")
    assert spec.op in ("people", "most", "list")


@pytest.mark.parametrize("then", ["how many barbie movies", "how many lego titles"])
def test_a_later_turn_with_a_subject_of_its_own_is_a_new_question(catalog_reader, then):
    asked = "how many korean movies"
    history = [TurnSummary(question=asked, resolved_question=asked, answer="There are 61.")]
    (spec,) = catalog_reader.read(then, history)
    assert spec.titles.title_has and not spec.titles.countries
