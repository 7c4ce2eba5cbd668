"""The `graph_expand` tool: the neighbourhood of known shows, by fixed parameterised Cypher.

Depth 1: each show's directors, cast (capped per show, in billing order: each
credit edge's `position`), genres and countries.
Depth 2: also other shows that share a director or a cast member, ranked by the
number of shared people, then shared genres. No model writes these queries.
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any

from pydantic import BaseModel, Field, StringConstraints, field_validator, model_validator

from agentic_rag.errors import QueryTimeoutError
from agentic_rag.folding import fold
from agentic_rag.stores.graph import graph_errors
from agentic_rag.tools.base import (
    SourceRef,
    ToolResult,
    ToolStatus,
    cap_rows,
    error_result,
    guarded,
)
from agentic_rag.tools.cypher.tool import UNREACHABLE, graph_info, query_timeout_ms
from agentic_rag.tools.deps import ToolDeps

TOOL = "graph_expand"
CAST_PER_SHOW = 10
RELATED_PER_QUERY = 100

ShowId = Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^s\d+$")]

NEIGHBOURS = """
MATCH (s:Show) WHERE s.show_id IN $ids OR s.title_folded IN $titles
OPTIONAL MATCH (d:Person)-[rd:DIRECTED]->(s)
WITH s, collect([rd.position, d.name]) AS directors
OPTIONAL MATCH (a:Person)-[ra:ACTED_IN]->(s)
WITH s, directors, collect([ra.position, a.name]) AS cast
OPTIONAL MATCH (s)-[:IN_GENRE]->(g:Genre)
WITH s, directors, cast, collect(DISTINCT g.name) AS genres
OPTIONAL MATCH (s)-[:PRODUCED_IN]->(c:Country)
RETURN s.show_id AS show_id, s.title AS title, directors, cast, genres,
       collect(DISTINCT c.name) AS countries
"""

RELATED = """
MATCH (s:Show)<-[r1:DIRECTED|ACTED_IN]-(p:Person)-[r2:DIRECTED|ACTED_IN]->(o:Show)
WHERE s.show_id IN $ids AND NOT o.show_id IN $ids AND type(r1) = type(r2)
WITH s, o, collect(DISTINCT p.name) AS people, collect(DISTINCT type(r1)) AS kinds
OPTIONAL MATCH (s)-[:IN_GENRE]->(g:Genre)<-[:IN_GENRE]-(o)
WITH s, o, people, kinds, count(DISTINCT g) AS shared_genres
RETURN s.show_id AS show_id, s.title AS title, o.show_id AS related_show_id,
       o.title AS related_title, people, kinds, shared_genres
