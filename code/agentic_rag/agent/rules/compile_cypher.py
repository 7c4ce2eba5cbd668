"""One compiler from a spec to Cypher over the graph (Person, Show, Genre, Country).

Used for the relations the graph is for: a person's titles, a title's people, co-stars. A set
with constraints the graph does not hold (date added, missing fields, keywords) returns None
and the SQL compiler answers alone.
"""

from __future__ import annotations

from agentic_rag.agent.rules.spec import TitleSet

CY_SHOW = "s.title AS title, s.release_year AS release_year, s.type AS type, s.show_id AS show_id"
REL = {"director": "DIRECTED", "cast": "ACTED_IN", None: "DIRECTED|ACTED_IN"}


def lit(value: str) -> str:
    """A Cypher string literal: NULs dropped, backslashes and single quotes escaped."""
    return "'" + str(value).replace("\x00", "").replace("\\", "\\\\").replace("'", "\\'") + "'"


def _list(values: list[str]) -> str:
    return "[" + ", ".join(lit(v) for v in values) + "]"


def graph_ok(s: TitleSet) -> bool:
    return not (
        s.added_from
        or s.added_to
        or s.added_same_year
        or s.missing
        or s.keywords
        or s.show_ids
        or s.title_has
        or s.within is not None
        or bool(s.without)
        or s.same_people is not None
        or s.minutes_min is not None
        or s.minutes_max is not None
    )


def filters(s: TitleSet, v: str = "s") -> tuple[list[str], list[str]]:
    """(extra MATCH clauses, WHERE conditions) on Show variable `v` (its genre and country
    nodes named after it, so two shows of one pattern can each have the set's filters)."""
    n = "" if v == "s" else v
    where: list[str] = []
    if s.type:
        where.append(f"{v}.type = {lit(s.type)}")
    if s.year_from is not None:
        where.append(f"{v}.release_year >= {int(s.year_from)}")
    if s.year_to is not None:
        where.append(f"{v}.release_year <= {int(s.year_to)}")
    if s.seasons_min is not None:
        where.append(f"{v}.seasons >= {int(s.seasons_min)}")
    if s.seasons_max is not None:
        where.append(f"{v}.seasons <= {int(s.seasons_max)}")
    if s.ratings:
        where.append(f"{v}.rating IN {_list(s.ratings)}")
    if s.titles:
        where.append(f"{v}.title IN {_list(s.titles)}")
    if s.excluded:
        where.append(f"NOT {v}.show_id IN {_list(s.excluded)}")
    matches = [
        f"MATCH ({v})-[:IN_GENRE]->(g{i}{n}:Genre) WHERE g{i}{n}.name IN {_list(group)}"
        for i, group in enumerate(s.genres)
    ]
    if s.countries:
        matches.append(
            f"MATCH ({v})-[:PRODUCED_IN]->(c0{n}:Country) WHERE c0{n}.name IN {_list(s.countries)}"
        )
    return matches, where


def person_works(s: TitleSet, limit: int = 60) -> str | None:
    """Titles of the set's people (one or two), with the set's other filters."""
    if not s.people or len(s.people) > 2 or not graph_ok(s):
        return None
    matches, where = filters(s)
    a = s.people[0]
    head = f"MATCH (p:Person {{name: {lit(a.name)}}})-[r:{REL[a.role]}]->(s:Show)"
    if len(s.people) == 2:
        b = s.people[1]
        head += f"<-[:{REL[b.role]}]-(q:Person {{name: {lit(b.name)}}})"
    cond = f" WHERE {' AND '.join(where)}" if where else ""
    extra = "".join(" " + m for m in matches)
    return (
        f"{head}{cond}{extra} RETURN DISTINCT {CY_SHOW}, p.name AS name, type(r) AS role "
        f"ORDER BY release_year, title LIMIT {int(limit)}"
    )


def title_people(title: str, role: str | None) -> str:
    return (
        f"MATCH (p:Person)-[r:{REL[role]}]->(s:Show {{title: {lit(title)}}}) "
        f"RETURN p.name AS name, type(r) AS role, {CY_SHOW} "
        "ORDER BY role DESC, r.position LIMIT 60"  # directors first, each in billing order
    )


def costars(
    name: str, other: str | None = "cast", own: str | None = None, among: TitleSet | None = None
) -> str:
    """People who worked on titles with `name` (other='director': who directed them; None: in
    any role, "X's most frequent collaborator"; own: `name`'s role on those titles, if asked;
    among: only the titles of this set, "X's co-stars in the 90s")."""
    mine = REL[own] if own else "DIRECTED|ACTED_IN"
    matches, where = filters(among) if among else ([], [])
    return (
        f"MATCH (a:Person {{name: {lit(name)}}})-[:{mine}]->(s:Show)<-[:{REL[other]}]-"
        f"(b:Person) WHERE {' AND '.join(['b <> a', *where])}"
        f"{''.join(' ' + m for m in matches)} RETURN b.name AS name, count(DISTINCT s) AS shared, "
        "collect(DISTINCT s.title) AS titles ORDER BY shared DESC, name LIMIT 30"
    )
