"""Durations as strangers write them: a part of a unit ("half an hour", "a quarter of an
hour"), "and a half" after the number or the unit, hours and minutes together."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.numbers import number_tags


@pytest.mark.parametrize(
    ("question", "bounds"),
    [
        ("movies shorter than half an hour", (None, 29)),
        ("movies under half-an-hour", (None, 29)),
        ("movies less than a half hour long", (None, 29)),
        ("movies shorter than a quarter of an hour", (None, 14)),
        ("movies longer than an hour and a half", (91, None)),
        ("movies over two and a half hours", (151, None)),
        ("movies under 90 mins", (None, 89)),
        ("movies under an hour and 30 minutes", (None, 89)),
        ("movies longer than 2 hours and 15 minutes", (136, None)),
        ("movies 2 hours, 10 minutes or longer", (130, None)),
    ],
)
def test_a_duration_in_words_has_exact_minutes(question, bounds):
    (tag,) = [t for t in number_tags(question, "2021-09-25", 2021) if t.kind == "minutes"]
    assert (tag.lo, tag.hi) == bounds


def test_only_hours_take_the_minutes_after_them():
    tags = number_tags("shows with over 3 seasons and 2 minutes", "2021-09-25", 2021)
    assert [(t.kind, t.lo) for t in tags] == [("seasons", 4), ("minutes", 2)]
