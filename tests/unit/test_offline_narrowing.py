""" "Which of those …", "how many of them …", "among these …" narrow the earlier set: where the new
part sets a field the earlier set also sets, both hold (the earlier set is kept as `within`), in
one question and across turns; "what about …" still replaces. Truth: the tiny catalog's rows."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules.phrasing import reading_line
from tests.unit.test_offline_planner import ROWS, plan, rows

TITLE, TYPE, YEAR, RATING = 1, 2, 3, 5  # columns of ROWS


def _titles(db, p, part: int) -> set[str]:
    call = next(c for c in p.calls if c.part == part and c.role == "answer")
    one = p.model_copy(update={"calls": [call]})
    return {r[1] for r in rows(db, one)}


@pytest.mark.parametrize(
    ("first", "then", "fits"),
    [
        ("titles rated TV-MA", "which of those are rated R", lambda r: False),
        ("titles rated TV-14", "and which of them were released in 2019",
         lambda r: r[RATING] == "TV-14" and r[YEAR] == 2019),
        ("titles released in 2019", "which of those came out in 2017", lambda r: False),
        ("movies rated TV-14", "which of these are from Egypt",
         lambda r: r[RATING] == "TV-14" and r[TYPE] == "Movie" and r[9] == "Egypt"),
    ],
)  # fmt: skip
def test_which_of_those_keeps_the_earlier_set(lexicon, db, first, then, fits):
    turn = TurnSummary(first, first, "...")
    p = plan(lexicon, then, history=[turn])
    expected = {r[TITLE] for r in ROWS if fits(r)}
    assert _titles(db, p, 1) == expected
    joined = plan(lexicon, f"{first} and {then.removeprefix('and ')}")
    assert _titles(db, joined, 2) == expected


def test_a_clash_is_read_as_among_the_earlier_set(lexicon):
    turn = TurnSummary("titles released in 2019", "titles released in 2019", "...")
    (spec,) = plan(lexicon, "which of those are from 2017", history=[turn]).reading
    assert spec.titles.within is not None and spec.titles.within.year_from == 2019
    assert "among released 2019" in reading_line([spec])


def test_what_about_still_replaces(lexicon, db):
    turn = TurnSummary("titles released in 2019", "titles released in 2019", "...")
    p = plan(lexicon, "what about 2017?", history=[turn])
    assert p.reading[0].titles.within is None
    assert _titles(db, p, 1) == {r[TITLE] for r in ROWS if r[YEAR] == 2017}
