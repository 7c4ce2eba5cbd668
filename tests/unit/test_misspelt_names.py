"""A name read as absent that is a typo of a held title, person or phrase of titles' names is
offered as that name and leaves the reading unsure (`misspelt.py`, `absent.absences`,
`confidence` `absent_typo`, `clarify` choices); a name the catalog lacks and mistypes nothing
stays a sure "not in the catalog"."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.confidence import MEANING_CAP
from agentic_rag.agent.rules.misspelt import misspelt, mistypes
from tests.unit.reading_sure import sure


@pytest.mark.parametrize(
    ("name", "held"),
    [
        ("Stanley Kubrikc", "Stanley Kubrick"),  # a person, letters swapped
        ("Stanely Kubrick", "Stanley Kubrick"),
        ("Babrie", "Barbie"),  # a phrase of many titles
        ("Chohta Bheem", "Chhota Bheem"),
        ("Breaking Bda", "Breaking Bad"),  # a title
        ("3 Idoits", "3 Idiots"),  # a title a letter further off
        ("Pokemon Masetr Journeys", "Pokémon Master Journeys: The Series"),  # its opening words
        ("Haunitng of Hill House", "The Haunting of Hill House"),  # its article left out
        ("Martin Scorcese", "Martin Scorsese"),
    ],
)
def test_a_typo_of_a_held_name_is_that_name(catalog_reader, name, held):
    assert misspelt(name, catalog_reader.lex) == [held]


@pytest.mark.parametrize(
    "name",
    [
        "The Sopranos",
        "John Wick",
        "Rick and Morty",
        "Akira Kurosawa",
        "Casablanca",
        "The Boy",
        "Bluey",  # not "blue" mistyped: an everyday word is no phrase a name mistypes
    ],
)
def test_a_name_the_catalog_lacks_that_mistypes_nothing_is_none(catalog_reader, name):
    assert misspelt(name, catalog_reader.lex) == []


def test_a_held_name_is_no_typo(catalog_reader):
    assert misspelt("Barbie", catalog_reader.lex) == misspelt("Okja", catalog_reader.lex) == []


@pytest.mark.parametrize(
    ("question", "typed"),
    [
        ("how many babrie movies r there", "Barbie"),
        ("how many chohta bheem movies are on netflix", "Chhota Bheem"),
    ],
)
def test_an_absent_name_that_mistypes_a_held_one_offers_it(catalog_reader, question, typed):
    absent = [a for s in catalog_reader.read(question) for a in s.absent]
    assert absent and all(a.mistyped and typed in a.near for a in absent)


@pytest.mark.parametrize(
    "question",
    [
        "is there anything by quentin tarantnio",
        "do you have breaking bda",
        "how many barbei movies",
        "got any stanely kubrick films",
    ],
)
def test_a_mistyped_held_name_is_never_surely_absent(catalog_reader, question):
    absent = [a for s in catalog_reader.read(question) for a in s.absent]
    assert all(a.mistyped for a in absent)  # read as the held name, or offered it


@pytest.mark.parametrize(
    "question", ["how many babrie movies r there", "how many chohta bheem movies are on netflix"]
)
def test_an_absent_name_that_mistypes_a_held_one_is_notsure(catalog_reader, question):
    assert sure(catalog_reader, question) <= MEANING_CAP


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("got any stanley kubrikc movies?", "Stanley Kubrick"),  # letters swapped
        ("rohit shety movies", "Rohit Shetty"),  # a letter left out
        ("akshay kumr films", "Akshay Kumar"),  # a short word, its given name typed right
        ("brad pit movies", "Brad Pitt"),  # one edit over the whole name
        ("shah ruk khan films", "Shah Rukh Khan"),
    ],
)
def test_a_name_that_mistypes_one_credited_person_is_read_as_them(
    catalog_df, catalog_reader, question, person
):
    """A name before a works noun that no title holds and that mistypes one credited person
    closely (word for word, or by one edit over the whole name) is that person: their titles,
    said as read, never "no title named …" (the phrase pass leaves it to the person pass)."""
    credited = catalog_df["director"] + "," + catalog_df["cast"]
    assert credited.str.contains(person, regex=False).sum() >= 1
    (spec,) = catalog_reader.read(question)
    assert [p.name for p in spec.titles.people] == [person] and not spec.absent, question
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize("question", ["is the sopranos on here", "any films by akira kurosawa"])
def test_an_absent_name_that_mistypes_nothing_stayssure(catalog_reader, question):
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("word", "meant"),
    [("argenita", "argentina"), ("shotrest", "shortest"), ("movesi", "movies")],
)
def test_an_unknown_word_that_mistypes_a_reading_word_is_found(catalog_reader, word, meant):
    assert mistypes(word, catalog_reader.lex) in (meant, meant[:-1])  # "argentin(a)"


@pytest.mark.parametrize(
    "question",
    [
        "how many moveis from argenita",  # the country dropped
        "qatari co-productions, give me the count and the shotrest of em",  # the ranking dropped
        "how many movesi from argentia",  # the type dropped
        "how many titles were added in decemebr 2019",  # the month dropped
        "how many documtearies have been added since 2020",  # a long word, three edits off
    ],
)
def test_a_reading_that_left_a_mistyped_reading_word_unused_is_notsure(catalog_reader, question):
    assert sure(catalog_reader, question) <= MEANING_CAP


@pytest.mark.parametrize(
    "question",
    [
        "comedy where a clusmy wannabe stuntman wants to jump 15 buses on a moped",
        "how many movies from argentina",
    ],
)
def test_unknown_words_that_mistype_nothing_of_the_reading_s_leave_itsure(catalog_reader, question):
    assert sure(catalog_reader, question) >= 0.8


def test_a_short_syllable_of_a_hyphenated_name_is_no_typo(catalog_df, catalog_reader):
    """Kim Ji-woon (no credit here) is not Kim Ji-won (credited): a hyphenated given name's
    syllables are names of their own, so "kim ji-woon movies" is never read as her titles."""
    credited = (catalog_df["director"] + "," + catalog_df["cast"]).str
    assert credited.contains("Kim Ji-won", regex=False).any()
    assert not credited.contains("Kim Ji-woon", regex=False).any()
    (spec,) = catalog_reader.read("kim ji-woon movies")
    assert "Kim Ji-won" not in [p.name for p in spec.titles.people]
