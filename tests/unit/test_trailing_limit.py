"""A number just after the order it limits ("the newest three anime", "the longest 5 korean
movies") is how many are asked, as one before it is ("5 oldest shows"); a year or an amount
after the order is not ("the newest 2021 movies", "the longest 2 hour movies"). One season is
said "1 season"."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.sentences import _titles


@pytest.mark.parametrize(
    ("question", "limit"),
    [
        ("what are the newest three anime", 3),
        ("the longest 5 korean movies", 5),
        ("oldest two shows from spain", 2),
        ("show me the shortest 4 comedies", 4),
    ],
)
def test_a_number_after_the_order_is_how_many(reader, question, limit):
    (spec,) = reader.read(question)
    assert (spec.op, spec.limit) == ("top", limit)


@pytest.mark.parametrize("question", ["the newest 2021 movies", "the longest 2 hour movies"])
def test_a_year_or_an_amount_after_the_order_is_no_limit(reader, question):
    (spec,) = reader.read(question)
    assert spec.limit not in (2, 2021)


def test_one_season_is_said_in_the_singular():
    rows = [{"title": "A", "year": 2020, "seasons": 1}, {"title": "B", "year": 2019, "seasons": 11}]
    said = _titles(rows, "seasons")
    assert "(2020, 1 season)" in said and "(2019, 11 seasons)" in said