ORDER BY size(people) DESC, shared_genres DESC, related_title
LIMIT $limit
"""


class GraphExpandArgs(BaseModel):
    show_ids: list[ShowId] = Field(
        default_factory=list,
        max_length=10,
        description="show ids such as s341, from an earlier result",
    )
    titles: list[Annotated[str, StringConstraints(min_length=1, max_length=200)]] = Field(
        default_factory=list,
        max_length=10,
        description="titles as typed (accents, case and curly quotes need not match)",
    )
    depth: int = Field(
        1, ge=1, le=2, description="1: people, genres, countries; 2: also related shows"
    )
    max_nodes: int = Field(40, ge=5, le=100, description="most graph nodes to return")

    @field_validator("show_ids")
    @classmethod
    def _dedupe(cls, ids: list[str]) -> list[str]:
        return list(dict.fromkeys(ids))

    @model_validator(mode="after")
    def _some_seed(self) -> GraphExpandArgs:
        if not self.show_ids and not self.titles:
            raise ValueError("give at least one show id or title to expand from")
        return self


class _Budget:
    """Counts distinct nodes (seed shows included) against `max_nodes`."""

    def __init__(self, max_nodes: int, seeds: list[str]):
        self.max_nodes = max_nodes
        self.seen = {f"show:{s}" for s in seeds}
        self.full = False

    def take(self, *keys: str) -> bool:
        new = [k for k in dict.fromkeys(keys) if k not in self.seen]
        if len(self.seen) + len(new) > self.max_nodes:
            self.full = True
            return False
        self.seen.update(new)
        return True


def _row(show: dict[str, Any], relation: str, name: str | None, **extra: Any) -> dict[str, Any]:
    return {
        "show_id": show["show_id"],
        "title": show["title"],
        "relation": relation,
        "name": name,
        "related_show_id": extra.get("related_show_id"),
        "related_title": extra.get("related_title"),
        "via": extra.get("via"),
    }


def _names(values: list[Any]) -> list[str]:
    """Names from `collect(name)` or, in edge-id order, from `collect([id(edge), name])`."""
    pairs = [v for v in values if isinstance(v, list) and len(v) == 2 and v[1]]
    if pairs:
        return list(dict.fromkeys(name for _, name in sorted(pairs, key=lambda p: p[0] or 0)))
    return sorted(v for v in values if isinstance(v, str) and v)


def _depth1_rows(shows: list[dict[str, Any]], budget: _Budget) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    plan = [("directors", "directed_by", "person"), ("genres", "genre", "genre")]
    plan += [("countries", "country", "country"), ("cast", "cast", "person")]
    for column, relation, kind in plan:  # every show's directors first, cast last
        for show in shows:
            for name in _names(show[column])[: CAST_PER_SHOW if column == "cast" else None]:
                if budget.take(f"{kind}:{name}"):
                    rows.append(_row(show, relation, name))
    return rows


def _depth2_rows(related: list[dict[str, Any]], budget: _Budget) -> list[dict[str, Any]]:
    rows = []
    for rel in related:
        people = sorted(rel["people"])
        keys = [f"show:{rel['related_show_id']}", *(f"person:{p}" for p in people)]
        if not budget.take(*keys):
            continue
        directed = "DIRECTED" in rel["kinds"]
        relation = "shares_director" if directed else "shares_cast"
        role = "directed by" if directed and rel["kinds"] == ["DIRECTED"] else "with"
        via = f"{role} {', '.join(people)}; {rel['shared_genres']} shared genre(s)"
        rows.append(
            _row(
                rel,
                relation,
                people[0] if people else None,
                related_show_id=rel["related_show_id"],
                related_title=rel["related_title"],
                via=via,
            )
        )
    return rows


async def _query(deps: ToolDeps, query: str, params: dict[str, Any], timeout_ms: int) -> list[dict]:
    start = time.perf_counter()
    graph = deps.stores.graph  # type: ignore[union-attr]
    try:
        result = await asyncio.to_thread(graph.ro_query, query, params, timeout_ms)
    except Exception as exc:
        ms = (time.perf_counter() - start) * 1000
        timed_out = "timed out" in str(exc).lower()
        status = "timeout" if timed_out else "error"
        deps.audit.record(TOOL, " ".join(query.split()), status, ms=ms, error=str(exc))
        if timed_out:
            raise QueryTimeoutError(
                f"The graph expansion ran past {timeout_ms / 1000:g} s; "
                "ask for fewer shows or depth 1."
            ) from exc
        raise
    names = [h[1] if isinstance(h, list | tuple) else h for h in result.header]
    rows = [dict(zip(names, r, strict=False)) for r in result.result_set]
    ms = (time.perf_counter() - start) * 1000
    deps.audit.record(TOOL, " ".join(query.split()), "ok" if rows else "empty", len(rows), ms)
    return rows


async def graph_expand_tool(args: GraphExpandArgs, deps: ToolDeps, call_id: str) -> ToolResult:
    budget_s = 2 * deps.settings.cypher_timeout_s + 2
    return await guarded(TOOL, call_id, budget_s, lambda: _run(args, deps, call_id))


async def _run(args: GraphExpandArgs, deps: ToolDeps, call_id: str) -> ToolResult:
    if deps.stores is None:
        return error_result(TOOL, call_id, ToolStatus.ERROR, "The graph store is not open.")
    try:
        return await _expand(args, deps, call_id)
    except (graph_errors().ConnectionError, ConnectionError):
        return error_result(TOOL, call_id, ToolStatus.ERROR, UNREACHABLE)


async def _expand(args: GraphExpandArgs, deps: ToolDeps, call_id: str) -> ToolResult:
    info = await asyncio.to_thread(graph_info, deps.stores.graph)  # type: ignore[union-attr]
    timeout_ms = query_timeout_ms(deps.settings, info)
    titles = {fold(t): t for t in args.titles}
    found = await _query(
        deps, NEIGHBOURS, {"ids": list(args.show_ids), "titles": list(titles)}, timeout_ms
    )
    by_id = {r["show_id"]: r for r in found}
    ids = [*args.show_ids, *(r["show_id"] for r in found if r["show_id"] not in args.show_ids)]
    shows = [by_id[i] for i in ids if i in by_id]
    found_titles = {fold(r["title"]) for r in found}
    missing = [i for i in args.show_ids if i not in by_id]
    missing += [typed for key, typed in titles.items() if key not in found_titles]
    if not shows:
        message = f"No show {', '.join(missing)} in the graph."
        return ToolResult(tool=TOOL, call_id=call_id, status=ToolStatus.EMPTY, message=message)
    budget = _Budget(args.max_nodes, [s["show_id"] for s in shows])
    rows = _depth1_rows(shows, budget)
    touched = {s["show_id"]: s["title"] for s in shows}
    if args.depth >= 2:
        params = {"ids": list(touched), "limit": RELATED_PER_QUERY}
        related = await _query(deps, RELATED, params, timeout_ms)
        rows += _depth2_rows(related, budget)
        for row in rows:
            if row["related_show_id"]:
                touched.setdefault(row["related_show_id"], row["related_title"])
    kept, truncated = cap_rows(rows, max_rows=len(rows) or 1)
    sources = [
        SourceRef(kind="graph_node", ref=f"show:{sid}", show_id=sid, label=title)
        for sid, title in touched.items()
    ]
    message = f"{len(kept)} neighbour(s) of {len(shows)} show(s), {len(budget.seen)} node(s)"
    if budget.full or truncated:
        message += f"; stopped at max_nodes={args.max_nodes}" if budget.full else "; rows cut"
    if missing:
        message += f". Not in the graph: {', '.join(missing)}"
    return ToolResult(
        tool=TOOL,
        call_id=call_id,
        status=ToolStatus.OK if kept else ToolStatus.EMPTY,
        rows=kept,
        message=message,
        truncated=truncated or budget.full,
        sources=sources,
        query=" ".join((NEIGHBOURS + (RELATED if args.depth >= 2 else "")).split()),
    )
