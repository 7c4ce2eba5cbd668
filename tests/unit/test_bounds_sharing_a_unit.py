"""A bound said without its unit beside one said with it ("over 90 but under 120 minutes",
"2 seasons or more but fewer than 4", "under 100 minutes and over 80") takes its neighbour's
unit: the two make one span, counted like pandas counts it. A bare number before a noun of
its own ("under 10 episodes") is left alone."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from agentic_rag.agent.rules.numbers import number_tags
from tests.unit.measure_truth import run, values
from tests.unit.reading_sure import sure

CASES = [  # question, type, country, unit, inclusive span
    (
        "how many egyptian movies run over 90 but under 120 minutes",
        "Movie",
        "Egypt",
        "min",
        (91, 119),
    ),
    (
        "turkish shows with 2 seasons or more but fewer than 4, how many",
        "TV Show",
        "Turkey",
        "seasons",
        (2, 3),
    ),
    ("how many indian movies are under 100 minutes and over 80", "Movie", "India", "min", (81, 99)),
    (
        "japanese movies longer than 1.5 but shorter than 2 hours - count",
        "Movie",
        "Japan",
        "min",
        (91, 119),
    ),
]


@pytest.mark.parametrize(("question", "kind", "country", "unit", "span"), CASES)
def test_a_bare_bound_takes_the_unit_beside_it(
    catalog_reader, catalog_df, csv_db, question, kind, country, unit, span
):
    (spec,) = catalog_reader.read(question)
    s = spec.titles
    got = (s.minutes_min, s.minutes_max) if unit == "min" else (s.seasons_min, s.seasons_max)
    assert got == span and s.countries == [country]
    ((n,),) = run(csv_db, compile_sql.count(s))
    amounts = values(catalog_df, kind, "country", country, unit)
    assert n == int(amounts.between(*span).sum())
    assert sure(catalog_reader, question) >= 0.8


def test_a_bare_number_before_its_own_noun_is_no_bound():
    tags = number_tags("shows with over 3 seasons and under 10 episodes", "2021-09-25", 2021)
    assert [(t.kind, t.lo, t.hi) for t in tags] == [("seasons", 4, None)]


def _all(df, kind: str, unit: str):
    rows = df[df["type"] == kind]
    if unit == "seasons":
        return rows["duration"].str.extract(r"^(\d+) Seasons?$")[0].astype(float)
    said = rows["duration"].where(rows["duration"] != "", rows["rating"])  # 3 rows: in rating
    return said.str.extract(r"^(\d+) min$")[0].astype(float)


@pytest.mark.parametrize(
    ("question", "kind", "unit", "first", "second"),
    [
        (
            "shows with 2 seasons vs shows with more than 2 - counts for both",
            "TV Show",
            "seasons",
            (2, 2),
            (3, None),
        ),
        (
            "series with 1 season versus ones with at least 3, which has more",
            "TV Show",
            "seasons",
            (1, 1),
            (3, None),
        ),
        (
            "movies over 150 minutes vs movies under 80 - how many of each",
            "Movie",
            "min",
            (151, None),
            (None, 79),
        ),
    ],
)
def test_a_bare_bound_set_against_one_with_its_unit_takes_it(
    catalog_reader, catalog_df, csv_db, question, kind, unit, first, second
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "compare" and spec.part is not None
    amounts = _all(catalog_df, kind, unit)
    for side, (lo, hi) in ((spec.titles, first), (spec.part, second)):
        got = (
            (side.seasons_min, side.seasons_max)
            if unit == "seasons"
            else (
                side.minutes_min,
                side.minutes_max,
            )
        )
        assert got == (lo, hi)
        ((n,),) = run(csv_db, compile_sql.count(side))
        truth = amounts[(amounts >= (lo or 0)) & (amounts <= (hi or 10_000))]
        assert n == len(truth) > 0
    assert sure(catalog_reader, question) >= 0.8
