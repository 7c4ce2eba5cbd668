"""Questions of two parts and references inside a question, read on the real catalog's names:
where the question splits ("…, then tell me", "… and the actor who turns up in the most",
"… plus whichever one …", "… the shortest of em", "movie... who directed that"), what the later
part takes from the earlier one, and that a right reading of two parts is not made unsure by
the bank's own examples in parts. Phrasings written for these tests, not taken from a set."""

from __future__ import annotations

import asyncio

import pytest

from agentic_rag.agent.interfaces import PlanContext
from agentic_rag.agent.rules.example_gap import example_gap
from agentic_rag.agent.rules.planner import OfflinePlanner
from agentic_rag.agent.rules.split import both_asked, split
from tests.unit.test_offline_planner import ALL_TOOLS


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("count the anime for me, then tell me the oldest one in it",
         ["count the anime for me", "tell me the oldest one in it"]),
        ("how many anime films, and then tell me which is the longest",
         ["how many anime films", "tell me which is the longest"]),
        ("number of korean shows and the actor who turns up in the most",
         ["number of korean shows", "the actor who turns up in the most"]),
        ("how many japanese movies and the director who made the most of them",
         ["how many japanese movies", "the director who made the most of them"]),
        ("count of irish films + the director with the most of em",
         ["count of irish films", "the director with the most of em"]),
        ("turkish movies total plus whichever one netflix added most recently",
         ["turkish movies total", "whichever one netflix added most recently"]),
        ("mexican titles, give me the count and the shortest of em",
         ["mexican titles, give me the count", "the shortest of em"]),
        ("the oldest indian movie... who directed that",
         ["the oldest indian movie...", "who directed that"]),
        ("the newest polish show… who is in it", ["the newest polish show…", "who is in it"]),
    ],
)  # fmt: skip
def test_where_two_parts_split(question, parts):
    assert split(question) == parts


@pytest.mark.parametrize(
    "question",
    [
        "movies with the actor who appears most often",  # no joining word: one question
        "how many shows star the actor who won an emmy",
    ],
)
def test_a_person_clause_without_a_ranking_after_a_join_does_not_split(question):
    assert len(split(question)) == 1


def _shape(spec):
    return spec.op, spec.by, spec.ascending, spec.limit


@pytest.mark.parametrize(
    ("question", "country", "second"),
    [
        ("finnish titles: total number and which came out earliest", "Finland",
         ("top", "release_year", True, 1)),
        ("polish movies total plus whichever one netflix added most recently", "Poland",
         ("top", "date_added", False, 1)),
        ("danish titles, give me the count and the shortest of em", "Denmark",
         ("top", "duration_minutes", True, 1)),
        ("egyptian stuff on netflix — how many, and who directed the most of it", "Egypt",
         ("most", "director", False, None)),
        ("count the turkish titles for me, then tell me the newest one in it", "Turkey",
         ("top", "release_year", False, 1)),
    ],
)  # fmt: skip
def test_a_count_then_a_ranking_of_the_same_set(catalog_reader, question, country, second):
    first, then = catalog_reader.read(question)
    assert first.op == "count" and first.titles.countries == [country]
    assert then.titles.countries == [country]
    assert _shape(then) == second, then


@pytest.mark.parametrize(
    ("question", "first_by"),
    [
        ("the longest thai movie, how many minutes is it", "duration_minutes"),
        ("spike lee's earliest release on here - how long does it run", "release_year"),
        ("the newest chilean film, what year did it actually come out", "release_year"),
    ],
)
def test_a_question_about_it_is_the_entry_of_the_title_before(catalog_reader, question, first_by):
    """ "how long does it run": "it" is the earlier part's title, not a title named "Run"."""
    top, entry = catalog_reader.read(question)
    assert top.op == "top" and top.by == first_by and top.limit == 1
    assert entry.op == "describe" and entry.ref == "first" and entry.titles.titles == []


def test_who_directed_that_after_an_ellipsis(catalog_reader):
    top, who = catalog_reader.read("the longest chilean movie... who directed that")
    assert top.op == "top" and top.titles.countries == ["Chile"]
    assert who.op == "people" and who.ref == "first"


def test_what_else_of_theirs_is_that_persons_other_titles(catalog_reader):
    people, rest = catalog_reader.read("who directed okja and what else of theirs is on netflix")
    assert people.op == "people"
    assert rest.op == "list" and rest.ref == "person" and rest.role in (None, "director")


@pytest.mark.parametrize(
    "question",
    [
        "korean shows: how many, and which is the newest",
        "how many spanish thrillers are there and which one came out first",
        "finnish titles: total number and which came out earliest",
    ],
)
def test_a_part_is_not_set_against_the_banks_examples_in_parts(catalog_reader, question):
    """ "which is the newest" is nearest the bank's "How many movies did Steven Spielberg
    direct, and which is the newest?", labelled a count for both its parts: no gap for that."""
    assert example_gap(catalog_reader, catalog_reader.read(question)) < 0.1


@pytest.fixture(scope="module")
def catalog_planner(catalog_reader) -> OfflinePlanner:
    return OfflinePlanner(catalog_reader.lex, 0.5)


@pytest.mark.parametrize(
    "question",
    [
        "hungarian movies: how many, and which is the newest release",
        "count the classic & cult tv category for me, then tell me the oldest show in it",
        "qatari productions, give me the count and the shortest of em",
        "serbia's longest AND shortest movie, both at once",
    ],
)
def test_a_right_reading_of_two_parts_is_not_asked_back(catalog_planner, question):
    ctx = PlanContext(question, [], 1, "", "", ALL_TOOLS)
    plan = asyncio.run(catalog_planner.plan(ctx))[0]
    assert len(plan.reading) == 2
    assert plan.confidence is not None and plan.confidence.probability >= 0.5, plan.confidence


def test_both_at_once_is_asked_of_a_pair_of_rankings_only():
    assert both_asked("serbia's longest and shortest movie, both at once") == {"both", "at", "once"}
    assert both_asked("the oldest & newest anime, at the same time") >= {"same", "time"}
    assert both_asked("movies with both tom hanks and meg ryan") == set()
