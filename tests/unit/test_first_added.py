"""A "first" before an adding word is a ranking by the date added ("the first title added", "the
very first movie to be added in 2021", "the first additions"): one title in the singular (ties
named by the writer), N with a number, a list in the plural; "first" with no adding word after
it ("the first 5 korean dramas", "the first half of 2020") is not a ranking
(`shape.FIRST_ADDED`)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "question",
    [
        "which show was the first to be added",
        "what's the very first movie netflix added",
        "the first comedy that got added to the catalog",
        "which drama was the first addition",
        "what was the first korean title to arrive on netflix",
    ],
)
def test_the_first_title_added_is_one_title_by_date_added(reader, question):
    spec = reader.read(question)[0]
    assert (spec.op, spec.by, spec.ascending, spec.limit) == ("top", "date_added", True, 1)


def test_a_window_and_a_first_added_title_keep_both(reader):
    (spec,) = reader.read("what was the first film added in 2020")
    assert (spec.op, spec.by, spec.ascending, spec.limit) == ("top", "date_added", True, 1)
    assert (spec.titles.added_from, spec.titles.added_to) == ("2020-01-01", "2021-01-01")


@pytest.mark.parametrize(
    ("question", "limit"),
    [
        ("the first 3 movies added in 2019", 3),
        ("what were the first five shows netflix added", 5),
        ("first 4 dramas to be added", 4),
    ],
)
def test_a_number_of_first_added_titles_is_that_many(reader, question, limit):
    (spec,) = reader.read(question)
    assert (spec.op, spec.by, spec.ascending, spec.limit) == ("top", "date_added", True, limit)


def test_first_added_titles_in_the_plural_are_a_list(reader):
    (spec,) = reader.read("what were the first movies added in 2018")
    assert (spec.op, spec.by, spec.ascending) == ("top", "date_added", True)
    assert spec.limit != 1


@pytest.mark.parametrize(
    "question",
    ["list the first 5 korean dramas", "name the first three comedies", "top 3 dramas"],
)
def test_first_with_no_adding_word_is_no_ranking_by_date_added(reader, question):
    (spec,) = reader.read(question)
    assert spec.by != "date_added"


def test_who_is_in_the_first_title_added_refers_to_it(reader):
    first, people = reader.read("what was the first title added in 2020, who's in it")
    assert (first.op, first.by, first.ascending, first.limit) == ("top", "date_added", True, 1)
    assert (people.op, people.ref, people.needs_results) == ("people", "first", True)


@pytest.mark.parametrize(
    ("question", "limit"),
    [
        ("what was the last movie added in 2019", 1),
        ("which korean show was the last one to be added", 1),
        ("the last 4 documentaries added", 4),
    ],
)
def test_the_last_title_added_is_the_most_recent_by_date_added(reader, question, limit):
    spec = reader.read(question)[0]
    assert (spec.op, spec.by, spec.ascending, spec.limit) == ("top", "date_added", False, limit)


@pytest.mark.parametrize(
    "question", ["movies added in the last 3 years", "what did the last season of it add"]
)
def test_last_with_no_title_added_after_it_is_no_ranking_by_date_added(reader, question):
    spec = reader.read(question)[0]
    assert not (spec.op == "top" and spec.by == "date_added")


@pytest.mark.parametrize(
    ("question", "country", "kind", "ascending"),
    [
        ("the first saudi title that got added here, who directed it", "Saudi Arabia", None, True),
        ("the last egyptian movie that was added, who is in it", "Egypt", "Movie", False),
        ("the first polish series which got added to netflix - who made it", "Poland", "TV Show",
         True),
    ],
)  # fmt: skip
def test_first_that_got_added_is_a_ranking_by_date_added(
    catalog_df, catalog_reader, question, country, kind, ascending
):
    first, people = catalog_reader.read(question)
    assert (first.op, first.by, first.ascending, first.limit) == ("top", "date_added", ascending, 1)
    assert first.titles.countries == [country] and first.titles.type == kind
    assert (people.op, people.ref) == ("people", "first")
    import pandas as pd

    held = catalog_df[catalog_df["country"].str.contains(country)]
    held = held[held["type"] == kind] if kind else held
    added = pd.to_datetime(held["date_added"].str.strip(), format="%B %d, %Y")
    assert len(held[added == (added.min() if ascending else added.max())]) == 1  # no tie
