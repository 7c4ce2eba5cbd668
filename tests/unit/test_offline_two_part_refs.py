"""Two-part questions and references, round two: "+" and "&" join parts, a set named first
("korean films: how many are there"), a spaced dash or colon before "how many", "how many seasons
has it got" after a ranking, "… and who directed the most", "anything else by them" after "who
made X", and a reference with nothing before it to refer to (it asks back)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compose, confidence
from agentic_rag.agent.rules.planner import OfflinePlanner
from agentic_rag.agent.rules.split import split
from tests.unit.test_offline_planner import plan
from tests.unit.test_offline_references import turn


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("korean movies + who directed the most of them", 2),
        ("how many korean films & which one is the longest", 2),
        ("korean films: how many are there", 2),
        ("oldest korean show - how many seasons has it got", 2),
        ("lego stuff, how many are movies", 1),  # after a comma it counts what came before
        ("japan versus india: which has more titles", 1),
        ("oldest korean movie - anything else by the same director", 2),
        ("who directed okja, anything else from him", 2),
        ("movies about a dog, anything else like that", 1),
        ("longest korean movie - whats it about", 2),
        ("2 + 2", 1),
    ],
)
def test_joining_signs_a_colon_and_a_dash_split_parts(question, parts):
    assert len(split(question)) == parts


@pytest.mark.parametrize(
    "question",
    [
        "korean movies: how many are there + who directed the most of them",
        "korean films - how many do u have & which director made the most of them",
    ],
)
def test_a_set_named_first_is_the_subject_of_the_next_part(lexicon, question):
    counted, ranked = plan(lexicon, question).reading
    assert counted.op == "count" and counted.titles.countries == ["South Korea"]
    assert counted.titles.type == "Movie"
    assert ranked.op == "most" and ranked.by == "director"
    assert ranked.titles.countries == ["South Korea"]


def test_a_set_with_a_description_is_kept_as_a_part(lexicon):
    reading = plan(lexicon, "movies about a giant animal: how many are there").reading
    assert reading[0].about  # its description is not inherited by the count: kept


@pytest.mark.parametrize(
    ("then", "role"),
    [
        ("and who directed the most", "director"),
        ("+ who acted in the most", "cast"),
        (", and who stars in the most", "cast"),
    ],
)
def test_who_did_the_most_ranks_the_earlier_sets_people(lexicon, then, role):
    counted, ranked = plan(lexicon, f"how many korean movies are there {then}").reading
    assert counted.op == "count"
    assert ranked.op == "most" and ranked.by == role
    assert ranked.titles.countries == ["South Korea"] and ranked.titles.type == "Movie"


@pytest.mark.parametrize(
    "question",
    [
        "oldest korean show - how many seasons has it got",
        "the oldest korean show, and how many seasons does it have",
    ],
)
def test_how_many_seasons_of_it_is_the_ranked_titles_entry(lexicon, question):
    top, it = plan(lexicon, question).reading
    assert top.op == "top" and top.limit == 1
    assert it.op == "describe" and it.ref == "first"


def test_anything_else_by_them_takes_the_person_of_its_own_role(lexicon):
    people, rest = plan(lexicon, "who made okja? anything else by them").reading
    assert people.op == "people" and rest.ref == "person" and rest.role == "director"
    rows = [
        {"show_id": "s2", "title": "Okja", "name": "Tilda Swinton", "role": "ACTED_IN"},
        {"show_id": "s2", "title": "Okja", "name": "Bong Joon Ho", "role": "DIRECTED"},
    ]
    assert compose.fill(rest, rows)
    assert [p.name for p in rest.titles.people] == ["Bong Joon Ho"]
    assert rest.titles.excluded == ["s2"]


def test_an_everyday_word_after_a_works_noun_is_no_title(reader):
    tags = reader.tagger.tag("shortest drama movie you have")
    assert not [t for t in tags if t.kind == "title"]


@pytest.mark.parametrize(
    "question",
    [
        "which of them is longer",
        "who is in it",
        "whos in it",
        "what else did she direct",
        "how many of those are from india",
        "anything else by the same director",
        "what yr did it come out",
        "which one is the shortest",
        "who are they",
        "and who directed it",
        "but what year did it come out",
    ],
)
def test_a_reference_with_nothing_before_it_is_unsure(lexicon, question):
    p = plan(lexicon, question)
    assert p.reading[0].unresolved
    reader = OfflinePlanner(lexicon).reader
    feats, used = confidence.features(reader, question, list(p.reading), "")
    assert set(p.reading[0].unresolved) <= set(used.meaning)
    assert confidence.probability(feats) <= confidence.MEANING_CAP


@pytest.mark.parametrize(
    "question",
    [
        "two old friends go on a hunting trip in scotland and it all goes horribly wrong",
        "who directed a korean title and acted in it as well",
        "who directed okja",
    ],
)
def test_a_reference_to_what_the_part_said_itself_is_resolved(lexicon, question):
    assert all(not s.unresolved for s in plan(lexicon, question).reading)


@pytest.mark.parametrize("then", ["which of them is longer", "who is in it", "who are they"])
def test_a_reference_to_an_earlier_turn_or_part_is_resolved(lexicon, then):
    history = [turn("movies from south korea", ["s2"])]
    assert all(not s.unresolved for s in plan(lexicon, then, history=history).reading)
    reading = plan(lexicon, f"korean movies and {then}").reading
    assert all(not s.unresolved for s in reading)


def test_a_comma_before_what_year_starts_a_part(catalog_reader):
    first, second = catalog_reader.read("the oldest japanese movie, what year was it added")
    assert first.op == "top" and first.ascending and first.by == "release_year"
    assert second.op == "describe" and second.ref == "first"
