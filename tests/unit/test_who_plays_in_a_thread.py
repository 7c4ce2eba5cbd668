"""A follow-up asking who plays someone, naming no title ("the crown", then "who plays the main
guy", "who plays the queen"): about the thread's title, never a title its words name ("Plays
the Main Guy", "The Queen"). A lead is that title's first-billed cast member; a character,
which the catalog does not name, is read as the title's cast and left unsure. Truths checked
with pandas on the catalog."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules.billing import asks_lead
from agentic_rag.agent.rules.plays_in_it import played_in_it
from agentic_rag.agent.rules.unshown import uncredited


def _thread(question: str) -> list[TurnSummary]:
    return [TurnSummary(question, question, "…")]


@pytest.mark.parametrize(
    ("first", "then", "title"),
    [
        ("the crown", "who plays the main guy", "The Crown"),
        ("stranger things", "who's playing the lead actress", "Stranger Things"),
        ("narcos", "ok who played the main character?", "Narcos"),
    ],
)
def test_a_lead_is_the_threads_titles_lead(catalog_df, catalog_reader, first, then, title):
    (spec,) = catalog_reader.read(then, _thread(first))
    assert spec.titles.titles == [title]
    assert asks_lead(spec)
    assert catalog_df[catalog_df["title"] == title]["cast"].iloc[0]  # a cast to bill (pandas)


@pytest.mark.parametrize(
    ("first", "then", "title", "part"),
    [
        ("the crown", "who plays the queen", "The Crown", "the queen"),
        ("narcos", "who played pablo escobar?", "Narcos", "pablo escobar"),
        ("stranger things", "who voices the monster", "Stranger Things", "the monster"),
    ],
)
def test_a_character_is_the_threads_titles_cast_and_unsure(
    catalog_df, catalog_reader, first, then, title, part
):
    (spec,) = catalog_reader.read(then, _thread(first))
    assert spec.titles.titles == [title]
    assert spec.op == "people" and spec.role == "cast" and not asks_lead(spec)
    assert uncredited(then, [spec]) == [part]  # the catalog cannot say who plays the part
    assert title in set(catalog_df["title"])  # pandas


@pytest.mark.parametrize(
    "question",
    [
        "who plays in it",
        "who played the most roles in korean dramas",
        "who plays the queen in the crown",
        "what does the queen play",
    ],
)
def test_other_questions_are_left_as_they_are(question):
    assert played_in_it(question) == question
