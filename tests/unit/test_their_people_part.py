"""A part that is only a noun of a title's people after "their" ("the 3 oldest japanese movies
and their directors", "… plus their cast") asks the people of every title before it, not of
the first one only; after "its", or a noun of a title's entry, it stays of one title. Truths
computed with pandas on the catalog."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.bare_parts import noun_asked


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("their directors", "who directed them"),
        ("and their cast", "who is in them"),
        ("plus their stars", "who is in them"),
        ("its director", "who directed it"),
        ("their runtime", "how long is it"),
        ("director?", "who directed it"),
    ],
)
def test_their_people_are_of_every_title(text, asked):
    assert noun_asked(text) == asked


@pytest.mark.parametrize(
    ("question", "n"),
    [
        ("3 oldest japanese movies and their directors", 3),
        ("the 2 longest spanish films and their cast", 2),
        ("the four newest german movies + their directors", 4),
    ],
)
def test_the_people_part_reads_every_title_found(catalog_df, catalog_reader, question, n):
    ranked, people = catalog_reader.read(question)
    assert (ranked.op, ranked.limit) == ("top", n)
    assert people.op == "people" and people.ref == "all"
    assert len(catalog_df[catalog_df["type"] == "Movie"]) > n
