"""An average is said to two decimals: a mean of seasons (1.82) kept to one decimal (1.8)
misses the value by more than a season-count tolerance, and every average goes through
`measure_sql.average`."""

from __future__ import annotations

import sqlite3

from agentic_rag.agent.rules import measure_sql
from agentic_rag.agent.rules.spec import TitleSet


def _db() -> sqlite3.Connection:
    con = sqlite3.connect(":memory:")
    con.execute(
        "CREATE TABLE shows (show_id TEXT, type TEXT, title TEXT, country TEXT, "
        "release_year INTEGER, duration_minutes INTEGER, seasons INTEGER)"
    )
    rows = [("s1", "TV Show", "A", "Spain", 2020, None, 1)] * 9 + [
        ("s2", "TV Show", "B", "Spain", 2020, None, 2),
        ("s3", "Movie", "C", "Spain", 2020, 91, None),
        ("s4", "Movie", "D", "Spain", 2020, 92, None),
        ("s5", "Movie", "E", "Spain", 2020, 92, None),
    ]
    con.executemany("INSERT INTO shows VALUES (?,?,?,?,?,?,?)", rows)
    return con


def test_average_seasons_keeps_two_decimals():
    sql = measure_sql.average(TitleSet(), "seasons")
    value, titles = _db().execute(sql).fetchone()
    assert (value, titles) == (1.1, 10)  # 11 / 10
    sql = measure_sql.average(TitleSet(type="Movie"), "duration_minutes")
    value, titles = _db().execute(sql).fetchone()
    assert (value, titles) == (91.67, 3)


def test_average_is_rounded_to_two_decimals_not_one():
    sql = measure_sql.average(TitleSet(), "seasons")
    assert "round(avg(s.seasons), 2)" in sql
