"""Parameterised SQL templates of the offline planner (fixed shapes, escaped values)."""

from __future__ import annotations

from collections.abc import Sequence

from agentic_rag.agent.offline.filters import (
    Filters,
    fts_phrase,
    ids_in,
    in_list,
    like_str,
    sql_str,
)
from agentic_rag.agent.offline.filters import (
    where_clause as _where,
)

SHOW_COLS = "s.show_id, s.title, s.type, s.release_year"
_PEOPLE_JOIN = (
    " JOIN show_people sp ON sp.show_id = s.show_id AND sp.role = '{}' "
    "JOIN people p ON p.person_id = sp.person_id"
)
GROUPS = {
    "year": ("s.release_year", ""),
    "added_year": ("substr(s.date_added, 1, 4)", ""),
    "rating": ("s.rating", ""),
    "type": ("s.type", ""),
    "country": ("c.name", " JOIN show_countries sc ON sc.show_id = s.show_id "
                "JOIN countries c ON c.country_id = sc.country_id"),
    "genre": ("g.name", " JOIN show_genres sg ON sg.show_id = s.show_id "
              "JOIN genres g ON g.genre_id = sg.genre_id"),
    "director": ("p.name", _PEOPLE_JOIN.format("director")),
    "cast": ("p.name", _PEOPLE_JOIN.format("cast")),
}  # fmt: skip


GROUP_ALIASES = {"year": "release_year", "cast": "actor"}


def sql_summary() -> str:
    return (
        "SELECT s.type, count(*) AS titles, min(s.release_year) AS first_year, "
        "max(s.release_year) AS last_year FROM shows s GROUP BY s.type ORDER BY titles DESC"
    )


def sql_count(f: Filters) -> str:
    return f"SELECT count(*) AS titles FROM shows s{_where(f.sql())}"


def sql_list(f: Filters, order: str = "s.release_year DESC, s.title", limit: int = 25) -> str:
    cols = f"{SHOW_COLS}, s.rating, s.duration, s.date_added, s.listed_in"
    return f"SELECT {cols} FROM shows s{_where(f.sql())} ORDER BY {order} LIMIT {int(limit)}"


def sql_group(dim: str, f: Filters, by_count: bool = True, limit: int = 15) -> str:
    expr, joins = GROUPS[dim]
    alias = GROUP_ALIASES.get(dim, dim)  # a named column: the page charts it, answers read well
    order = f"titles DESC, {alias}" if by_count else f"{alias} DESC"
    conds = [*f.sql(), f"{expr} IS NOT NULL"]
    return (
        f"SELECT {expr} AS {alias}, count(DISTINCT s.show_id) AS titles FROM shows s{joins}"
        f"{_where(conds)} GROUP BY {expr} ORDER BY {order} LIMIT {int(limit)}"
    )


def sql_average(f: Filters, column: str) -> str:
    return (
        f"SELECT round(avg(s.{column}), 1) AS average_{column}, count(*) AS titles, "
        f"max(s.{column}) AS longest FROM shows s{_where([*f.sql(), f's.{column} IS NOT NULL'])}"
    )


def _person_cond(name: str, relaxed: bool) -> str:
    return f"p.name LIKE {like_str(name)}" if relaxed else f"p.name = {sql_str(name)}"


def sql_person_works(
    name: str, role: str | None, f: Filters, relaxed: bool = False, count: bool = False
) -> str:
    role_cond = [f"sp.role = {sql_str(role)}"] if role else []
    conds = [_person_cond(name, relaxed), *role_cond, *f.sql()]
    joins = (
        " FROM shows s JOIN show_people sp ON sp.show_id = s.show_id "
        f"JOIN people p ON p.person_id = sp.person_id{_where(conds)}"
    )
    if count:
        head = "SELECT count(DISTINCT s.show_id) AS titles, group_concat(DISTINCT p.name) AS names"
        return head + joins
    return f"SELECT {SHOW_COLS}, p.name, sp.role{joins} ORDER BY s.release_year, s.title LIMIT 60"


def sql_people(
    role: str | None, title: str | None = None, show_ids: Sequence[str] = (), relaxed: bool = False
) -> str:
    """Directors/cast of a title (exact or LIKE) or of a list of show ids, in billing order."""
    if title is not None:
        conds = [f"s.title LIKE {like_str(title)}" if relaxed else f"s.title = {sql_str(title)}"]
    else:
        conds = [f"s.show_id IN ({ids_in(show_ids) or "''"})"]
    conds += [f"sp.role = {sql_str(role)}"] if role else []
    return (
        f"SELECT {SHOW_COLS}, p.name, sp.role FROM shows s JOIN show_people sp ON sp.show_id = "
        f"s.show_id JOIN people p ON p.person_id = sp.person_id{_where(conds)} "
        "ORDER BY s.show_id, sp.role DESC, sp.position LIMIT 100"
    )


def sql_title_lookup(titles: Sequence[str], relaxed: bool = False) -> str:
    if relaxed:
        cond = " OR ".join(f"s.title LIKE {like_str(t)}" for t in titles)
    else:
        cond = f"s.title IN ({in_list(titles)})"
    return (
        f"SELECT {SHOW_COLS}, s.rating, s.duration, s.director, s.cast_members, s.country, "
        f"s.date_added, s.listed_in, s.description FROM shows s WHERE {cond} LIMIT 10"
    )


def sql_costars(name: str, relaxed: bool = False, other: str = "cast") -> str:
    return (
        "SELECT p2.name, count(DISTINCT s.show_id) AS shared, group_concat(DISTINCT s.title) "
        "AS titles FROM people p JOIN show_people sp ON sp.person_id = p.person_id AND sp.role = "
        "'cast' JOIN show_people sp2 ON sp2.show_id = sp.show_id "
        f"AND sp2.role = {sql_str(other)} AND sp2.person_id <> sp.person_id "
        "JOIN people p2 ON p2.person_id = sp2.person_id JOIN shows s "
        f"ON s.show_id = sp.show_id WHERE {_person_cond(name, relaxed)} GROUP BY p2.name "
        "ORDER BY shared DESC, p2.name LIMIT 30"
    )


def sql_together(names: Sequence[str], f: Filters) -> str:
    conds = [
        "EXISTS (SELECT 1 FROM show_people sp JOIN people p ON p.person_id = sp.person_id "
        f"WHERE sp.show_id = s.show_id AND p.name = {sql_str(n)})"
        for n in names
    ]
    return f"SELECT {SHOW_COLS} FROM shows s{_where([*conds, *f.sql()])} ORDER BY s.release_year"


def sql_title_genres(titles: Sequence[str]) -> str:
    return (
        f"SELECT {SHOW_COLS}, g.name AS genre FROM shows s JOIN show_genres sg ON sg.show_id = "
        f"s.show_id JOIN genres g ON g.genre_id = sg.genre_id WHERE s.title IN ({in_list(titles)}) "
        "ORDER BY s.title, g.name LIMIT 60"
    )


def sql_fts(terms: Sequence[str], f: Filters, limit: int = 10) -> str:
    conds = [f"shows_fts MATCH {fts_phrase(terms)}", *f.sql()]
    return (
        f"SELECT {SHOW_COLS}, s.description FROM shows_fts JOIN shows s ON s.show_id = "
        f"shows_fts.show_id{_where(conds)} ORDER BY rank LIMIT {int(limit)}"
    )
