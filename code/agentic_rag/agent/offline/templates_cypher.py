"""Parameterised Cypher templates of the offline planner (fixed shapes, escaped values)."""

from __future__ import annotations

from collections.abc import Sequence

from agentic_rag.agent.offline.filters import Filters, cy_str
from agentic_rag.agent.offline.filters import where_clause as _where

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
