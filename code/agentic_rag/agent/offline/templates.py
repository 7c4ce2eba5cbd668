"""Parameterised SQL and Cypher templates for the offline planner.

User text only ever enters a query as an escaped string literal (`sql_str`, `cy_str`, `fts_phrase`)
or as a validated int / show id; the query shapes themselves are fixed here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from agentic_rag.agent.models import ARGS_BY_TOOL, PlannedCall
from agentic_rag.tools.base import ToolResult, ToolStatus

SHOW_ID = re.compile(r"^s\d+$")
FTS_WORD = re.compile(r"\w+")
SHOW_COLS = "s.show_id, s.title, s.type, s.release_year"
HYBRID_CUE = re.compile(
    r"\b(?:actors?|actress(?:es)?|cast|directors?|who (?:also|directed|starred|acted|appear)|"
    r"people (?:in|behind)|co-?stars?|crew)\b",
    re.IGNORECASE,
)


def sql_str(value: str) -> str:
    """A SQL string literal: NULs dropped, single quotes doubled."""
    return "'" + str(value).replace("\x00", "").replace("'", "''") + "'"


def cy_str(value: str) -> str:
    """A Cypher string literal: NULs dropped, backslashes and single quotes backslash-escaped."""
    clean = str(value).replace("\x00", "").replace("\\", "\\\\").replace("'", "\\'")
    return "'" + clean + "'"


def like_str(value: str) -> str:
    """A case-insensitive '%value%' pattern literal (LIKE wildcards in the value removed)."""
    return sql_str("%" + re.sub(r"[%_\\]", "", value).strip().casefold() + "%")


def fts_phrase(terms: Iterable[str], op: str = "OR") -> str:
    """An FTS5 MATCH string: each word a quoted phrase, joined by `op`, as a SQL literal."""
    words = list(dict.fromkeys(w for t in terms for w in FTS_WORD.findall(t)))
    return sql_str(f" {op} ".join(f'"{w}"' for w in words[:12]))


def ids_in(ids: Iterable[str]) -> str:
    kept = [i for i in dict.fromkeys(ids) if SHOW_ID.match(i)]
    return ", ".join(f"'{i}'" for i in kept)


def _in(values: Sequence[str], lit: Any = sql_str) -> str:
    return ", ".join(lit(v) for v in values)


@dataclass(frozen=True)
class Filters:
    """Constraints on shows shared by the SQL, Cypher and semantic templates."""

    type: str | None = None
    year_from: int | None = None
    year_to: int | None = None
    genres: tuple[tuple[str, ...], ...] = ()  # groups AND-ed, names in a group OR-ed
    countries: tuple[str, ...] = ()
    rating: str | None = None
    added_from: str | None = None
    added_to: str | None = None
    min_minutes: int | None = None
    max_minutes: int | None = None
    min_seasons: int | None = None
    max_seasons: int | None = None
    show_ids: tuple[str, ...] = ()

    def _numeric(self) -> list[str]:
        bounds = (
            ("release_year", ">=", self.year_from), ("release_year", "<=", self.year_to),
            ("duration_minutes", ">", self.min_minutes),
            ("duration_minutes", "<", self.max_minutes),
            ("seasons", ">", self.min_seasons), ("seasons", "<", self.max_seasons),
        )  # fmt: skip
        return [f"{col} {op} {int(val)}" for col, op, val in bounds if val is not None]

    def sql(self, a: str = "s") -> list[str]:
        out: list[str] = []
        if self.type:
            out.append(f"{a}.type = {sql_str(self.type)}")
        out.extend(f"{a}.{cond}" for cond in self._numeric())
        for group in self.genres:
            out.append(
                "EXISTS (SELECT 1 FROM show_genres sg JOIN genres g ON g.genre_id = sg.genre_id "
                f"WHERE sg.show_id = {a}.show_id AND g.name IN ({_in(group)}))"
            )
        if self.countries:
            out.append(
                "EXISTS (SELECT 1 FROM show_countries sc JOIN countries c ON c.country_id = "
                f"sc.country_id WHERE sc.show_id = {a}.show_id "
                f"AND c.name IN ({_in(self.countries)}))"
            )
        if self.rating:
            out.append(f"{a}.rating = {sql_str(self.rating)}")
        if self.added_from:
            out.append(f"{a}.date_added >= {sql_str(self.added_from)}")
        if self.added_to:
            out.append(f"{a}.date_added < {sql_str(self.added_to)}")
        if self.show_ids and ids_in(self.show_ids):
            out.append(f"{a}.show_id IN ({ids_in(self.show_ids)})")
        return out

    @property
    def cypher_ok(self) -> bool:
        """The graph has no date_added: those filters need SQL."""
        return not (self.added_from or self.added_to)

    def cypher(self, v: str = "s") -> tuple[list[str], list[str]]:
        """(extra MATCH clauses, WHERE conditions) for Show variable `v`."""
        where: list[str] = []
        if self.type:
            where.append(f"{v}.type = {cy_str(self.type)}")
        where.extend(f"{v}.{cond}" for cond in self._numeric())
        if self.rating:
            where.append(f"{v}.rating = {cy_str(self.rating)}")
        if self.show_ids and ids_in(self.show_ids):
            where.append(f"{v}.show_id IN [{ids_in(self.show_ids)}]")
        matches = [
            f"MATCH ({v})-[:IN_GENRE]->(g{i}:Genre) WHERE g{i}.name IN [{_in(group, cy_str)}]"
            for i, group in enumerate(self.genres)
        ]
        if self.countries:
            matches.append(
                f"MATCH ({v})-[:PRODUCED_IN]->(c0:Country) "
                f"WHERE c0.name IN [{_in(self.countries, cy_str)}]"
            )
        return matches, where

    def semantic(self) -> dict[str, Any]:
        """Semantic filters: one genre only when it is unambiguous (the tool takes one)."""
        genres = [group[0] for group in self.genres if len(group) == 1]
        return {
            "type": self.type, "year_from": self.year_from, "year_to": self.year_to,
            "genre": genres[0] if genres else None,
            "country": self.countries[0] if self.countries else None,
        }  # fmt: skip


def _where(conds: Sequence[str]) -> str:
    return f" WHERE {' AND '.join(conds)}" if conds else ""


# -- SQL ------------------------------------------------------------------------------------
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


def sql_summary() -> str:
    return "SELECT s.type, count(*) AS titles, min(s.release_year) AS first_year, " \
        "max(s.release_year) AS last_year FROM shows s GROUP BY s.type ORDER BY titles DESC"


def sql_count(f: Filters) -> str:
    return f"SELECT count(*) AS titles FROM shows s{_where(f.sql())}"


def sql_list(f: Filters, order: str = "s.release_year DESC, s.title", limit: int = 25) -> str:
    cols = f"{SHOW_COLS}, s.rating, s.duration, s.date_added, s.listed_in"
    return f"SELECT {cols} FROM shows s{_where(f.sql())} ORDER BY {order} LIMIT {int(limit)}"


def sql_group(dim: str, f: Filters, by_count: bool = True, limit: int = 15) -> str:
    expr, joins = GROUPS[dim]
    order = "titles DESC, value" if by_count else "value DESC"
    conds = [*f.sql(), f"{expr} IS NOT NULL"]
    return (
        f"SELECT {expr} AS value, count(DISTINCT s.show_id) AS titles FROM shows s{joins}"
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
        cond = f"s.title IN ({_in(titles)})"
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
        f"s.show_id JOIN genres g ON g.genre_id = sg.genre_id WHERE s.title IN ({_in(titles)}) "
        "ORDER BY s.title, g.name LIMIT 60"
    )


def sql_fts(terms: Sequence[str], f: Filters, limit: int = 10) -> str:
    conds = [f"shows_fts MATCH {fts_phrase(terms)}", *f.sql()]
    return (
        f"SELECT {SHOW_COLS}, s.description FROM shows_fts JOIN shows s ON s.show_id = "
        f"shows_fts.show_id{_where(conds)} ORDER BY rank LIMIT {int(limit)}"
    )


# -- Cypher ---------------------------------------------------------------------------------
CY_SHOW = "s.title AS title, s.release_year AS release_year, s.type AS type, s.show_id AS show_id"
REL = {"director": "DIRECTED", "cast": "ACTED_IN", None: "DIRECTED|ACTED_IN"}


def cy_person_works(name: str, role: str | None, f: Filters, relaxed: bool = False) -> str:
    head = "MATCH (p:Person)" if relaxed else f"MATCH (p:Person {{name: {cy_str(name)}}})"
    matches, where = f.cypher("s")
    if relaxed:
        where.insert(0, f"toLower(p.name) CONTAINS {cy_str(name.casefold())}")
    return (
        f"{head}-[r:{REL[role]}]->(s:Show){_where(where)}{''.join(' ' + m for m in matches)} "
        f"RETURN DISTINCT {CY_SHOW}, p.name AS name, type(r) AS role "
        "ORDER BY release_year, title LIMIT 60"
    )


def cy_title_people(title: str, role: str) -> str:
    return (
        f"MATCH (p:Person)-[:{REL[role]}]->(s:Show {{title: {cy_str(title)}}}) "
        f"RETURN p.name AS name, {CY_SHOW} LIMIT 60"
    )


def cy_costars(name: str, other: str = "cast") -> str:
    """People who acted with `name` (or, with other='director', who directed them)."""
    return (
        f"MATCH (a:Person {{name: {cy_str(name)}}})-[:ACTED_IN]->(s:Show)<-[:{REL[other]}]-"
        "(b:Person) WHERE b <> a RETURN b.name AS name, count(s) AS shared, "
        "collect(s.title) AS titles ORDER BY shared DESC LIMIT 30"
    )


def cy_together(a: str, b: str) -> str:
    return (
        f"MATCH (a:Person {{name: {cy_str(a)}}})-[:DIRECTED|ACTED_IN]->(s:Show)"
        f"<-[:DIRECTED|ACTED_IN]-(b:Person {{name: {cy_str(b)}}}) WHERE b <> a "
        f"RETURN DISTINCT {CY_SHOW} ORDER BY release_year, title"
    )


def cy_title_genres(titles: Sequence[str]) -> str:
    if len(titles) >= 2:
        return (
            f"MATCH (a:Show {{title: {cy_str(titles[0])}}})-[:IN_GENRE]->(g:Genre)"
            f"<-[:IN_GENRE]-(b:Show {{title: {cy_str(titles[1])}}}) "
            "RETURN DISTINCT g.name AS shared_genre, a.show_id AS show_id, "
            "b.show_id AS other_show_id"
        )
    return (
        f"MATCH (s:Show {{title: {cy_str(titles[0])}}})-[:IN_GENRE]->(g:Genre) "
        "RETURN s.title AS title, s.show_id AS show_id, collect(g.name) AS genres"
    )


# -- calls and results ----------------------------------------------------------------------
def call(tool: str, purpose: str, **args: Any) -> PlannedCall:
    """A PlannedCall whose args passed the tool's own argument model."""
    model = ARGS_BY_TOOL[tool].model_validate({k: v for k, v in args.items() if v is not None})
    return PlannedCall(tool=tool, purpose=purpose[:200], args=model.model_dump(exclude_none=True))


