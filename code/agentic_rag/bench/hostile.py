"""Hostile input on the full catalog: how long each class takes to be refused or stopped,
how much memory it may take, and whether anything outlives the call.

Figures, per class (worst member of the class unless said otherwise):
- SQL single function call: time until the tool returns, and until its work really ends;
- SQL starvation: a plain query's wait right after 12 abandoned heavy calls;
- SQL memory: time to refuse a sort/DISTINCT over long values, the process's RSS growth,
  and Python memory held for a byte-capped wide result;
- Cypher expression bombs and memory amplifiers: time to refuse (never sent);
- control characters, markup and fences: time per check (they run on every call/render).
"""

from __future__ import annotations

import asyncio
import dataclasses
import resource
import time
import tracemalloc
from collections.abc import Awaitable, Callable

from agentic_rag.bench.report import Figure
from agentic_rag.config import Settings
from agentic_rag.markup import escape_markdown, safe_markdown
from agentic_rag.stores.handles import open_stores
from agentic_rag.tools.audit import AuditLog
from agentic_rag.tools.cypher.tool import CypherArgs, cypher_tool
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.registry import ToolRegistry
from agentic_rag.tools.sql import workers as sql_workers
from agentic_rag.tools.sql.tool import SqlArgs, sql_tool

SQL_TIMEOUT_S = 1.0
SQL_SINGLE_CALL = (
    "SELECT instr(printf('%.*c', 999 * 1000, 'a') || 'b', printf('%.*c', 300 * 1000, 'a') || 'b')",
    "SELECT instr(printf('%.*c', 99000, 'a') || 'b', printf('%.*c', 30000, 'a') || 'b')",
    "SELECT length(replace(printf('%.*c', 99000, 'a'), printf('%.*c', 30000, 'a') || 'b', ''))",
    "SELECT instr(upper(printf('%.*c', 99000, 'a')), upper(printf('%.*c', 30000, 'a')) || 'B')",
)
SQL_MEMORY = (
    "SELECT count(*) FROM (SELECT DISTINCT printf('%.*c', 90000, 'x') || title FROM shows)",
    "SELECT count(*) FROM (SELECT printf('%.*c', 90000, 'x') || title AS v FROM shows GROUP BY v)",
)
SQL_WIDE = "SELECT printf('%.*c', 90000, 'x') AS a, printf('%.*c', 90000, 'y') AS b FROM shows"
CYPHER = (
    "RETURN reduce(s = '', x IN range(1, 5000000) | s + 'x') AS s",
    "RETURN size([x IN range(1, 3000000) | toString(x) + 'abc']) AS n",
    "MATCH (s:Show) WITH collect(s.title) AS t RETURN size([a IN t | [b IN t | a + b]]) AS n",
    "UNWIND range(1, 100000000) AS x RETURN count(x) AS n",
    "MATCH (s:Show) RETURN s.title\x00",
)
MARKUP = "![a[b]c](http://evil.example/p.png) **x** <img src=x> [l](javascript:alert(1))" * 20


async def _timed(call: Callable[[], Awaitable[object]]) -> tuple[float, object]:
    start = time.perf_counter()
    result = await call()
    return (time.perf_counter() - start) * 1000, result


async def _sql_figures(deps: ToolDeps) -> list[Figure]:
    ends: list[float] = []
    real = sql_workers.run_blocking

    def tracked(*args, **kwargs):
        try:
            return real(*args, **kwargs)
        finally:
            ends.append(time.perf_counter())

    sql_workers.run_blocking = tracked
    try:
        returned, worked = [], []
        for query in SQL_SINGLE_CALL:
            ends.clear()
            start = time.perf_counter()
            await sql_tool(SqlArgs(query=query), deps, "b")
            returned.append((time.perf_counter() - start) * 1000)
            while not ends and time.perf_counter() - start < 30:
                await asyncio.sleep(0.01)
            worked.append(((ends[0] if ends else time.perf_counter()) - start) * 1000)
        await asyncio.gather(*(sql_tool(SqlArgs(query=q), deps, "b") for q in SQL_SINGLE_CALL * 3))
        wait_ms, _ = await _timed(lambda: sql_tool(SqlArgs(query="SELECT 1"), deps, "b"))
    finally:
        sql_workers.run_blocking = real
    limit = f"<= {SQL_TIMEOUT_S * 1000 + 500:g} ms"
    return [
        Figure("sql single call: returned (max)", max(returned), "ms", limit, max(returned) < 1500),
        Figure("sql single call: work ended (max)", max(worked), "ms", limit, max(worked) < 1500),
        Figure(
            "sql after 12 abandoned calls: plain query", wait_ms, "ms", "<= 100 ms", wait_ms < 100
        ),
    ]


async def _sql_memory(deps: ToolDeps) -> list[Figure]:
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    patient = deps.settings.model_copy(update={"sql_timeout_s": 30.0})
    slow = dataclasses.replace(deps, settings=patient)
    times = []
    for query in SQL_MEMORY:
        ms, _ = await _timed(lambda q=query: sql_tool(SqlArgs(query=q), slow, "b"))
        times.append(ms)
    growth = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 - rss_before
    tracemalloc.start()
    await sql_tool(SqlArgs(query=SQL_WIDE, max_rows=200), deps, "b")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    held = peak / 2**20
    return [
        Figure("sql sort/DISTINCT over long values: refused after", max(times), "ms"),
        Figure("sql sort/DISTINCT: process RSS growth", growth, "MB", "<= 300 MB", growth <= 300),
        Figure("sql 200 wide rows asked: Python memory held", held, "MB", "<= 8 MB", held <= 8),
    ]


async def _cypher_figures(deps: ToolDeps) -> list[Figure]:
    await cypher_tool(CypherArgs(query="MATCH (g:Genre) RETURN count(g)"), deps, "b")  # schema
    times = []
    for query in CYPHER:
        ms, _ = await _timed(lambda q=query: cypher_tool(CypherArgs(query=q), deps, "b"))
        times.append(ms)
    registry = ToolRegistry(deps.settings)
    nul_ms, _ = await _timed(lambda: registry.run("sql", {"query": "SELECT 1\x00"}, deps, "b"))
    worst = max(times)
    return [
        Figure(
            "cypher bombs, amplifiers, NUL: refused after", worst, "ms", "<= 50 ms", worst <= 50
        ),
        Figure("control character at the tool boundary: refused after", nul_ms, "ms"),
    ]


def _render_figures() -> list[Figure]:
    start = time.perf_counter()
    for _ in range(100):
        safe_markdown(MARKUP)
        escape_markdown(MARKUP)
    per_kb = (time.perf_counter() - start) * 1000 / 100 / (len(MARKUP) / 1000)
    return [Figure("escaping one KB of hostile markup (both paths)", per_kb, "ms")]


def bench_hostile(settings: Settings) -> list[Figure]:
    settings = settings.model_copy(update={"sql_timeout_s": SQL_TIMEOUT_S, "cypher_timeout_s": 2.0})
    stores = open_stores(settings)
    deps = ToolDeps(settings=settings, stores=stores, audit=AuditLog(None))
    try:
        figures = asyncio.run(_sql_figures(deps))
        figures += asyncio.run(_sql_memory(deps))
        figures += asyncio.run(_cypher_figures(deps))
    finally:
        stores.close()
    return figures + _render_figures()
