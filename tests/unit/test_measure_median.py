"""A median of running times or seasons ("median runtime of documentaries") is read as the
middle value of the set (`measure: median`; SQLite has none: the middle one or two rows by
row number, averaged), with how many titles it covers; checked with pandas."""

from __future__ import annotations

import sqlite3

import pytest

from agentic_rag.agent.rules import measure_sql
from agentic_rag.agent.rules.measure_sentences import measured
from agentic_rag.agent.rules.spec import TitleSet
from tests.unit.measure_truth import run, values

CASES = [  # question, type, column, value, unit
    (
        "what's the median running time of indian films",
        "Movie",
        "country",
        "India",
        "duration_minutes",
    ),
    ("median length of a comedy movie", "Movie", "listed_in", "Comedies", "duration_minutes"),
    (
        "the median number of seasons of kids tv shows",
        "TV Show",
        "listed_in",
        "Kids' TV",
        "seasons",
    ),
    ("median seasons for german tv series", "TV Show", "country", "Germany", "seasons"),
    (
        "median duration of movies from the united states",
        "Movie",
        "country",
        "United States",
        "duration_minutes",
    ),
]


@pytest.mark.parametrize(("question", "kind", "column", "value", "unit"), CASES)
def test_a_median_is_the_middle_of_the_set(
    catalog_reader, catalog_df, csv_db, question, kind, column, value, unit
):
    (spec,) = catalog_reader.read(question)
    assert (spec.op, spec.measure, spec.by) == ("average", "median", unit)
    truth = values(catalog_df, kind, column, value, "seasons" if unit == "seasons" else "min")
    [(median, titles)] = run(csv_db, measure_sql.measure(spec.titles, unit, spec.measure))
    assert (median, titles) == (truth.median(), len(truth))
    said = measured(spec, [{f"median_{unit}": median, "titles": titles}], 1)
    assert said is not None and said.startswith(f"The median is **{median:g}**")
    assert f"over {titles:,} titles" in said


@pytest.mark.parametrize(("kept", "middle"), [([3, 1, 2], 2), ([4, 1, 3, 2], 2.5), ([7], 7)])
def test_the_median_of_odd_and_even_counts(kept, middle):
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE shows (show_id TEXT, type TEXT, duration_minutes INTEGER)")
    con.executemany("INSERT INTO shows VALUES (?, 'Movie', ?)", [(str(v), v) for v in kept])
    con.execute("INSERT INTO shows VALUES ('x', 'Movie', NULL)")  # no running time: left out
    sql = measure_sql.median(TitleSet(type="Movie"), "duration_minutes")
    assert con.execute(sql).fetchall() == [(middle, len(kept))]
