"""A number just before the order or ranking it limits is the limit: "5 oldest tv series",
"three newest movies", "4 biggest genres"; a number before a unit stays a count ("2 seasons")."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.numbers import number_tags


@pytest.mark.parametrize(
    ("question", "limit", "ascending"),
    [
        ("5 oldest tv series in the catalog", 5, True),
        ("three newest movies", 3, False),
        ("10 longest movies on netflix", 10, False),
        ("2 most recent tv shows", 2, False),
    ],
)
def test_a_leading_number_limits_the_order(reader, question, limit, ascending):
    (spec,) = reader.read(question)
    assert (spec.op, spec.limit, spec.ascending) == ("top", limit, ascending)
    _, u = confidence.features(reader, question, [spec], "")
    assert not u.unused, u.unused


def test_a_leading_number_limits_a_ranking_of_groups(reader):
    (spec,) = reader.read("4 biggest genres")
    assert (spec.op, spec.limit) == ("most", 4)


def test_a_number_before_a_unit_is_no_limit():
    tags = number_tags("tv shows with 2 seasons most recent first", "2021-09-25", 2021)
    assert not [t for t in tags if t.kind == "limit"]
    tags = number_tags("movies from 2019 most", "2021-09-25", 2021)
    assert not [t for t in tags if t.kind == "limit"]
