"""Two-part questions, round three: the joining words are one table ("n" joins like "and"), a
joining word before a "the <director/actor>" noun that refers back, a comma or dots before a
short question back at what came before, the actor ranked by "acts"/"plays"/"who's in", "what
release year does it have", and "that director" / "that actor" as the earlier part's person."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compose
from agentic_rag.agent.rules.split import split
from agentic_rag.agent.rules.words import WORDS
from tests.unit.test_offline_planner import plan


def test_n_is_a_joining_word():
    assert "n" in WORDS.joining_words and "and" in WORDS.joining_words


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("australian films how many n who is the actor in most of them", 2),
        ("korean movies how many n which is the longest", 2),
        ("hong kong movies: total number + the director with the most of them", 2),
        ("spanish shows & the actor in most of them", 2),
        ("oldest teen tv show on the service, how many seasons has it got", 2),
        ("newest anime series, how many seasons does it have", 2),
        ("oldest turkish film on netflix.. who directed it?", 2),
        ("a dog and its owner", 1),
        ("movies with tom hanks and the director", 1),  # no reference back: one part
        ("lego stuff, how many are movies", 1),  # after a comma it counts what came before
        ("rock n roll movies", 1),
        ("the korean zombie movie on a train and the actors who starred in it", 2),
    ],
)
def test_joining_words_nouns_back_and_dots_split_parts(question, parts):
    assert len(split(question)) == parts


@pytest.mark.parametrize(
    ("question", "country", "role"),
    [
        ("korean films how many n who is the actor in most of them", "South Korea", "cast"),
        (
            "how many indian movies do you have, and who acts in the most of them",
            "India",
            "cast",
        ),
        ("japanese movies: how many, plus who's in the most of them", "Japan", "cast"),
        (
            "indian movies: total number + the director with the most of them",
            "India",
            "director",
        ),
        ("american films how many & who plays in most of them", "United States", "cast"),
    ],
)
def test_a_count_then_who_ranks_most_of_them(lexicon, question, country, role):
    counted, ranked = plan(lexicon, question).reading
    assert counted.op == "count" and counted.titles.countries == [country]
    assert ranked.op == "most" and ranked.by == role
    assert ranked.titles.countries == [country]


@pytest.mark.parametrize(
    "question",
    [
        "colombian tv show w/ the most seasons, and what release year does it have?",
        "the shortest german movie plus which release date does it have",
    ],
)
def test_what_release_year_does_it_have_is_the_ranked_titles_entry(lexicon, question):
    _, it = plan(lexicon, question).reading
    assert it.op == "describe" and it.ref == "first"


@pytest.mark.parametrize(
    ("question", "role", "rows", "who"),
    [
        (
            "who made pan's labyrinth? anything else from that director on here",
            "director",
            [("Doug Jones", "ACTED_IN"), ("Guillermo del Toro", "DIRECTED")],
            "Guillermo del Toro",
        ),
        (
            "who worked on okja - what else has this filmmaker done",
            "director",
            [("Tilda Swinton", "ACTED_IN"), ("Bong Joon Ho", "DIRECTED")],
            "Bong Joon Ho",
        ),
        (
            "who is in okja? anything else with that actor",
            "cast",
            [("Bong Joon Ho", "DIRECTED"), ("Tilda Swinton", "ACTED_IN")],
            "Tilda Swinton",
        ),
    ],
)
def test_that_director_is_the_earlier_parts_person_in_that_role(lexicon, question, role, rows, who):
    people, rest = plan(lexicon, question).reading
    assert people.op == "people" and rest.ref == "person" and rest.role == role
    assert rest.op == "list"
    got = [{"show_id": "s2", "title": "Okja", "name": n, "role": r} for n, r in rows]
    assert compose.fill(rest, got)
    assert [p.name for p in rest.titles.people] == [who]


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("what's the newest korean movie and who is the director", "director"),
        ("the longest korean movie - who's the star", "cast"),
        ("the oldest korean show, who is the comedian", None),
    ],
)
def test_who_is_the_role_after_a_part_is_its_titles_people(lexicon, question, role):
    top, who = plan(lexicon, question).reading
    assert top.op == "top" and top.limit == 1
    assert who.op == "people" and who.ref == "first" and who.role == role
    assert not who.titles.titles and not who.absent  # "the comedian" names no title
