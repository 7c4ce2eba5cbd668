"""A phrase a question puts in the titles' names ("have christmas in the title", "titles
containing the word love", "named something with dragon", "whose title contains 'girl'") is
a title phrase (`title_has`), never a fuzzy genre; titles that "feature" or "have" a person
name the person. Truth: the CSV's titles (pandas, whole words)."""

from __future__ import annotations

import re

import pytest

from agentic_rag.folding import fold


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("how many movies have christmas in the title", "christmas"),
        ("titles containing the word love", "love"),
        ("which shows are named something with dragon", "dragon"),
        ("movies whose title contains 'girl' from 2019", "girl"),
        ("how many films have the word war in their name", "war"),
    ],
)
def test_words_of_the_name_are_a_title_phrase(catalog_df, catalog_reader, question, phrase):
    assert any(re.search(rf"\b{phrase}\b", fold(t)) for t in catalog_df["title"])
    spec = catalog_reader.read(question)[-1]
    assert spec.titles.title_has == [phrase]
    assert not spec.titles.genres and not spec.titles.keywords


@pytest.mark.parametrize(
    "question",
    [
        "Which titles feature both Robert De Niro and Al Pacino?",
        "How many titles have a TV-MA rating?",
    ],
)
def test_titles_featuring_a_person_are_no_title_phrase(catalog_reader, question):
    assert not catalog_reader.read(question)[-1].titles.title_has


def test_a_word_of_catalog_titles_is_no_misspelt_genre(catalog_reader):
    tags = catalog_reader.tagger.tag("christmas movies")
    assert not [t for t in tags if t.kind == "genre"]
