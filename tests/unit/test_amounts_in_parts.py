"""Amounts across parts and spans: a number with no unit ending a later part is in the unit the
earlier part bounded ("how many shows have exactly 2 seasons and how many have exactly 3"), and
a span whose ends each say their unit ("between an hour and a half and two hours", "from 90
minutes to 2 hours") is one inclusive span. Truth: the CSV (pandas)."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules.amounts import amount_tags, bare_amount
from tests.unit.test_offline_planner import plan


def _amounts(df: pd.DataFrame, kind: str) -> pd.Series:
    return df["duration"].str.extract(r"(\d+)")[0].astype(float).where(df["type"] == kind)


def _counts(db, p) -> list[int]:
    return [db.execute(c.args["query"]).fetchall()[0][0] for c in p.calls if c.tool == "sql"]


@pytest.mark.parametrize(
    ("question", "kind", "first", "second"),
    [
        ("how many shows have 4 seasons, and how many have 5", "TV Show", (4, 4), (5, 5)),
        ("count of series with exactly 6 seasons and how many with exactly seven?", "TV Show",
         (6, 6), (7, 7)),
        ("how many movies run over 150 minutes, and how many over 180", "Movie", (151, None),
         (181, None)),
        ("how many films are under 60 minutes and how many under 45", "Movie", (None, 59),
         (None, 44)),
        # said in hours: the bare number is hours too
        ("how many movies are longer than 2 hours and how many are longer than 3", "Movie",
         (121, None), (181, None)),
        ("movies over an hour and a half: how many, and how many over 2", "Movie", (91, None),
         (121, None)),
    ],
)  # fmt: skip
def test_a_bare_number_takes_the_earlier_parts_unit(
    catalog_df, catalog_reader, real_db, question, kind, first, second
):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["count", "count"]
    unit = "seasons" if kind == "TV Show" else "minutes"
    said = [(getattr(s.titles, f"{unit}_min"), getattr(s.titles, f"{unit}_max")) for s in specs]
    assert said == [first, second]
    amounts = _amounts(catalog_df, kind)
    truth = [int(amounts.between(lo or 0, hi or 10_000).sum()) for lo, hi in (first, second)]
    assert _counts(real_db, plan(catalog_reader.lex, question)) == truth


@pytest.mark.parametrize(
    "piece", ["and the top 3", "how many of them came out in 2019", "how many have 3 seasons"]
)
def test_no_bare_amount_in_a_rank_a_year_or_a_unit_said(piece):
    assert bare_amount(piece) is None


@pytest.mark.parametrize(
    ("question", "kind", "lo", "hi"),
    [
        ("movies between an hour and a half and two hours long", "minutes", 90, 120),
        ("films from 90 minutes to 2 hours", "minutes", 90, 120),
        ("documentaries between half an hour and an hour", "minutes", 30, 60),
        ("how many movies run from 100 minutes to 2 and a half hours", "minutes", 100, 150),
    ],
)
def test_a_span_of_two_amounts_each_with_its_unit(
    catalog_df, catalog_reader, real_db, question, kind, lo, hi
):
    (tag,) = amount_tags(question, [])
    assert (tag.kind, tag.lo, tag.hi) == (kind, lo, hi)
    (spec,) = catalog_reader.read(question)
    assert (spec.titles.minutes_min, spec.titles.minutes_max) == (lo, hi)
    if spec.op == "count":
        truth = _amounts(catalog_df, "Movie").between(lo, hi).sum()
        assert _counts(real_db, plan(catalog_reader.lex, question))[0] == truth


def test_a_bare_number_after_a_time_said_in_both_units_is_left_unread(catalog_reader):
    specs = catalog_reader.read("movies under 1h30: how many, and how many under 2")
    assert all("unit of the part before" not in " ".join(s.notes) for s in specs)
    assert all(s.titles.minutes_max != 1 and s.titles.minutes_max != 119 for s in specs)
