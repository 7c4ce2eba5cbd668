"""The SQL of a measure over a set's running times or seasons: its mean, total or median, and
two sets' means side by side ("which is longer on average, korean or japanese movies").

SQLite has no median: the middle one or two rows of the sorted set are found by their row
number and averaged (an even count's two middle values)."""

from __future__ import annotations

from collections.abc import Sequence

from agentic_rag.agent.rules.compile_sql import conditions
from agentic_rag.agent.rules.spec import Measure, TitleSet
from agentic_rag.agent.rules.sql_text import lit


def _measured(s: TitleSet, col: str) -> tuple[TitleSet, str]:
    """The set typed by its unit (seasons: TV shows, minutes: movies) and its WHERE clause."""
    if s.type is None:
        s = s.model_copy(update={"type": "TV Show" if col == "seasons" else "Movie"})
    return s, " WHERE " + " AND ".join([*conditions(s), f"s.{col} IS NOT NULL"])


def average(s: TitleSet, col: str) -> str:
    """The mean to two decimals: one decimal loses a tenth of a season average (1.82 as 1.8)."""
    _, where = _measured(s, col)
    return f"SELECT round(avg(s.{col}), 2) AS average_{col}, count(*) AS titles FROM shows s{where}"


def total(s: TitleSet, col: str) -> str:
    _, where = _measured(s, col)
    return f"SELECT sum(s.{col}) AS total_{col}, count(*) AS titles FROM shows s{where}"


def median(s: TitleSet, col: str) -> str:
    """The middle value of the sorted set, or the mean of the two middle ones (rows (n+1)/2
    and (n+2)/2 of n, in integer division: one row when n is odd)."""
    _, where = _measured(s, col)
    return (
        f"SELECT round(avg(m.v), 2) AS median_{col}, max(m.n) AS titles FROM (SELECT s.{col} AS "
        f"v, row_number() OVER (ORDER BY s.{col}) AS r, count(*) OVER () AS n FROM shows s{where}"
        ") m WHERE m.r IN ((m.n + 1) / 2, (m.n + 2) / 2)"
    )


def measure(s: TitleSet, col: str, how: Measure = "mean") -> str:
    return {"mean": average, "total": total, "median": median}[how](s, col)


def compare_means(sets: Sequence[tuple[str, TitleSet]], col: str) -> str:
    """Each named set's mean and its number of titles, one row each."""
    return " UNION ALL ".join(
        f"SELECT {lit(name)} AS label, round(avg(s.{col}), 2) AS average_{col}, count(*) AS "
        f"titles FROM shows s{_measured(s, col)[1]}"
        for name, s in sets
    )
