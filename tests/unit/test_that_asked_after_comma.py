"""A question back at the part before it, after a comma and ending on "that", or after an
ellipsis with an unmarked "whos" / "whats": "the most recently added singaporean movie, how many
minutes is that", "the oldest filipino movie, who directed that", "malaysian series with the most
seasons... whos in it" (`split`)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.split import split


@pytest.mark.parametrize(
    ("question", "second"),
    [
        (
            "the most recently added singaporean movie, how many minutes is that",
            "how many minutes is that",
        ),
        ("the oldest filipino movie, who directed that", "who directed that"),
        ("the longest running british show, how many seasons is that", "how many seasons is that"),
        ("malaysian series with the most seasons... whos in it", "whos in it"),
        ("the newest french show... whats it about", "whats it about"),
    ],
)
def test_the_question_back_is_a_part(question, second):
    assert split(question)[-1] == second and len(split(question)) == 2


@pytest.mark.parametrize(
    ("question", "second"),
    [
        (
            "the oldest british series, how many seasons does that have",
            "how many seasons does that have",
        ),
        ("most recent indian title added - what genre is it", "what genre is it"),
        ("newest thai movie, what rating is it", "what rating is it"),
    ],
)
def test_a_verb_or_an_attribute_after_that_or_what(question, second):
    assert split(question) == [question[: -len(second)].rstrip(" ,-"), second]


def test_what_genre_as_a_question_of_its_own_is_no_part():
    assert split("horror movies - what genre is most common") == [
        "horror movies - what genre is most common"
    ]


def test_how_many_after_a_comma_still_counts_the_set():
    assert split("indian movies, how many are there like that") == [
        "indian movies, how many are there like that"
    ]


@pytest.mark.parametrize(
    "question",
    [
        "the most recently added singaporean movie, how many minutes is that",
        "the shortest nigerian film, how many minutes is that",
        "the oldest filipino movie, who directed that",
    ],
)
def test_the_part_is_asked_of_the_one_title_ranked(catalog_reader, question):
    top, then = catalog_reader.read(question)
    assert top.op == "top" and top.limit == 1 and top.titles.countries
    assert then.op in ("describe", "people") and then.needs_results
