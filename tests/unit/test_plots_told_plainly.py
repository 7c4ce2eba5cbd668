"""A title asked for by its story: a catalog title's name used as a place in the story ("an
expedition into the congo") is the story's, a long plot told without a lead word is searched
with all its words, and "…, what's it called" after it asks nothing more."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.story import constraint
from agentic_rag.agent.rules.tags import Tag


def _tag(text: str, word: str, kind: str) -> Tag:
    start = text.index(word)
    return Tag(kind=kind, start=start, end=start + len(word), text=word, value=word.title())


@pytest.mark.parametrize(
    ("text", "word", "kind", "kept"),
    [
        ("the one where an expedition into the congo finds a lost city", "congo", "title", False),
        ("the show where a chef opens a bistro in paris", "paris", "title", False),
        ("a baker from chicago wins a contest", "chicago", "person", False),
        ("the movie where they rewatch okja", "okja", "title", True),
        ("who starred in the one about narcos", "narcos", "title", True),
    ],
)
def test_a_name_after_a_place_word_is_the_storys(text, word, kind, kept):
    assert constraint(text, _tag(text, word, kind)) is kept


def test_who_directed_the_one_where_a_place_is_a_title_searches_the_story(catalog_reader):
    (spec,) = catalog_reader.read(
        "who directed the one where an expedition into the congo finds a lost city guarded by apes"
    )
    assert spec.op == "people" and spec.titles.titles == []
    assert "congo" in spec.about and "apes" in spec.about


@pytest.mark.parametrize(
    "question",
    [
        "explorer crosses the pacific on a balsa wood raft with his friends, what's it called",
        "a dog walks across the country to find his family - what is the name of it",
        "a man wakes up every day with no memory of the day before, which movie is it",
    ],
)
def test_whats_it_called_after_a_plot_is_the_search(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "search"


def test_a_long_plot_without_a_lead_is_searched_with_every_word(catalog_reader):
    (spec,) = catalog_reader.read(
        "italian drama, an old fisherman teaches his grandson to sail before the village "
        "harbour is sold to a hotel chain"
    )
    assert spec.op == "search" and spec.titles.countries == ["Italy"]
    assert {"harbour", "hotel", "chain"} <= set(spec.about.split())
