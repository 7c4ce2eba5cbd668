"""Helpers for tests that run compiled SQL on the fixture catalog and check it against pandas:
the rows of a query as dicts, and the names of a comma-separated CSV cell."""

from __future__ import annotations


def cell_names(cell: str) -> list[str]:
    """The names in a CSV cell such as `cast` or `director` ("A, B" → ["A", "B"])."""
    return [x.strip() for x in cell.split(",") if x.strip()]


def query_rows(db, query: str) -> list[dict]:
    """A query's rows, each as a dict of column name to value."""
    cur = db.execute(query)
    return [dict(zip([d[0] for d in cur.description], r, strict=True)) for r in cur.fetchall()]
