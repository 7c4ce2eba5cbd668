"""A credit the catalog does not hold (it names directors and cast only): "produced by X",
"written by X", "what has X narrated" answered with X's directing or every title X is in does
not answer what was asked, so the reading is unsure (`unshown.uncredited`, `words.yaml`
`uncredited`); a country that "produced the most", a writer inside a story searched for and a
title's own name ("Freedom Writers") stay sure. Phrasings written for this test; truths with
pandas on data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.unshown import uncredited
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("question", "credit", "person"),
    [
        ("movies produced by steven spielberg", "produced by", "Steven Spielberg"),
        ("stuff written by charlie kaufman", "written by", "Charlie Kaufman"),
        ("what has morgan freeman narrated", "narrated", "Morgan Freeman"),
        ("docs narrated by david attenborough", "narrated by", "David Attenborough"),
        ("titles ron howard was a producer on", "producer", "Ron Howard"),
    ],
)
def test_a_credit_no_title_lists_leaves_the_reading_unsure(
    catalog_df, catalog_reader, question, credit, person
):
    held = catalog_df["director"].str.contains(person) | catalog_df["cast"].str.contains(person)
    assert held.any()  # the person is in the catalog, under another credit
    specs = catalog_reader.read(question)
    assert uncredited(question, specs) == [credit]
    _, u = confidence.features(catalog_reader, question, specs, "")
    assert credit in u.meaning
    p = plan(catalog_reader.lex, question)
    assert p.confidence is not None and p.confidence.probability < 0.5


@pytest.mark.parametrize(
    "question",
    [
        "which country produced the most kids tv",
        "movie about a struggling writer who moves to paris",
        "who directed freedom writers",
    ],
)
def test_a_credit_word_that_asks_no_credit_stays_read(catalog_df, catalog_reader, question):
    assert catalog_df["title"].eq("Freedom Writers").any()
    specs = catalog_reader.read(question)
    assert uncredited(question, specs) == []


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("what has ajay devgn produced", "produced"),
        ("who voiced po in kung fu panda", "po"),
        ("who plays eleven in stranger things", "eleven"),
        ("who's playing geralt in the witcher", "geralt"),
    ],
)
def test_a_credit_verb_or_a_character_asked_is_unsure(catalog_df, catalog_reader, question, said):
    held = catalog_df["cast"].str.contains("Ajay Devgn") & catalog_df["title"].ne("")
    assert held.any() and catalog_df["title"].eq("Kung Fu Panda").any()  # the CSV
    specs = catalog_reader.read(question)
    assert said in uncredited(question, specs)
    p = plan(catalog_reader.lex, question)
    assert p.confidence is not None and p.confidence.probability < 0.5


@pytest.mark.parametrize(
    "question",
    [
        "who plays the main guy in the irishman",
        "who plays in squid game",
        "which country produced the most anime",
    ],
)
def test_billing_or_a_cast_asked_is_no_character(catalog_reader, question):
    assert uncredited(question, catalog_reader.read(question)) == []
