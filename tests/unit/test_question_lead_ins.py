"""Words that only announce a question ("quick question:", "i was wondering", "just curious,")
are set aside: never part of a title the catalog lacks, a person or a story (`asides.yaml`
`interjections`). A guessed name may hold one word of tone ("hello kitty") but no phrase."""

from __future__ import annotations

import pytest


def _absent(specs) -> list[str]:
    return [a.name for s in specs for a in s.absent]


def _names(specs) -> list[str]:
    return (
        [n for s in specs for n in s.titles.titles]
        + [p.name for s in specs for p in s.titles.people]
        + _absent(specs)
    )


@pytest.mark.parametrize(
    ("question", "held"),
    [
        ("quick question: is ozark on here", "Ozark"),
        ("i was wondering do you have narcos", "Narcos"),
        ("just curious, is okja available", "Okja"),
        ("random question - got the irishman?", "The Irishman"),
    ],
)
def test_a_lead_in_before_a_held_title_leaves_the_title(catalog_reader, question, held):
    specs = catalog_reader.read(question)
    assert held in [t for s in specs for t in s.titles.titles]
    assert not [n for n in _names(specs) if n != held]


@pytest.mark.parametrize(
    "question",
    [
        "i was wondering is the sopranos on here",
        "quick question: the wire available??",
        "just wondering, do you have deadwood",
        "can you tell me succession available??",
        "netflix question - is game of thrones on here",
        "do you know if the wire is streaming rn",
    ],
)
def test_a_lead_in_is_no_part_of_a_title_the_catalog_lacks(catalog_reader, question):
    specs = catalog_reader.read(question)
    absent = _absent(specs)
    said = ("wonder", "question", "quick", "tell", "know", " rn")
    assert absent and not any(w in n.casefold() for n in absent for w in said)


@pytest.mark.parametrize(
    "question",
    ["i was wondering beyblade shows, which ones", "out of curiosity, pokemon movies?"],
)
def test_a_lead_in_before_a_franchise_leaves_the_franchise(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert not spec.absent and any("tone" in n for n in spec.notes)


@pytest.mark.parametrize(
    "question", ["hello kitty shows?", "hey madagascar movies list pls", "yo dune movies?"]
)
def test_one_word_of_tone_opening_a_name_the_catalog_lacks_leaves_the_reading_unsure(
    catalog_reader, question
):
    (spec,) = catalog_reader.read(question)
    assert spec.from_aside and not spec.absent  # the word is set aside, but not surely


def test_a_word_of_tone_opening_a_held_title_stays_in_it(catalog_reader):
    for question, title in [
        ("hi score girl how many seasons", "Hi Score Girl"),
        ("how many seasons does hello ninja have", "Hello Ninja"),
    ]:
        specs = catalog_reader.read(question)
        assert [t for s in specs for t in s.titles.titles] == [title]
        assert not specs[0].from_aside
