"""Tool latency on the full catalog: p50/p95 over fixed sets of typical calls."""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable

from agentic_rag.bench.report import Figure
from agentic_rag.config import Settings
from agentic_rag.stores.handles import open_stores
from agentic_rag.tools.audit import AuditLog
from agentic_rag.tools.cypher.tool import CypherArgs, cypher_tool
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.graph_expand import GraphExpandArgs, graph_expand_tool
from agentic_rag.tools.semantic import SemanticArgs, semantic_tool
from agentic_rag.tools.sql.tool import SqlArgs, sql_tool

SQL = [
    "SELECT count(*) FROM shows WHERE type = 'Movie' AND release_year = 2019",
    "SELECT c.name, count(*) AS n FROM show_countries sc JOIN countries c USING (country_id) "
    "GROUP BY c.name ORDER BY n DESC LIMIT 10",
    "SELECT s.title, s.release_year FROM shows s JOIN show_people sp USING (show_id) "
    "JOIN people p USING (person_id) WHERE p.name = 'Christopher Nolan' AND sp.role = 'director'",
    "SELECT release_year, count(*) AS n FROM shows GROUP BY release_year ORDER BY release_year",
    "SELECT s.title FROM shows_fts f JOIN shows s ON s.show_id = f.show_id "
    "WHERE shows_fts MATCH 'dream' LIMIT 10",
]
SEMANTIC = [
    SemanticArgs(query="thieves steal secrets from inside people's dreams"),
    SemanticArgs(query="a haunted house and a family", type="Movie"),
    SemanticArgs(query="teenagers solve a mystery in a small town", year_from=2015),
    SemanticArgs(query="cooking competition", genre="Reality TV"),
    SemanticArgs(query="gangsters in Mumbai", country="India"),
]
CYPHER_2HOP = [
    "MATCH (a:Person {name: 'Leonardo DiCaprio'})-[:ACTED_IN]->(s:Show)<-[:ACTED_IN]-(b:Person) "
    "RETURN b.name, count(s) AS shared ORDER BY shared DESC LIMIT 10",
    "MATCH (p:Person {name: 'Christopher Nolan'})-[:DIRECTED]->(s:Show)-[:IN_GENRE]->(g:Genre) "
    "RETURN g.name, count(s) AS n",
    "MATCH (s:Show {title: 'Inception'})<-[:ACTED_IN]-(p:Person)-[:ACTED_IN]->(o:Show) "
    "RETURN o.title, count(p) AS shared ORDER BY shared DESC LIMIT 10",
    "MATCH (p:Person {name: 'Shah Rukh Khan'})-[:ACTED_IN]->(s:Show)-[:PRODUCED_IN]->(c:Country) "
    "RETURN c.name, count(s) AS n",
]
EXPAND = [
    GraphExpandArgs(show_ids=["s341"], depth=1),
    GraphExpandArgs(show_ids=["s341"], depth=2),
    GraphExpandArgs(show_ids=["s2", "s5", "s8"], depth=2),
]


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered), p95


async def _time(calls: list[Callable[[], Awaitable[object]]], rounds: int) -> list[float]:
    for call in calls:  # warm-up: caches, prepared plans, model session
        await call()
    samples = []
    for _ in range(rounds):
        for call in calls:
            start = time.perf_counter()
            result = await call()
            samples.append((time.perf_counter() - start) * 1000)
            status = getattr(result, "status", "ok")
            if str(status) not in ("ok", "empty"):
                raise RuntimeError(f"benchmark call failed: {result}")
    return samples


def bench_tools(settings: Settings, rounds: int = 20) -> list[Figure]:
    stores = open_stores(settings)
    deps = ToolDeps(settings=settings, stores=stores, audit=AuditLog(None))
    suites = {
        "sql": ([lambda q=q: sql_tool(SqlArgs(query=q), deps, "b") for q in SQL], 20.0),
        "semantic": ([lambda a=a: semantic_tool(a, deps, "b") for a in SEMANTIC], 30.0),
        "cypher 2-hop": (
            [lambda q=q: cypher_tool(CypherArgs(query=q), deps, "b") for q in CYPHER_2HOP],
            10.0,
        ),
        "graph expansion": ([lambda a=a: graph_expand_tool(a, deps, "b") for a in EXPAND], 20.0),
    }
    figures: list[Figure] = []
    try:
        for name, (calls, target) in suites.items():
            p50, p95 = percentiles(asyncio.run(_time(calls, rounds)))
            figures.append(Figure(f"{name} p50", p50, "ms"))
            figures.append(
                Figure(f"{name} p95", p95, "ms", target=f"<= {target:g} ms", met=p95 <= target)
            )
    finally:
        stores.close()
    return figures
