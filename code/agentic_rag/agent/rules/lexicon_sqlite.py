"""The offline planner's catalog vocabulary read from the catalog database: the fields of a
`Lexicon` (genres, countries, ratings, people with their credits and the titles they are
credited in, titles with their facts)."""

from __future__ import annotations

import sqlite3
from collections import Counter
from typing import Any


def catalog_fields(conn: sqlite3.Connection, info: Any) -> dict[str, Any]:
    """The keyword arguments of a `Lexicon` over the catalog in `conn`; `info` builds one
    title's facts (`ShowInfo`) from its id, type, release year, description, people, genres
    and countries."""

    def column(sql: str) -> list[str]:
        return [r[0] for r in conn.execute(sql) if r[0]]

    people_of: dict[str, set[str]] = {}  # show id -> its directors and cast
    roles: dict[str, set[str]] = {}  # person -> the roles they are credited in
    credited: dict[str, set[str]] = {}  # person -> the titles they are credited in
    counts: Counter[str] = Counter()  # person -> credits (folded names that collide, surnames)
    for name, sid, title, role in conn.execute(
        "SELECT p.name, s.show_id, s.title, sp.role FROM show_people sp JOIN people p ON "
        "p.person_id = sp.person_id JOIN shows s ON s.show_id = sp.show_id"
    ):
        people_of.setdefault(sid, set()).add(name)
        roles.setdefault(name, set()).add(role)
        credited.setdefault(name, set()).add(title)
        counts[name] += 1
    genres_of: dict[str, set[str]] = {}  # show id -> its genres
    for sid, genre in conn.execute(
        "SELECT sg.show_id, g.name FROM show_genres sg JOIN genres g ON g.genre_id = sg.genre_id"
    ):
        genres_of.setdefault(sid, set()).add(genre)
    made_in: dict[str, set[str]] = {}  # show id -> its countries
    for sid, country in conn.execute(
        "SELECT sc.show_id, c.name FROM show_countries sc JOIN countries c "
        "ON c.country_id = sc.country_id"
    ):
        made_in.setdefault(sid, set()).add(country)
    shows: dict[str, Any] = {}
    for sid, title, typ, year, desc in conn.execute(
        "SELECT show_id, title, type, release_year, description FROM shows "
        "ORDER BY release_year DESC, show_id"
    ):
        if title:
            who, kinds = frozenset(people_of.get(sid, ())), frozenset(genres_of.get(sid, ()))
            made = frozenset(made_in.get(sid, ()))
            shows[title] = info(sid, typ, year, desc or "", who, kinds, made)
    latest = conn.execute("SELECT max(date_added), max(release_year) FROM shows").fetchone()
    return {
        "credited": {n: frozenset(t) for n, t in credited.items()},
        "genres": column("SELECT name FROM genres ORDER BY name"),
        "countries": column("SELECT name FROM countries ORDER BY name"),
        "ratings": column("SELECT DISTINCT rating FROM shows WHERE rating IS NOT NULL"),
        "people": column("SELECT name FROM people"),
        "shows": shows,
        "latest_added": str(latest[0] or "2021-09-25")[:10],
        "latest_release": int(latest[1] or 2021),
        "counts": dict(counts),
        "roles": {n: frozenset(r) for n, r in roles.items()},
    }
