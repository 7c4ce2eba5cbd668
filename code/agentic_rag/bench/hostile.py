"""Hostile input on the full catalog: how long each class takes to be refused or stopped,
how much memory it may take, and whether anything outlives the call.

Figures, per class (worst member of the class unless said otherwise):
- SQL single function call: time until the tool returns, and until its work really ends;
- SQL starvation: a plain query's wait right after 12 abandoned heavy calls;
- SQL memory: time to refuse a sort/DISTINCT/window function over long values, the peak
  RSS of the worker processes and this process's growth, and Python memory held for a
  byte-capped wide result;
- SQL runaways: an offline turn's time alone and with 8 runaway queries in flight;
- Cypher expression bombs and memory amplifiers: time to refuse (never sent), the graph
  server's RSS growth over all of them and a normal query's time right after each;
- control characters, markup and fences: time per check (they run on every call/render).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import threading
import time
import tracemalloc
from collections.abc import Awaitable, Callable

import psutil

from agentic_rag.bench.report import Figure
from agentic_rag.config import Settings
from agentic_rag.markup import escape_markdown, safe_markdown
from agentic_rag.runtime import AppRuntime
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
    "SELECT count(*) FROM (SELECT row_number() OVER (ORDER BY printf('%.*c', 40000, 'x') "
    "|| a.title || b.title) AS r FROM shows a, shows b)",
    "WITH RECURSIVE r(n, s) AS (SELECT 1, printf('%.*c', 90000, 'x') UNION SELECT n + 1, s "
    "FROM r WHERE n < 100000) SELECT count(*) FROM r",
    "SELECT count(DISTINCT printf('%.*c', 80000, 'x') || a.show_id || b.show_id) "
    "FROM shows a, shows b",
)
SQL_RUNAWAY = (
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
)
RUNAWAYS = 8
RUNAWAY_TIMEOUT_S = 6.0
NORMAL_QUESTION = "how many movies are there"
SQL_WIDE = "SELECT printf('%.*c', 90000, 'x') AS a, printf('%.*c', 90000, 'y') AS b FROM shows"
CYPHER = (
    "RETURN reduce(s = '', x IN range(1, 5000000) | s + 'x') AS s",
    "RETURN size([x IN range(1, 3000000) | toString(x) + 'abc']) AS n",
    "MATCH (s:Show) WITH collect(s.title) AS t RETURN size([a IN t | [b IN t | a + b]]) AS n",
    "UNWIND range(1, 100000000) AS x RETURN count(x) AS n",
    "MATCH (s:Show) RETURN s.title\x00",
    "RETURN all(x IN range(1, 100000000) WHERE x > 0) AS ok",
    "WITH 'xxxxxxxxxx' AS a WITH a+a+a+a+a+a+a+a+a+a AS b WITH b+b+b+b+b+b+b+b+b+b AS c "
    "RETURN size(c+c+c+c+c+c+c+c+c+c) AS n",
    "WITH range(1, 1000) AS a WITH a+a+a+a+a+a+a+a+a+a AS b RETURN size(b+b+b+b+b+b+b+b) AS n",
    "MATCH (a:Show) MATCH (b:Show) RETURN size(collect(a.title + b.title)) AS n",
    "MATCH (a:Show) WITH collect(a.title) AS t UNWIND t AS x UNWIND t AS y RETURN count(*) AS n",
    "RETURN size([x IN range(1, 1000) WHERE all(y IN range(1, 1000) WHERE y > 0)]) AS n",
)
NORMAL_CYPHER = "MATCH (s:Show) RETURN s.title AS t LIMIT 3"
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


class PeakRss:
    """Peak RSS of this process and, separately, of its child processes (the SQL workers)
    or of one other process (the graph server), sampled every 20 ms."""

    def __init__(self, pid: int | None = None) -> None:
        self.me = psutil.Process()
        self.other = psutil.Process(pid) if pid else None
        self.start = self._own()
        self.peak_own = self.start
        self.peak_others = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _own(self) -> int:
        return (self.other or self.me).memory_info().rss

    def _run(self) -> None:
        while not self._stop.wait(0.02):
            with contextlib.suppress(psutil.Error):
                self.peak_own = max(self.peak_own, self._own())
                kids = [] if self.other else self.me.children(recursive=True)
                for kid in kids:
                    with contextlib.suppress(psutil.Error):
                        self.peak_others = max(self.peak_others, kid.memory_info().rss)

    def __enter__(self) -> PeakRss:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def growth_mb(self) -> float:
        return (self.peak_own - self.start) / 2**20


async def _sql_memory(deps: ToolDeps) -> list[Figure]:
    patient = deps.settings.model_copy(update={"sql_timeout_s": 30.0})
    slow = dataclasses.replace(deps, settings=patient)
    times = []
    with PeakRss() as rss:
        for query in SQL_MEMORY:
            ms, _ = await _timed(lambda q=query: sql_tool(SqlArgs(query=q), slow, "b"))
            times.append(ms)
    worker_mb = rss.peak_others / 2**20
    cap = sql_workers.HEAP_LIMIT_BYTES / 2**20
    tracemalloc.start()
    await sql_tool(SqlArgs(query=SQL_WIDE, max_rows=200), deps, "b")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    held = peak / 2**20
    return [
        Figure("sql sort/DISTINCT/window/recursive: stopped after (max)", max(times), "ms"),
        Figure(
            "sql memory inputs: app process RSS growth",
            rss.growth_mb,
            "MB",
            "<= 32 MB",
            rss.growth_mb <= 32,
        ),
        Figure(
            "sql memory inputs: worker process peak RSS",
            worker_mb,
            "MB",
            f"<= {cap + 64:g} MB (heap cap + Python)",
            worker_mb <= cap + 64,
        ),
        Figure("sql 200 wide rows asked: Python memory held", held, "MB", "<= 8 MB", held <= 8),
    ]


async def _turn_s(rt: AppRuntime, thread: str) -> float:
    start = time.perf_counter()
    await rt.ask(NORMAL_QUESTION, thread, persist=False)
    return time.perf_counter() - start


async def _runaway_figures(settings: Settings, deps: ToolDeps) -> list[Figure]:
    rt = AppRuntime.open(settings)
    try:
        usual = min([await _turn_s(rt, f"bench-usual-{i}") for i in range(3)])
        patient = deps.settings.model_copy(update={"sql_timeout_s": RUNAWAY_TIMEOUT_S})
        slow = dataclasses.replace(deps, settings=patient)
        worst = 0.0
        for round_ in range(2):
            runaways = [
                asyncio.create_task(sql_tool(SqlArgs(query=SQL_RUNAWAY), slow, f"r{i}"))
                for i in range(RUNAWAYS)
            ]
            await asyncio.sleep(1.0)
            worst = max(worst, await _turn_s(rt, f"bench-runaway-{round_}"))
            await asyncio.gather(*runaways)
    finally:
        rt.close()
    return [
        Figure("offline turn alone (best of 3)", usual * 1000, "ms"),
        Figure(
            f"offline turn with {RUNAWAYS} runaway SQL queries in flight (worst of 2)",
            worst * 1000,
            "ms",
            "<= alone + 1000 ms",
            worst <= usual + 1.0,
        ),
    ]


async def _cypher_figures(deps: ToolDeps) -> list[Figure]:
    await cypher_tool(CypherArgs(query="MATCH (g:Genre) RETURN count(g)"), deps, "b")  # schema
    server = deps.stores.graph._server if deps.stores is not None else None
    times, after = [], []
    with PeakRss(server.pid if server is not None else None) as rss:
        for query in CYPHER:
            ms, _ = await _timed(lambda q=query: cypher_tool(CypherArgs(query=q), deps, "b"))
            times.append(ms)
            normal, _ = await _timed(
                lambda: cypher_tool(CypherArgs(query=NORMAL_CYPHER), deps, "b")
            )
            after.append(normal)
    registry = ToolRegistry(deps.settings)
    nul_ms, _ = await _timed(lambda: registry.run("sql", {"query": "SELECT 1\x00"}, deps, "b"))
    worst, worst_after = max(times), max(after)
    return [
        Figure(
            "cypher bombs, amplifiers, NUL: refused after", worst, "ms", "<= 50 ms", worst <= 50
        ),
        Figure(
            "cypher: normal query right after each (max)",
            worst_after,
            "ms",
            "<= 1000 ms",
            worst_after <= 1000,
        ),
        Figure(
            "cypher inputs: graph server RSS growth",
            rss.growth_mb,
            "MB",
            "<= 64 MB",
            rss.growth_mb <= 64,
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
        figures += asyncio.run(_runaway_figures(settings, deps))
        figures += asyncio.run(_cypher_figures(deps))
    finally:
        stores.close()
    return figures + _render_figures()
