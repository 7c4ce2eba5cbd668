"""A bare surname read as its most credited holder is a guess when the descriptions capitalise
the word more often than that person is credited: it names something else there ("disney
movies": Melissa Disney has one credit, the descriptions name Disney several times). Its tag is
scored under `confidence.GUESS`, and a reading holding such a tag is capped under 0.5
(`guessed`); a surname the catalog credits more than it mentions ("spielberg films") stays sure.
Truths are computed with pandas on the catalog CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.confidence import GUESS, MEANING_CAP, probability


def _credits(catalog_df, name: str) -> int:
    people = catalog_df.director + ", " + catalog_df.cast
    return int(people.str.split(", ").map(lambda xs: name in [x.strip() for x in xs]).sum())


def _named(catalog_df, word: str) -> int:
    return int(catalog_df.description.str.count(rf"\b{word}\b").sum())


def _surname_tag(reader, question: str):
    return next(t for t in reader.tagger.tag(question) if t.kind == "person")


@pytest.mark.parametrize(
    ("question", "word", "who"),
    [("how many disney movies", "Disney", "Melissa Disney"), ("kubrick films?", "Kubrick", None)],
)
def test_a_surname_the_descriptions_name_more_is_a_guess(
    catalog_reader, catalog_df, question, word, who
):
    tag = _surname_tag(catalog_reader, question)
    assert _named(catalog_df, word) > _credits(catalog_df, tag.value)  # the truth
    assert who is None or tag.value == who
    assert tag.score < GUESS, question


@pytest.mark.parametrize(
    ("question", "word", "who"),
    [
        ("spielberg films how many", "Spielberg", "Steven Spielberg"),
        ("list tarantino movies", "Tarantino", "Quentin Tarantino"),
    ],
)
def test_a_surname_credited_more_than_named_is_sure(
    catalog_reader, catalog_df, question, word, who
):
    tag = _surname_tag(catalog_reader, question)
    assert tag.value == who
    assert _credits(catalog_df, who) >= _named(catalog_df, word)  # the truth
    assert tag.score >= 0.8, question


def test_a_guessed_name_caps_the_reading_under_one_half():
    assert probability({"intent": 1.0, "guessed": 1.0}) <= MEANING_CAP < 0.5
    assert probability({"intent": 1.0}) > 0.5
