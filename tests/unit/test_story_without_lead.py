"""A story told with no lead word: after a comma that ends the kind asked for ("pakistani movie,
a goon is hired …"), or before a closing "whats it called"; searched as a described title
("… movie where a goon …", "title about …"). A question of its own is left as it is."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.unled import led


@pytest.mark.parametrize(
    ("question", "rewritten"),
    [
        (
            "pakistani movie, a goon is hired to kidnap a girl for an arranged marriage",
            "pakistani movie where a goon is hired to kidnap a girl for an arranged marriage",
        ),
        (
            "spanish series - two sisters run a bakery in a small town by the sea",
            "spanish series where two sisters run a bakery in a small town by the sea",
        ),
        (
            "guy trying to get his baptism records erased to leave the church, whats it called",
            "title about guy trying to get his baptism records erased to leave the church",
        ),
        (
            "teen stuck in a time loop on the day she dies - what's the name of it?",
            "title about teen stuck in a time loop on the day she dies",
        ),
    ],
)
def test_story_gets_its_lead(question, rewritten):
    assert led(question) == rewritten


@pytest.mark.parametrize(
    "question",
    [
        "korean movies, a list",
        "indian movie where a man builds a toilet for his wife, whats it called",
        "how many shows are there from japan, whats the name of the longest",
        "korean dramas, the ones from 2019 rated tv-14",
        "my sister is convinced dark is a movie; what is it",
    ],
)
def test_other_questions_are_left_alone(question):
    assert led(question) == question


def test_the_story_is_searched(catalog_reader):
    (spec,) = catalog_reader.read(
        "pakistani movie, a goon is hired to kidnap a girl for an arranged marriage"
    )
    assert spec.about.startswith("a goon is hired") and spec.titles.countries == ["Pakistan"]
