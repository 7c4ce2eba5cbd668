"""A follow-up naming a title of its own and asking its entry after a people question: "who
directed furie" then "and how long is jackpot", "whos in sankofa" then "and when was azali
added". The new part's own question is answered (the title's entry), not the turn before's
(its directors or cast); "what about jackpot", asking nothing of its own, keeps the old one.
Titles checked with pandas on the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary


def _after(question: str) -> list[TurnSummary]:
    return [TurnSummary(question, question, "...")]


@pytest.mark.parametrize(
    ("before", "then", "title"),
    [
        ("who directed furie", "and how long is jackpot", "Jackpot"),
        ("whos in sankofa", "and when was azali added", "Azali"),
        ("who directed the burial of kojo", "and jackpot, how long is it", "Jackpot"),
        ("who stars in porto", "and what year did jefe come out", "Jefe"),
    ],
)
def test_an_entry_asked_of_a_new_title_is_its_entry(
    catalog_df, catalog_reader, before, then, title
):
    assert (catalog_df["title"] == title).sum() == 1
    specs = catalog_reader.read(then, _after(before))
    assert specs[-1].op == "describe" and specs[-1].titles.titles == [title], then


def test_a_bare_new_title_keeps_the_question_before(catalog_reader):
    specs = catalog_reader.read("what about jackpot", _after("who directed furie"))
    assert specs[-1].op == "people" and specs[-1].titles.titles == ["Jackpot"]
