"""A part asked as a noun ("… and its director"), "it" after a ranking whose titles tie, "how much
X is there", works nouns ("stuff") that are no title, and a description that opens with a
title's words ("a film about a boy who …")."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compose
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.split import split
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("the shortest documentary from 2019 and its director", 2),
        ("oldest british show plus its rating", 2),
        ("the longest thai movie & their cast", 2),
        ("newest anime film and its runtime", 2),
        ("a movie about a dog and its owner", 1),  # a description: "owner" is asked of nothing
        ("shows about a family and their farm", 1),
    ],
)
def test_a_joining_word_before_what_is_asked_of_it_splits(question, parts):
    assert len(split(question)) == parts


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("the longest egyptian movie and its director", "director"),
        ("oldest french movie plus its stars", "cast"),
    ],
)
def test_a_part_asked_as_a_noun_refers_to_the_ranked_title(lexicon, question, role):
    ranked, asked = plan(lexicon, question).reading
    assert ranked.op == "top" and ranked.limit == 1
    assert asked.op == "people" and asked.role == role and asked.ref == "first"


def _rows(n: int) -> list[dict]:
    return [{"show_id": f"s{i}", "title": f"T{i}", "release_year": 2021} for i in range(n)]


def test_it_after_a_tie_is_each_tied_title_and_after_a_list_the_first():
    tied = QuerySpec(op="people", role="cast", ref="first", needs_results=True)
    assert compose.fill(tied, _rows(6), tied=True)
    assert tied.titles.show_ids == [f"s{i}" for i in range(6)]
    listed = QuerySpec(op="people", role="cast", ref="first", needs_results=True)
    assert compose.fill(listed, _rows(6))
    assert listed.titles.show_ids == ["s0"]
    assert compose.ranked_one(QuerySpec(op="top", by="release_year", limit=1))
    assert not compose.ranked_one(QuerySpec(op="top", by="release_year", limit=5))


@pytest.mark.parametrize(
    "question",
    [
        "how much anime do you have",
        "how much korean stuff is on netflix",
        "how much lego content is there",
    ],
)
def test_how_much_of_the_catalog_is_a_count(lexicon, question):
    (spec,) = plan(lexicon, question).reading
    assert spec.op == "count"


@pytest.mark.parametrize("question", ["all the transformers stuff on netflix", "any lego things?"])
def test_a_works_noun_is_no_title(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.titles.title_has and not spec.titles.titles and not spec.absent


def test_a_description_opening_with_a_titles_words_is_a_description(catalog_reader):
    (spec,) = catalog_reader.read("film about a boy who befriends a giant pig creature")
    assert spec.op == "search" and not spec.titles.titles and "pig" in spec.about
    (named,) = catalog_reader.read("who directed about a boy")
    assert named.titles.titles == ["About a Boy"]


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("shows that have more than 5 seasons and are from the uk", 1),
        ("movies that are dramas and are rated r", 1),
        ("how many korean movies and are there any from 2019", 2),
        ("the longest anime and is it any good", 2),
    ],
)
def test_and_is_or_are_splits_only_before_a_question(question, parts):
    assert len(split(question)) == parts
