"""Bounds on an amount (`bounds` in `words.yaml`): "under/below/less than/shorter than N" and
"over/more than/longer than N" leave N out; "at most/up to/no more than/N or less" and "at
least/no less than/N or more/N+" keep it, whether the bound comes before the number or after
the unit. Truth: the tiny catalog's rows (movies of 88, 95, 121 and 209 minutes; shows of 1
and 2 seasons)."""

from __future__ import annotations

import pytest

from tests.unit.test_offline_planner import ROWS, plan, rows

TITLE, TYPE, MINUTES, SEASONS = 1, 2, 6, 7  # columns of ROWS


def _minutes(r) -> int:
    return r[MINUTES] or 0


@pytest.mark.parametrize(
    ("question", "fits"),
    [
        ("how many movies are under 95 minutes", lambda r: _minutes(r) < 95),
        ("movies shorter than 95 mins", lambda r: _minutes(r) < 95),
        ("movies below 95 minutes", lambda r: _minutes(r) < 95),
        ("movies beneath 95 minutes", lambda r: _minutes(r) < 95),
        ("movies at most 95 minutes long", lambda r: _minutes(r) <= 95),
        ("movies no more than 95 minutes", lambda r: _minutes(r) <= 95),
        ("movies not longer than 95 minutes", lambda r: _minutes(r) <= 95),
        ("movies that run 95 minutes or less", lambda r: _minutes(r) <= 95),
        ("movies of 95 minutes or under", lambda r: _minutes(r) <= 95),
        ("movies over 121 minutes", lambda r: _minutes(r) > 121),
        ("movies more than 121 minutes long", lambda r: _minutes(r) > 121),
        ("movies at least 121 minutes", lambda r: _minutes(r) >= 121),
        ("movies no less than 121 minutes", lambda r: _minutes(r) >= 121),
        ("movies 121 minutes or longer", lambda r: _minutes(r) >= 121),
        ("movies of 121+ minutes", lambda r: _minutes(r) >= 121),
    ],
)
def test_bounds_on_minutes_are_strict_or_inclusive_by_their_words(lexicon, db, question, fits):
    p = plan(lexicon, question)
    expected = {r[TITLE] for r in ROWS if r[TYPE] == "Movie" and fits(r)}
    got = {r[1] for r in rows(db, p)} if "how many" not in question else None
    if got is None:  # a count: the listing of the same reading
        p = plan(lexicon, question.replace("how many movies are", "list the movies"))
        got = {r[1] for r in rows(db, p)}
    assert expected and got == expected


@pytest.mark.parametrize(
    ("question", "fits"),
    [
        ("shows with fewer than 2 seasons", lambda r: (r[SEASONS] or 0) < 2),
        ("shows with no more than 1 season", lambda r: (r[SEASONS] or 0) <= 1),
        ("shows with 2 seasons or more", lambda r: (r[SEASONS] or 0) >= 2),
        ("shows with 1 season and up", lambda r: (r[SEASONS] or 0) >= 1),
    ],
)
def test_bounds_on_seasons_read_the_same_way(lexicon, db, question, fits):
    p = plan(lexicon, question)
    expected = {r[TITLE] for r in ROWS if r[TYPE] == "TV Show" and fits(r)}
    assert expected and {r[1] for r in rows(db, p)} == expected


def test_a_bound_after_a_unit_does_not_take_the_next_amount(reader):
    (spec,) = reader.read("movies longer than 90 minutes and under 2 hours")
    assert (spec.titles.minutes_min, spec.titles.minutes_max) == (91, 119)
