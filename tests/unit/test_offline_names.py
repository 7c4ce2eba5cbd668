"""Named things: a phrase that is part of many titles means all of them; a title the catalog
does not hold, asked for in any phrasing, is said to be absent (a close catalog title is offered,
never used as the answer)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.lexicon import Lexicon, ShowInfo
from agentic_rag.agent.rules.reader import Reader
from tests.unit import test_offline_planner as tiny

TITLES = {
    "Barbie: Dolphin Magic": "Movie",
    "Barbie in Rock 'n Royals": "Movie",
    "Barbie Dreamhouse Adventures": "TV Show",
    "Power Rangers Dino Fury": "TV Show",
    "Power Rangers Ninja Steel": "TV Show",
    "The Office (U.S.)": "TV Show",
    "Our Godfather": "Movie",
}


@pytest.fixture(scope="module")
def reader() -> Reader:
    shows = {**tiny.SHOWS}
    for i, (title, kind) in enumerate(TITLES.items()):
        shows[title] = ShowInfo(f"s{100 + i}", kind, 2019, "A total story told again.")
    return Reader(Lexicon(tiny.GENRES, tiny.COUNTRIES, tiny.RATINGS, tiny.PEOPLE, shows))


@pytest.mark.parametrize(
    ("question", "phrase", "kind"),
    [
        ("got any Barbie films?", "Barbie", "Movie"),
        ("how many Power Rangers series are there", "Power Rangers", "TV Show"),
        ("list the barbie movies", "barbie", "Movie"),
    ],
)
def test_a_phrase_of_many_titles_means_all_of_them(reader, question, phrase, kind):
    (spec,) = reader.read(question)
    assert spec.titles.title_has == [phrase] and spec.titles.type == kind
    assert spec.op in ("count", "list") and not spec.absent


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("is Twin Peaks on Netflix?", "Twin Peaks"),
        ("can I stream Casablanca", "Casablanca"),
        ("do you have the movie Paths of Glory", "Paths of Glory"),
        ("have you got Mulholland Drive?", "Mulholland Drive"),
    ],
)
def test_a_title_the_catalog_lacks_is_absent_in_any_phrasing(reader, question, name):
    (spec,) = reader.read(question)
    assert spec.op == "describe" and [a.name for a in spec.absent] == [name]
    assert spec.absent[0].kind == "title"


def test_a_close_catalog_title_is_offered_not_answered(reader):
    (spec,) = reader.read("do you guys have the office")
    (gap,) = spec.absent
    assert gap.name == "The Office" and gap.near == ["The Office (U.S.)"]


def test_a_catalog_title_asked_for_is_described(reader):
    (spec,) = reader.read("do you have Okja?")
    assert spec.op == "describe" and spec.titles.titles == ["Okja"] and not spec.absent


def test_a_description_is_not_a_name(reader):
    (spec,) = reader.read("is there a movie about a girl and a giant pig")
    assert not spec.absent and spec.op == "search"


@pytest.mark.parametrize(
    ("question", "name", "op"),
    [
        ("is twin peaks available", "Twin Peaks", "describe"),
        ("u got casablanca?", "Casablanca", "describe"),
        ("i wanna watch paths of glory, is it on here", "Paths of Glory", "describe"),
        ("who directed the seventh seal", "The Seventh Seal", "people"),
    ],
)
def test_a_lower_case_title_where_a_title_goes_is_absent(reader, question, name, op):
    (spec,) = reader.read(question)
    assert spec.op == op and [a.name for a in spec.absent] == [name]


def test_anything_by_a_person_the_catalog_lacks_is_an_absent_director(reader):
    (spec,) = reader.read("does netflix have anything by agnes varda")
    (gap,) = spec.absent
    assert gap.kind == "person" and gap.name == "Agnes Varda" and gap.role == "director"
    assert spec.op == "list"


@pytest.mark.parametrize(
    "question",
    [
        "whats the runtime of Okja",
        "how long is Okja",
        "what is Okja rated",
        "how many seasons does Okja have",
    ],
)
def test_a_fact_of_a_named_title_is_its_entry(reader, question):
    (spec,) = reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == ["Okja"]


def test_a_close_title_is_shown_as_the_suggestion_with_its_entry(reader):
    from tests.unit.test_offline_planner import plan

    lexicon = reader.lex
    (spec,) = reader.read("how many seasons of the office are there")
    assert spec.op == "describe" and spec.absent[0].near == ["The Office (U.S.)"]
    p = plan(lexicon, "how many seasons of the office are there")
    query = p.calls[0].args["query"]
    assert "'The Office'" in query and "'The Office (U.S.)'" in query
    assert "Absent (part 1)" in p.reasoning  # the answer says the typed title is not held


def test_an_everyday_word_closing_a_question_is_not_a_title(reader):
    (spec,) = reader.read("how many seasons are there in total")
    assert not spec.absent and spec.op != "describe"
