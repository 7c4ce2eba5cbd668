"""A name the titles holding it hold only in passing ("saw": Anohana: The Flower We Saw That
Day, Alpha and Omega: The Legend of the Saw Tooth Cave): none opens with it and they share no
one, so no series of that name is in the catalog; the reading is a guess, not sure."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.series_names import scattered


@pytest.mark.parametrize("name", ["saw"])
def test_words_in_passing_are_scattered(catalog_reader, name):
    assert scattered(name, catalog_reader.lex)


@pytest.mark.parametrize(
    "name", ["storybots", "rocky", "violet evergarden", "rescue riders", "barbie"]
)
def test_a_series_is_not_scattered(catalog_reader, name):
    assert not scattered(name, catalog_reader.lex)


@pytest.mark.parametrize(
    "question", ["the saw movies, how many", "saw films list", "any saw movies"]
)
def test_a_scattered_name_is_read_unsure(catalog_reader, question):
    from agentic_rag.agent.rules.confidence import GUESS

    tags = catalog_reader.tagger.tag(question)
    held = [t for t in tags if t.kind == "phrase"]
    assert held and all(t.score < GUESS for t in held)


@pytest.mark.parametrize(
    "question",
    [
        "my late grandma who used to watch everything, how many titles from luxembourg",
        "i saw a great film last night, how many movies from poland",
    ],
)
def test_words_in_passing_named_by_nothing_are_no_phrase(catalog_reader, question):
    tags = catalog_reader.tagger.tag(question)
    assert not [t for t in tags if t.kind == "phrase"]
