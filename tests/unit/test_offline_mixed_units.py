"""A question naming both types with a unit only one type has ("movies and shows over 100
minutes", "series and films with more than 1 season") is read over the type the unit fits, and
the reading says so; open year ranges read 'or later' / 'or earlier'. Truth: the tiny catalog's
rows."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.phrasing import reading_line
from tests.unit.test_offline_planner import ROWS, plan, rows

TITLE, TYPE, MINUTES, SEASONS = 1, 2, 6, 7  # columns of ROWS


@pytest.mark.parametrize(
    ("question", "kind", "fits"),
    [
        ("movies and shows over 100 minutes", "Movie", lambda r: (r[MINUTES] or 0) > 100),
        ("films and series running more than 1.5 hours", "Movie", lambda r: (r[MINUTES] or 0) > 90),
        ("series and films with more than 1 season", "TV Show", lambda r: (r[SEASONS] or 0) > 1),
        (
            "tv shows and movies with at least 2 seasons",
            "TV Show",
            lambda r: (r[SEASONS] or 0) >= 2,
        ),
    ],
)
def test_both_types_with_one_types_unit_are_read_over_that_type_and_told(
    lexicon, db, question, kind, fits
):
    p = plan(lexicon, question)
    (spec,) = p.reading
    assert spec.titles.type == kind
    assert any("both named" in n for n in spec.notes)
    expected = {r[TITLE] for r in ROWS if r[TYPE] == kind and fits(r)}
    assert expected and {r[1] for r in rows(db, p)} == expected


def test_one_type_with_its_own_unit_has_no_note(reader):
    (spec,) = reader.read("movies over 100 minutes")
    assert not any("both named" in n for n in spec.notes)


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("dramas released since 2017", "2017 or later"),
        ("dramas released before 2000", "1999 or earlier"),
    ],
)
def test_open_year_ranges_read_later_or_earlier(reader, question, words):
    assert words in reading_line(reader.read(question))
