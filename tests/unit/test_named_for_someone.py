"""A title asked for, in lower case after a bare cue and with who it is for said after it ("got
paw patrol for my kid"): who it is for is set aside, and words that name something (no English
the descriptions write, or never written together there) are the title asked for, held or not.
A person's place in a cast said after the name ("everything with X in the cast") makes X a
filter of the titles listed, not a question about a cast. Truths are computed with pandas on
data/netflix_titles.csv (Paw Patrol, Bluey, Peppa Pig, Hot Wheels and Harry Potter are not in
it; Cocomelon is)."""

from __future__ import annotations

import re

import pytest

from agentic_rag.agent.rules import signals
from agentic_rag.agent.rules.planner import OfflinePlanner
from tests.unit.test_reading_confidence import plan


@pytest.fixture(scope="module")
def catalog_planner(catalog_reader) -> OfflinePlanner:
    return OfflinePlanner(catalog_reader.lex, 0.5)


def _held(df, name: str) -> bool:
    return bool(df["title"].str.contains(re.escape(name), case=False).any())


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("got peppa pig for my daughter?", "Peppa Pig"),
        ("got bluey for my son", "Bluey"),
        ("got hot wheels for my little boy", "Hot Wheels"),
        ("do you have harry potter for the kids", "Harry Potter"),
        ("got paw patrol", "Paw Patrol"),
    ],
)
def test_a_name_asked_for_someone_is_said_to_be_absent(
    catalog_reader, catalog_df, catalog_planner, question, name
):
    assert not _held(catalog_df, name)  # the truth: no title holds the name
    specs = catalog_reader.read(question)
    assert [a.name.casefold() for a in specs[0].absent] == [name.casefold()], question
    sure = plan(catalog_planner, question).confidence
    assert sure is not None and not sure.ask_back, (question, sure)


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("do you have cocomelon for my toddler", "Cocomelon"),
        ("do you have notes for my son", "Notes for My Son"),  # the words are the title's own
    ],
)
def test_a_held_title_asked_for_someone_is_its_entry(catalog_reader, catalog_df, question, title):
    assert (catalog_df["title"] == title).any()
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [title] and not spec.absent


def test_who_it_is_for_is_set_aside_and_said(catalog_reader):
    (spec,) = catalog_reader.read("got bluey for the kids")
    assert "for the kids" in spec.ignored
    assert any("for the kids" in n for n in spec.notes), spec.notes
    assert not spec.titles.genres  # "kids" says who it is for, not the genre asked


@pytest.mark.parametrize(
    "question",
    ["got sharks", "got time travel", "got dog stuff", "got zombies"],
)
def test_everyday_words_after_a_bare_cue_name_no_title(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert not spec.absent and not spec.titles.titles, question


@pytest.mark.parametrize(
    ("question", "name", "type_"),
    [
        ("evrything with nicolas cage in the cast", "Nicolas Cage", None),
        ("all the films with tom hanks in the cast", "Tom Hanks", "Movie"),
        ("evry show where kim ji-won is part of the cast", "Kim Ji-won", "TV Show"),
        ("titles where jet li is among the cast", "Jet Li", None),
    ],
)
def test_a_person_in_the_cast_lists_their_titles(
    catalog_reader, catalog_df, catalog_planner, question, name, type_
):
    rows = catalog_df[catalog_df["cast"].str.contains(re.escape(name))]
    rows = rows[rows["type"] == type_] if type_ else rows
    assert len(rows) >= 2  # the truth: several titles to list
    (spec,) = catalog_reader.read(question)
    assert spec.op == "list", question
    people = spec.titles.people
    assert [(p.name, p.role) for p in people] == [(name, "cast")], question
    assert spec.titles.type == type_
    sure = plan(catalog_planner, question).confidence
    assert sure is not None and not sure.ask_back, (question, sure)


def test_the_cast_of_a_title_is_still_its_people(catalog_reader):
    (spec,) = catalog_reader.read("who directed the movies with jackie chan in the cast")
    assert spec.op == "people"


@pytest.mark.parametrize(
    "question",
    ["toy story movies?", "hot wheels shows", "zombie movies"],
)
def test_a_name_left_unread_before_a_works_noun_is_not_sure(catalog_planner, question):
    sure = plan(catalog_planner, question).confidence
    assert sure is not None and sure.probability < 0.5, (question, sure)


@pytest.mark.parametrize(
    ("question", "unused", "fires"),
    [
        ("toy story movies?", "toy", True),
        ("zombie films from korea", "zombie", True),
        ("hoew many titles from switzerland", "hoew", False),  # a question head between
    ],
)
def test_an_unused_word_before_a_works_noun_is_a_kind_left_out(
    catalog_reader, question, unused, fires
):
    specs = catalog_reader.read(question)
    tags = catalog_reader.tagger.tag(question)
    assert signals.unused_kind(question, {unused}, specs, tags, set()) == float(fires)


@pytest.mark.parametrize(
    ("question", "name", "held"),
    [
        ("yellowjackets streaming? my wife wants to watch it", "Yellowjackets", False),
        ("is bluey on here? my daughter loves it", "Bluey", False),
        ("ozark on netflix? my dad keeps asking about it", "Ozark", True),
    ],
)
def test_who_wants_it_said_as_a_sentence_after_the_title_is_set_aside(
    catalog_reader, catalog_df, catalog_planner, question, name, held
):
    """Who a title is for, said as a sentence of its own after the question ("… my wife wants to
    watch it"): set aside like "for my kid", the title before it read alone."""
    assert (catalog_df["title"].str.casefold() == name.casefold()).any() == held
    (spec,) = catalog_reader.read(question)
    if held:
        assert spec.titles.titles == [name] and not spec.absent
    else:
        assert [a.name for a in spec.absent] == [name]
    sure = plan(catalog_planner, question).confidence
    assert sure is not None and not sure.ask_back, (question, sure)


def test_a_sentence_about_someone_after_a_count_is_not_set_aside(catalog_reader):
    """Only after a title asked for: "how many kids movies are there? my son wants one" asks
    no title, so nothing of it is set aside as who it is for."""
    specs = catalog_reader.read("how many kids movies are there? my son wants one")
    assert not any("asked for" in n for s in specs for n in s.notes)
