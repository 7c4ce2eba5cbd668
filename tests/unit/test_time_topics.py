"""A time named first, then counted ("first half of 2019 - how many tv shows got added"): the
adding verb after the dash makes the window a date added (the rest of the question is the time's
sentence), the count holds the time even when it names its own set ("spring 2021 - how many
anime arrived"), and a part of a year on release years leaves its words unused (asked back)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.confidence import features


@pytest.mark.parametrize(
    ("question", "window"),
    [
        ("second half of 2020 - how many movies were added", ("2020-07-01", "2021-01-01")),
        ("Q2 2019: how many shows landed on netflix", ("2019-04-01", "2019-07-01")),
        ("june to august 2020 — how many titles got added", ("2020-06-01", "2020-09-01")),
        ("the summer of 2018 - how many comedies arrived", ("2018-06-01", "2018-09-01")),
        ("fall 2019: how many horror movies were added", ("2019-09-01", "2019-12-01")),
    ],
)
def test_a_time_named_first_is_the_counts_date_added(reader, question, window):
    (spec,) = reader.read(question)
    assert spec.op == "count"
    assert (spec.titles.added_from, spec.titles.added_to) == window
    assert spec.titles.year_from is None and spec.titles.year_to is None


def test_the_count_keeps_its_own_set_with_the_time(reader):
    (spec,) = reader.read("the first half of 2020 - how many dramas were added")
    assert spec.titles.genres and spec.titles.added_from == "2020-01-01"


def test_a_count_with_its_own_time_keeps_it(reader):
    (spec,) = reader.read("2018: how many dramas were added in 2020")
    assert (spec.titles.added_from, spec.titles.added_to) == ("2020-01-01", "2021-01-01")


@pytest.mark.parametrize(
    "question",
    [
        "the first half of 2018 - how many dramas came out",
        "Q3 2017: how many movies were released",
    ],
)
def test_a_part_of_a_release_year_leaves_its_words_unused(reader, question):
    specs = reader.read(question)
    feats, used = features(reader, question, specs, " ".join(s.model_dump_json() for s in specs))
    assert used.meaning and feats["unused_meaning"] > 0