def semantic_call(text: str, f: Filters, purpose: str, n: int = 8) -> PlannedCall:
    query = " ".join(text.split())[:500]
    if len(query) < 2:
        query = "popular titles"
    return call("semantic", purpose, query=query, n_results=n, **f.semantic())


def is_bad(result: ToolResult | None) -> bool:
    return result is None or result.status.failed or result.status == ToolStatus.EMPTY


def pair_results(
    calls: Sequence[PlannedCall], results: Sequence[ToolResult], iteration: int | None = None
) -> list[tuple[PlannedCall, ToolResult | None]]:
    """Match each call of a plan to its result: by call id '<iteration>.<n>' when known,
    else the tail of `results` in order, else the first unused result of the same tool."""
    by_id = {r.call_id: r for r in results}
    if iteration is not None and any(f"{iteration}.{j}" in by_id for j in range(1, len(calls) + 1)):
        return [(c, by_id.get(f"{iteration}.{j}")) for j, c in enumerate(calls, start=1)]
    tail = list(results[-len(calls):]) if calls else []
    if len(tail) == len(calls) and [r.tool for r in tail] == [c.tool for c in calls]:
        return list(zip(calls, tail, strict=True))
    pool = list(tail or results)
    paired: list[tuple[PlannedCall, ToolResult | None]] = []
    for c in calls:
        hit = next((r for r in pool if r.tool == c.tool), None)
        if hit is not None:
            pool.remove(hit)
        paired.append((c, hit))
    return paired
