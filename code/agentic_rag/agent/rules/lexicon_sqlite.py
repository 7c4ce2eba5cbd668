"""The offline planner's catalog vocabulary read from the catalog database: the fields of a
`Lexicon` (genres, countries, ratings, people with their credits and the titles they are
credited in, titles with their facts)."""

from __future__ import annotations

import sqlite3
from typing import Any


def catalog_fields(conn: sqlite3.Connection, info: Any) -> dict[str, Any]:
    """The keyword arguments of a `Lexicon` over the catalog in `conn`; `info` builds one
    title's facts (`ShowInfo`) from its id, type, release year and description."""

    def column(sql: str) -> list[str]:
        return [r[0] for r in conn.execute(sql) if r[0]]

    shows: dict[str, Any] = {}
    for sid, title, typ, year, desc in conn.execute(
        "SELECT show_id, title, type, release_year, description FROM shows "
        "ORDER BY release_year DESC, show_id"
    ):
        if title:
            shows[title] = info(sid, typ, year, desc or "")
    latest = conn.execute("SELECT max(date_added), max(release_year) FROM shows").fetchone()
    counts = dict(
        conn.execute(  # credits of every person (folded names that collide, surnames)
            "SELECT p.name, count(*) FROM people p JOIN show_people sp ON sp.person_id = "
            "p.person_id GROUP BY p.name"
        )
    )
    credited: dict[str, set[str]] = {}
    for name, title in conn.execute(
        "SELECT p.name, s.title FROM show_people sp JOIN people p ON p.person_id = sp.person_id "
        "JOIN shows s ON s.show_id = sp.show_id"
    ):
        credited.setdefault(name, set()).add(title)
    return {
        "credited": {n: frozenset(t) for n, t in credited.items()},
        "genres": column("SELECT name FROM genres ORDER BY name"),
        "countries": column("SELECT name FROM countries ORDER BY name"),
        "ratings": column("SELECT DISTINCT rating FROM shows WHERE rating IS NOT NULL"),
        "people": column("SELECT name FROM people"),
        "shows": shows,
        "latest_added": str(latest[0] or "2021-09-25")[:10],
        "latest_release": int(latest[1] or 2021),
        "counts": counts,
    }
