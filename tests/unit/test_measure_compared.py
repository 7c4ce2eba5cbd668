"""Two sets' averages set against each other ("which is longer on average, korean movies or
japanese movies", "do british shows run more seasons on average than american ones") are read
as a comparison (`compare`) of their means (`by`): one row per set with its mean and number of
titles, and the larger named; checked with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import measure_sql
from agentic_rag.agent.rules.measure_sentences import measured
from agentic_rag.agent.rules.phrasing import set_words
from tests.unit.measure_truth import run, values

CASES = [  # question, type, the two countries, unit
    (
        "which runs longer on average: french movies or american movies",
        "Movie",
        ("France", "United States"),
        "duration_minutes",
    ),
    (
        "do japanese tv shows have more seasons on average than german tv shows",
        "TV Show",
        ("Japan", "Germany"),
        "seasons",
    ),
    (
        "are indian films on average longer than spanish films",
        "Movie",
        ("India", "Spain"),
        "duration_minutes",
    ),
    (
        "average seasons of british shows versus japanese shows",
        "TV Show",
        ("United Kingdom", "Japan"),
        "seasons",
    ),
    (
        "compare the average runtime of korean and french movies",
        "Movie",
        ("South Korea", "France"),
        "duration_minutes",
    ),
]


@pytest.mark.parametrize(("question", "kind", "countries", "unit"), CASES)
def test_two_means_are_compared(
    catalog_reader, catalog_df, csv_db, question, kind, countries, unit
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "compare" and spec.by == unit and spec.part is not None
    assert (spec.titles.countries, spec.part.countries) == ([countries[0]], [countries[1]])
    pair = [(set_words(spec.titles), spec.titles), (set_words(spec.part), spec.part)]
    rows = run(csv_db, measure_sql.compare_means(pair, unit))
    short = "seasons" if unit == "seasons" else "min"
    truths = [values(catalog_df, kind, "country", c, short) for c in countries]
    assert [(r[1], r[2]) for r in rows] == [(round(t.mean(), 2), len(t)) for t in truths]
    keys = ("label", f"average_{unit}", "titles")
    said = measured(spec, [dict(zip(keys, r, strict=True)) for r in rows], 1)
    larger = max(rows, key=lambda r: r[1])[0]
    assert said is not None and said.endswith(f"on average: {larger}.")
    for label, mean, titles in rows:
        assert f"{label}: **{mean:g}**" in said and f"over {titles:,} titles" in said


@pytest.mark.parametrize(
    "question",
    ["which has more titles: japan or india", "are there more korean movies than japanese movies"],
)
def test_a_comparison_of_counts_stays_a_count(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "compare" and spec.by is None
