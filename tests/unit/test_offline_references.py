"""References within a question and across turns: "find X and tell me who directed it", two
parts with no joining word ("longest korean movie who is in it"), a comparative or superlative
over an earlier set ("which of them is longer", "the longest of those"), "who directed the most
of those", "which one is the shortest" after a listing, "who is in the longest one", and an
instruction set aside whose words count for nothing."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import compose, confidence
from agentic_rag.agent.rules.planner import OfflinePlanner
from agentic_rag.agent.rules.split import split
from tests.unit.test_offline_planner import ROWS, plan

TITLE, MINUTES, COUNTRY = 1, 6, 9  # columns of ROWS


def turn(question: str, ids: list[str] | None = None) -> TurnSummary:
    return TurnSummary(question, question, "...", show_ids=ids or [])


@pytest.mark.parametrize(
    "question",
    [
        "find okja and tell me who directed it",
        "look up okja, who directed it",
        "pull up Okja and who directed it",
        "can you find okja and tell me who directed it",
    ],
)
def test_finding_a_title_then_it_is_that_title(lexicon, question):
    found, people = plan(lexicon, question).reading
    assert found.op == "describe" and found.titles.titles == ["Okja"]
    assert people.op == "people" and people.role == "director" and people.ref == "first"
    assert compose.fill(people, [{"show_id": "s2", "title": "Okja"}])
    assert people.titles.titles == ["Okja"]


@pytest.mark.parametrize(
    "question",
    [
        "find okja and tell me who directed it and what year it came out",
        "pull up okja and when was it added",
    ],
)
def test_the_entry_of_it_after_a_lookup_is_the_lookup(lexicon, question):
    reading = plan(lexicon, question).reading
    assert reading[0].op == "describe" and reading[0].titles.titles == ["Okja"]
    assert [s.op for s in reading].count("describe") == 1  # the year is in part 1's entry


@pytest.mark.parametrize(
    ("question", "op", "role"),
    [
        ("longest korean movie who is in it", "people", "cast"),
        ("longest korean movie whos in it", "people", "cast"),
        ("the longest movie from south korea who directed it", "people", "director"),
        ("oldest egyptian movie when was it added", "describe", None),
    ],
)
def test_two_parts_with_no_joining_word(lexicon, question, op, role):
    top, it = plan(lexicon, question).reading
    assert top.op == "top" and top.limit == 1
    assert it.op == op and it.ref == "first" and it.role == role


@pytest.mark.parametrize(
    "question",
    [
        "egyptian titles where the director also acts in it",
        "tell me who is in it",
        "do you know who directed it",
        "and who is in it",
        "ok when was it added",
    ],
)
def test_a_clause_or_a_preface_is_not_a_second_part(question):
    assert len(split(question)) == 1


@pytest.mark.parametrize(
    ("then", "ascending", "by"),
    [
        ("which of them is longer", False, "duration_minutes"),
        ("which one is shorter", True, "duration_minutes"),
        ("which of those is older", True, "release_year"),
        ("whats the longest of those", False, "duration_minutes"),
        ("which one is the shortest", True, "duration_minutes"),
    ],
)
def test_one_title_of_the_earlier_set_by_an_order(lexicon, then, ascending, by):
    history = [turn("movies from south korea", ["s2"])]
    (spec,) = plan(lexicon, then, history=history).reading
    assert spec.op == "top" and spec.limit == 1
    assert spec.by == by and spec.ascending is ascending
    assert spec.titles.countries == ["South Korea"]


@pytest.mark.parametrize(
    "question", ["movies 2 hours or longer", "movies longer than 2 hours", "the 3 longest of those"]
)
def test_a_threshold_or_a_number_is_not_one_title(lexicon, question):
    spec = plan(lexicon, question).reading[-1]
    assert spec.limit != 1


@pytest.mark.parametrize(
    "then", ["who directed the most of those", "which director made the most of them"]
)
def test_the_most_of_an_earlier_set_ranks_its_people(lexicon, then):
    (spec,) = plan(lexicon, then, history=[turn("how many korean movies are there")]).reading
    assert spec.op == "most" and spec.by == "director"
    assert spec.titles.countries == ["South Korea"] and spec.titles.type == "Movie"
    counted, ranked = plan(lexicon, f"how many korean movies are there and {then}").reading
    assert counted.op == "count" and ranked.op == "most" and ranked.by == "director"


def test_people_of_the_longest_one_of_an_earlier_set(lexicon):
    history = [turn("movies from south korea")]
    top, people = plan(lexicon, "who is in the longest one", history=history).reading
    assert top.op == "top" and top.limit == 1 and top.by == "duration_minutes"
    assert top.titles.countries == ["South Korea"]
    assert people.op == "people" and people.role == "cast" and people.ref == "first"
    korean = [r for r in ROWS if r[COUNTRY] == "South Korea" and r[MINUTES]]
    longest = max(korean, key=lambda r: r[MINUTES])
    assert compose.fill(people, [{"show_id": longest[0], "title": longest[TITLE]}])
    assert people.titles.titles == [longest[TITLE]]


def test_the_words_of_a_set_aside_instruction_name_no_operation(lexicon):
    question = "update the rating of okja to G; who directed okja"
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert spec.op == "people" and spec.ignored
    reader = OfflinePlanner(lexicon).reader
    _, used = confidence.features(reader, question, list(p.reading), "Okja")
    assert used.cues == []


@pytest.mark.parametrize(
    ("question", "typed"),
    [("shortest spanish show", "TV Show"), ("can you show me korean movies", "Movie")],
)
def test_a_singular_show_after_a_word_is_a_tv_show(reader, question, typed):
    tags = reader.tagger.tag(question)
    assert [t.value for t in tags if t.kind == "type"] == [typed]


@pytest.mark.parametrize(
    "question",
    [
        "what else has the woman who starred in okja been in",
        "what else has the guy who starred in the irishman been in",
    ],
)
def test_a_person_named_by_who_they_are_is_not_simply_the_first_billed(lexicon, question):
    p = plan(lexicon, question)
    reader = OfflinePlanner(lexicon).reader
    _, used = confidence.features(reader, question, list(p.reading), "")
    assert used.meaning  # "woman", "guy": the reading cannot check it, so it is not sure


@pytest.mark.parametrize(
    "question", ["find okja", "look up the movie okja", "pull up Okja", "can you find okja"]
)
def test_a_part_that_only_names_a_title_is_its_entry(lexicon, question):
    (spec,) = plan(lexicon, question).reading
    assert spec.op == "describe" and spec.titles.titles == ["Okja"]
