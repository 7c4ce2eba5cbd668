"""Graph relations in wordings the other relation tests do not use (written for this test, not
taken from any question set): the director named as one of the cast (within a country or a
genre), a title "directed by someone who also acted in it", the people "in something with A
and also in something with B", a person's most frequent collaborator by the possessive of a
surname alone, and a chain question whose second sentence only names the chain again."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "question",
    [
        "indian titles where the director is also in the cast",
        "indian films whose director was one of the actors",
        "comedies where the director also appears in the cast",
        "which indian movie was made by a person who also starred in it",
        "egyptian titles directed by somebody that also acted in them",
        "any drama where the director is part of the cast?",
    ],
)
def test_the_director_in_the_cast_is_the_auteur_relation(reader, question):
    (spec,) = reader.read(question)
    assert spec.op == "auteur"
    assert not spec.titles.people


def test_the_auteur_relation_keeps_its_country(reader):
    (spec,) = reader.read("indian titles where the director is also in the cast")
    assert spec.titles.countries == ["India"]


@pytest.mark.parametrize(
    ("question", "people"),
    [
        ("people who were in something with Tom Hanks and also in something with Michael Peña",
         ["Tom Hanks", "Michael Peña"]),
        ("which actors appeared in anything with Tom Hanks and in anything with Jordan Peele",
         ["Tom Hanks", "Jordan Peele"]),
        ("anyone who was in something alongside Tom Hanks and something else alongside "
         "Michael Peña", ["Tom Hanks", "Michael Peña"]),
    ],
)  # fmt: skip
def test_in_something_with_a_and_something_with_b_is_shared(reader, question, people):
    (spec,) = reader.read(question)
    assert spec.op == "shared"
    assert [p.name for p in spec.titles.people] == people


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("scorsese's most frequent collaborator?", "Martin Scorsese"),
        ("who is peele's usual co-star", "Jordan Peele"),
        ("who's peele's most regular partner on screen", "Jordan Peele"),
        ("hanks's favourite actor to work with", "Tom Hanks"),
        ("scorsese's go-to actor", "Martin Scorsese"),
    ],
)
def test_a_surnames_most_frequent_collaborator_is_costars(reader, question, person):
    (spec,) = reader.read(question)
    assert spec.op == "costars"
    assert [p.name for p in spec.titles.people] == [person]


@pytest.mark.parametrize(
    "question",
    [
        "how is Tom Hanks linked to Jordan Peele? shortest path of people who worked together",
        "how are Tom Hanks and Bong Joon Ho connected? what's the chain",
        "how is Michael Peña connected to Tom Hanks? give me the degrees of separation",
    ],
)
def test_a_sentence_that_names_the_chain_again_is_the_same_question(reader, question):
    (spec,) = reader.read(question)
    assert spec.op == "chain"


def test_a_second_question_after_a_chain_is_still_its_own_part(reader):
    specs = reader.read("how is Tom Hanks linked to Jordan Peele? and what is the shortest movie")
    assert [s.op for s in specs] == ["chain", "top"]


@pytest.mark.parametrize(
    "question",
    [
        "indian films in which the filmmaker also acts",
        "korean movies whose director has a role in them",
        "dramas where the director plays a part",
    ],
)
def test_a_filmmaker_who_acts_or_has_a_role_is_the_auteur_relation(reader, question):
    (spec,) = reader.read(question)
    assert spec.op == "auteur"


@pytest.mark.parametrize(
    "question",
    [
        "has anyone acted alongside both Tom Hanks and Michael Peña",
        "who has appeared alongside both Jordan Peele and Tom Hanks",
        "anybody who starred alongside both Tom Hanks and Bong Joon Ho",
    ],
)
def test_alongside_both_is_the_shared_relation_with_every_word_used(lexicon, question):
    from tests.unit.test_offline_planner import plan

    p = plan(lexicon, question)
    assert p.reading[0].op == "shared"
    assert p.confidence is not None and "alongside" not in " ".join(p.confidence.unsure)


@pytest.mark.parametrize(
    "question",
    [
        "who has directed Tom Hanks the most",
        "who has Michael Peña acted with the most",
        "who has cast Tom Hanks the most",
        "which actor turns up most often alongside Michael Peña",
    ],
)
def test_a_ranking_of_collaborators_uses_the_ranking_words(lexicon, question):
    from tests.unit.test_offline_planner import plan

    p = plan(lexicon, question)
    assert p.reading[0].op == "costars" and p.reading[0].limit == 1
    assert p.confidence is not None and not p.confidence.features.get("cue_unused")
