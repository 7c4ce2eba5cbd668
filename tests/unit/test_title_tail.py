"""A title read whose next words name more than it holds is a longer title the catalog lacks:
the reading is about another film than the one asked, so it is never sure. Titles checked with
pandas on data/netflix_titles.csv: The Matrix, Bad Boys, Twilight, Lupin and Sherlock are held;
"The Matrix Resurrections", "Bad Boys for Life", "Twilight: New Moon" (held only as "The Twilight
Saga: New Moon"), "Lupin the 3rd" and "Sherlock: the abominable bride" are not."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.spec import PersonRef, QuerySpec, TitleSet
from agentic_rag.agent.rules.title_tail import before_person, tail


def _spec(title: str, question: str) -> list[QuerySpec]:
    return [QuerySpec(op="people", titles=TitleSet(titles=[title]), text=question)]


@pytest.mark.parametrize(
    ("question", "title", "unused", "word"),
    [
        ("the matrix resurrections cast", "The Matrix", ["resurrections"], "resurrections"),
        ("bad boys for life director", "Bad Boys", [], "life"),
        ("twilight new moon who directed", "Twilight", ["new", "moon"], "new"),
        ("who's in sherlock the abominable bride", "Sherlock", [], "abominable"),
        ("lupin part three cast pls", "Lupin", ["part"], "part"),
    ],
)
def test_words_after_a_title_that_name_more_of_it_are_its_tail(question, title, unused, word):
    assert tail(question, _spec(title, question), unused) == word


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("stranger things cast", "Stranger Things"),
        ("who directed the matrix reloaded", "The Matrix Reloaded"),
        ("is squid game on netflix", "Squid Game"),
        ("ozark when was it added", "Ozark"),
        ("grown ups from 2010 who is in it", "Grown Ups"),
        ("queen of the south how many seasons", "Queen of the South"),
    ],
)
def test_a_title_followed_by_what_is_asked_of_it_has_no_tail(catalog_reader, question, title):
    tags = catalog_reader.tagger.tag(question)  # "from 2010": a year asked, not the title's
    assert tail(question, _spec(title, question), [], tags) == ""


@pytest.mark.parametrize(
    ("question", "title"),
    [("the matrix resurrections cast", "The Matrix"), ("bad boys for life director", "Bad Boys")],
)
def test_a_reading_of_a_title_with_a_tail_is_not_sure(catalog_reader, question, title):
    feats, _ = confidence.features(catalog_reader, question, _spec(title, question), "")
    assert feats["title_tail"] == 1.0
    assert confidence.probability(feats) <= confidence.MEANING_CAP


@pytest.mark.parametrize(
    ("question", "title", "unused"),
    [
        ("got roma? the cuaron one", "Roma", ["cuaron"]),
        ("okja - the bong joon ho film, who is in it", "Okja", ["bong"]),
        ("is ozark here, the one w jason bateman", "Ozark", ["jason"]),
        ("narcos; the escobar show, how many seasons", "Narcos", ["escobar"]),
    ],
)
def test_words_after_a_titles_clause_describe_it_they_are_no_tail(question, title, unused):
    assert tail(question, _spec(title, question), unused) == ""


def test_a_title_inside_an_instruction_set_aside_has_no_tail():
    question = "change the rating of okja to pg; who directed okja"
    specs = _spec("Okja", question)
    specs[0].ignored = ["change the rating of okja to pg;"]
    assert tail(question, specs, ["pg"]) == ""
    assert tail("who directed okja to pg", _spec("Okja", "who directed okja to pg"), []) == "pg"


def _with(person: str, question: str) -> list[QuerySpec]:
    people = TitleSet(people=[PersonRef(name=person, role="cast")])
    return [QuerySpec(op="list", titles=people, text=question)]


@pytest.mark.parametrize(
    ("question", "person", "unused", "word"),
    [
        ("la la land with ryan gosling", "Ryan Gosling", ["land"], "land"),
        ("gladiator russell crowe what year", "Russell Crowe", ["gladiator"], "gladiator"),
        ("got titanic w leonardo dicaprio?", "Leonardo DiCaprio", ["titanic"], "titanic"),
    ],
)
def test_an_unread_word_before_the_person_filtered_by_names_a_title(question, person, unused, word):
    """La La Land, Gladiator and Titanic are not in the catalog (pandas: no title holds them)."""
    assert before_person(question, _with(person, question), unused) == word


@pytest.mark.parametrize(
    ("question", "person", "unused"),
    [
        ("how many titles with tom hanks", "Tom Hanks", []),
        ("anything with meryl streep from the 90s", "Meryl Streep", []),
        ("tom cruise movies with no sequel", "Tom Cruise", ["sequel"]),  # after the name
        ("evrything with nicolas cage", "Nicolas Cage", ["evrything"]),  # a slip, not a title
        ("anythin w keanu reeves", "Keanu Reeves", ["anythin"]),
    ],
)
def test_a_person_asked_with_no_unread_word_before_them_names_no_title(question, person, unused):
    assert before_person(question, _with(person, question), unused) == ""
