"""Titles that follow one another ("a movie series", "sequels", "a franchise") are not something
the catalog records. "series" right after a films noun is not the TV type ("show me a movie
series" is not films-or-shows, i.e. the whole catalog), and a franchise word the reading leaves
unused changes the meaning (the answer cannot be sure). A franchise named by its title words
("the naruto franchise", "pokemon film series") is read as every title with that phrase in its
name, which uses the word. The real catalog holds 9 Naruto movies and 7 Pokémon titles."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.usage import usage

_SERIES = ("series", "franchise", "franchises", "sequels", "prequels", "trilogy", "trilogies")


def _unused(reader, question):
    specs = reader.read(question)
    got = usage(reader, question, reader.tagger.tag(question), specs, "").meaning
    return specs, [w for w in got if w in _SERIES]


@pytest.mark.parametrize(
    "question",
    [
        "show me a movie series",
        "list some film series",
        "movies series?",
        "which film series do u have",
    ],
)
def test_series_after_a_films_noun_is_not_the_tv_type(catalog_reader, question):
    tags = catalog_reader.tagger.tag(question)
    assert [t.value for t in tags if t.kind == "type"] == ["Movie"], question
    assert _unused(catalog_reader, question)[1] == ["series"], question


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("which films have sequels", "sequels"),
        ("which films have prequels", "prequels"),
        ("which franchise has the most movies", "franchise"),
    ],
)
def test_a_franchise_word_no_phrase_reads_is_unused_meaning(catalog_reader, question, word):
    assert word in _unused(catalog_reader, question)[1], question


@pytest.mark.parametrize(
    ("question", "phrase", "kind"),
    [
        ("naruto movie series", "naruto", "Movie"),
        ("how many movies in the naruto franchise", "naruto", "Movie"),
        ("pokemon film series", "pokemon", "Movie"),
    ],
)
def test_a_named_franchise_uses_its_word(catalog_reader, catalog_df, question, phrase, kind):
    specs, unused = _unused(catalog_reader, question)
    assert unused == [], question
    assert specs[0].titles.title_has and specs[0].titles.type == kind, question
    n = catalog_df[
        catalog_df.title.str.contains(phrase.replace("pokemon", "pok[eé]mon"), case=False)
    ]
    assert len(n[n.type == kind]) in (9, 3), question  # the catalog's Naruto / Pokémon movies


def test_tv_series_is_still_the_tv_type(catalog_reader):
    tags = catalog_reader.tagger.tag("list all tv series from spain")
    assert [t.value for t in tags if t.kind == "type"] == ["TV Show"]
