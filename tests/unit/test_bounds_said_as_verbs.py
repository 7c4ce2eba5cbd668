"""Comparison words of an amount as a class (`bounds` in `words.yaml`): "go past 100 minutes",
"in excess of", "upwards of", "shy of", "90 minutes tops" bound the amount, never read as
exactly it."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.numbers import number_tags


def _bounds(question: str) -> list[tuple[str, int | None, int | None]]:
    return [
        (t.kind, t.lo, t.hi)
        for t in number_tags(question, "2021-09-25", 2021)
        if t.kind in ("minutes", "seasons")
    ]


@pytest.mark.parametrize(
    ("question", "bound"),
    [
        ("kids movies that go past 100 minutes", ("minutes", 101, None)),
        ("comedies running past 2 hours", ("minutes", 121, None)),
        ("dramas that run in excess of 150 minutes, how many", ("minutes", 151, None)),
        ("shows with upwards of 5 seasons", ("seasons", 6, None)),
        ("films that exceed 3 hours", ("minutes", 181, None)),
        ("movies whose runtime tops 2 hours", ("minutes", 121, None)),
        ("thrillers just shy of 90 minutes", ("minutes", None, 89)),
        ("action movies 90 minutes tops", ("minutes", None, 90)),
        ("anime that falls short of 80 minutes", ("minutes", None, 79)),
    ],
)
def test_a_comparison_word_bounds_the_amount(question, bound):
    assert _bounds(question) == [bound]


def test_a_bare_amount_is_still_exact():
    assert _bounds("movies that run 100 minutes") == [("minutes", 100, 100)]
