"""A bare bound right after a running-time word is a running time ("classic movies w runtime
over 100", "thai movies running time under 90", "dramas w runtime under 2"): 20 or more in
minutes, up to 4 in hours, noted; a number in between ("runtime over 10") says no unit plainly
and is not read as one. Phrasings written for this test, from no question set; truths computed
with pandas on the catalog CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from agentic_rag.agent.rules.bound_pairs import runtime_bounds
from tests.unit.measure_truth import run


def _has(df, column, name):
    return df[column].fillna("").map(lambda v: name in [x.strip() for x in v.split(",")])


def _mins(df):
    return df.duration.str.extract(r"(\d+) min")[0].astype(float)


CASES = [
    (
        "how many classic movies w runtime over 100",
        lambda df: _has(df, "listed_in", "Classic Movies") & (_mins(df) > 100),
    ),
    (
        "count thai movies running time under 90",
        lambda df: _has(df, "country", "Thailand") & (_mins(df) < 90),
    ),
    (
        "number of horror films w/ runtime less than 85",
        lambda df: _has(df, "listed_in", "Horror Movies") & (_mins(df) < 85),
    ),
    (
        "how many dramas w runtime under 2",
        lambda df: _has(df, "listed_in", "Dramas") & (_mins(df) < 120),
    ),
]


@pytest.mark.parametrize(("question", "truth"), CASES)
def test_a_bare_bound_after_a_runtime_word_is_a_running_time(
    catalog_reader, catalog_df, csv_db, question, truth
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count"
    assert spec.titles.minutes_min is not None or spec.titles.minutes_max is not None
    (row,) = run(csv_db, compile_sql.count(spec.titles))
    assert row[0] == int(truth(catalog_df).sum())


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("movies w runtime over 200", "as minutes"),
        ("dramas w runtime under 2", "as hours"),
        ("korean films with a running time of at least 150", "as minutes"),
    ],
)
def test_the_unit_read_is_noted(text, note):
    (tag,) = runtime_bounds(text, [])
    assert tag.kind == "minutes" and note in tag.note


def test_a_number_between_hours_and_minutes_is_not_read():
    assert runtime_bounds("movies w runtime over 10", []) == []
