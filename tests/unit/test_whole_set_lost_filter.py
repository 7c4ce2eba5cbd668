"""A reading that lists or counts every title of a kind while words of the question went unread
("all the despicable me films pls" read as every movie) lost what narrowed the set: a title or
franchise the reader did not know. It is never sure. A question that asks for the whole kind
with nothing left unread ("how many movies are there") stays sure. The franchises are checked
with pandas: no title of data/netflix_titles.csv holds them."""

from __future__ import annotations

import pytest

from tests.unit.reading_sure import sure


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("all the despicable me films pls", "despicable me"),
        ("the toy story movies you have", "toy story"),
        ("how many bourne movies are there", "bourne"),
        ("all the hunger games films", "hunger games"),
    ],
)
def test_every_title_of_a_kind_with_words_unread_is_unsure(
    catalog_reader, catalog_df, question, name
):
    assert not catalog_df["title"].str.casefold().str.contains(name).any(), name
    specs = catalog_reader.read(question)
    assert all(s.titles.countries == [] and s.titles.people == [] for s in specs), question
    assert sure(catalog_reader, question) < 0.5, question


@pytest.mark.parametrize(
    "question",
    ["how many movies are there", "list all the shows you have", "what are the longest movies"],
)
def test_the_whole_kind_asked_for_stays_sure(catalog_reader, question):
    assert sure(catalog_reader, question) >= 0.5, question
