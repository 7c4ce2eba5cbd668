"""A story told goes on after ", then" when what follows asks nothing ("… lived with wolves,
then people started doubting it"): one search, not a second part; "abt" is "about"; a story
after a kind the catalog has no genre for and a lead ("western where a cowboy …") is a search its
lead introduced, not one by the question's own words. Phrasings written for this rule; the
titles checked in the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.split import split


@pytest.mark.parametrize(
    "question",
    [
        "documentary abt a woman who said she escaped the holocaust as a little girl and lived "
        "with wolves, then people started doubting it",
        "movie where a man loses his job, then his wife leaves him",
        "show about a chef opening a restaurant, then a fire burns it down",
    ],
)
def test_then_inside_a_story_keeps_one_part(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "search" and "then" in spec.about


@pytest.mark.parametrize(
    ("question", "n"),
    [
        ("count the anime, then tell me the oldest one", 2),
        ("horror movies from 2019, then list the dramas", 2),
        ("movie about a heist, then who directed it", 2),
    ],
)
def test_then_before_a_new_question_still_splits(question, n):
    assert len(split(question)) == n


def test_abt_is_about(catalog_reader, catalog_df):
    (spec,) = catalog_reader.read("documentary abt a woman who lived with wolves as a girl")
    assert spec.op == "search" and spec.about.startswith("a woman")
    assert "Misha and the Wolves" in set(catalog_df["title"])


@pytest.mark.parametrize(
    "question",
    [
        "western where a slow cowboy hunts down whoever killed his longtime partner",
        "heist flick where a crew robs the royal mint in madrid",
        "samurai film about a masterless warrior protecting a village",
    ],
)
def test_a_story_after_a_kind_and_a_lead_is_a_led_search(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "search"
    assert not confidence._guessed_search(spec)


@pytest.mark.parametrize(
    ("question", "about"),
    [
        (
            "doc about a man who conned women on dating apps, then they teamed up to expose him. "
            "what's it called",
            "teamed up",
        ),
        (
            "thriller where a woman's marriage falls apart, then she falls for a nice guy who has "
            "sinister motives. who directed it",
            "sinister motives",
        ),
        ("movie where a man loses his job, then his wife leaves him. who directed it", "wife"),
    ],
)
def test_the_story_goes_on_to_its_sentences_end(catalog_reader, question, about):
    specs = catalog_reader.read(question)
    assert specs[0].op == "search" and about in specs[0].about
    assert len(specs) <= 2
