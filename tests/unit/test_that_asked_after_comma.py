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
