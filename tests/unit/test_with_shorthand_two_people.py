"""Titles with two people, typed the chat way: "movies w X plus Y", "titles w/ X n Y". The
"w" of "with" is a joining word of the both-cue like "with" itself (`usage.SMALL`) and "plus"
joins the two as "and" does (`conjunction` in `reading_words.yaml`): the reading of both is
sure, not asked back. Phrasings written for this test; truths with pandas on
data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from tests.unit.reading_sure import sure


def _names(v: str) -> list[str]:
    return [x.strip() for x in v.split(",") if x.strip()]


@pytest.mark.parametrize(
    ("question", "a", "b", "n"),
    [
        ("movies w laurence fishburne plus keanu reeves", "Laurence Fishburne", "Keanu Reeves", 3),
        ("titles w/ seth rogen n james franco", "Seth Rogen", "James Franco", 3),
        ("stuff w fred armisen and maya rudolph", "Fred Armisen", "Maya Rudolph", 4),
    ],
)
def test_two_people_joined_the_chat_way_are_read_surely(
    catalog_df, catalog_reader, question, a, b, n
):
    both = catalog_df[catalog_df["cast"].map(lambda v: a in _names(v) and b in _names(v))]
    assert len(both) == n  # the CSV: the titles with both
    (spec,) = catalog_reader.read(question)
    assert {p.name for p in spec.titles.people} == {a, b}, question
    assert sure(catalog_reader, question) >= 0.8, question
