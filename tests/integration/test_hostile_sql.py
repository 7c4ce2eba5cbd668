"""Hostile SQL, by class: single function calls that outrun the deadline, memory
amplification (wide rows, sorts and DISTINCT over long values), and starvation of
later calls by abandoned ones. Each class is tried with several members."""

from __future__ import annotations

import asyncio
import threading
import time
import tracemalloc
from pathlib import Path

import pytest

from agentic_rag.config import Settings
from agentic_rag.tools.audit import AuditLog
from agentic_rag.tools.base import ToolResult, ToolStatus
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.sql import workers as workers_module
from agentic_rag.tools.sql.tool import SqlArgs, sql_tool

#: One call to a string function whose work grows with its arguments' length.
SINGLE_CALL = [
    "SELECT instr(printf('%.*c', 999000, 'a') || 'b', printf('%.*c', 300000, 'a') || 'b')",
    "SELECT length(replace(printf('%.*c', 999000, 'a'), printf('%.*c', 300000, 'a') || 'b', ''))",
    "SELECT instr(hex(zeroblob(499000)), hex(zeroblob(150000)) || '1')",
    "SELECT instr(printf('%.*c', 999 * 1000, 'a') || 'b', printf('%.*c', 300 * 1000, 'a') || 'b')",
    "SELECT length(replace(printf('%.*c', 99000, 'a'), printf('%.*c', 30000, 'a') || 'b', ''))",
    "SELECT instr(upper(printf('%.*c', 999000, 'a')), upper(printf('%.*c', 300000, 'a')) || 'B')",
]
#: Sorts, DISTINCT and GROUP BY over long values: temp b-trees that grow without bound.
TEMP_SPILL = [
    "SELECT count(*) FROM (SELECT DISTINCT printf('%.*c', 90000, 'x') || a.title || b.title "
    "FROM shows a, shows b)",
    "SELECT count(*) FROM (SELECT printf('%.*c', 90000, 'x') || a.title || b.title AS v "
    "FROM shows a, shows b GROUP BY v)",
    "SELECT v FROM (SELECT printf('%.*c', 45000, 'x') || a.title || b.title AS v "
    "FROM shows a, shows b ORDER BY v) LIMIT 1 OFFSET 30000",
]
WIDE_ROWS = [
    "SELECT printf('%.*c', 90000, 'x') AS a, printf('%.*c', 90000, 'y') AS b FROM shows LIMIT 200",
    "SELECT substr(printf('%.*c', 95000, 'x'), 1, 95000) AS a, title FROM shows LIMIT 200",
    "SELECT replace(printf('%.*c', 45000, 'x'), 'x', 'yy') AS a FROM shows LIMIT 200",
]
ONE_HUGE_ROW = "SELECT " + ", ".join(f"printf('%.*c', 90000, '{c}') AS {c}" for c in "abcdefghijkl")


def make_deps(settings: Settings, stores, tmp_path: Path, timeout_s: float = 1.0) -> ToolDeps:
    settings = settings.model_copy(update={"sql_timeout_s": timeout_s})
    return ToolDeps(settings=settings, stores=stores, audit=AuditLog(tmp_path / "audit.jsonl"))


@pytest.fixture
def fast_deps(built_settings, stores, tmp_path) -> ToolDeps:
    return make_deps(built_settings, stores, tmp_path)


class Work:
    """How many queries' blocking work started, and when each really ended."""

    def __init__(self) -> None:
        self.started = 0
        self.ends: list[float] = []

    async def all_ended(self, seconds: float) -> bool:
        stop = time.perf_counter() + seconds
        while len(self.ends) < self.started and time.perf_counter() < stop:
            await asyncio.sleep(0.05)
        return len(self.ends) == self.started


@pytest.fixture
def work(monkeypatch) -> Work:
    tracker = Work()
    real = workers_module.run_blocking

    def tracked(*args, **kwargs):
        tracker.started += 1
        try:
            return real(*args, **kwargs)
        finally:
            tracker.ends.append(time.perf_counter())

    monkeypatch.setattr(workers_module, "run_blocking", tracked)
    return tracker


async def run(deps: ToolDeps, query: str) -> ToolResult:
    return await sql_tool(SqlArgs(query=query), deps, "h1")


@pytest.mark.parametrize("query", SINGLE_CALL)
async def test_one_long_function_call_ends_with_the_turn(query, fast_deps, work):
    started = time.perf_counter()
    result = await run(fast_deps, query)
    returned = time.perf_counter()
    assert returned - started < 2.5, result.message
    assert result.status in (ToolStatus.OK, ToolStatus.REFUSED, ToolStatus.TIMEOUT)
    if result.status is not ToolStatus.OK:
        assert result.message.strip() and result.rows == []
    assert await work.all_ended(5.0), "the query's work ran on 5 s after the tool returned"
    assert all(end - started < 2.5 for end in work.ends), "the work ran past the deadline"


async def test_abandoned_calls_never_starve_later_calls(fast_deps, work):
    bombs = await asyncio.gather(*(run(fast_deps, q) for q in SINGLE_CALL * 2))  # > pool size
    assert len(bombs) == 2 * len(SINGLE_CALL)
    started = time.perf_counter()
    other_tool = await asyncio.wait_for(asyncio.to_thread(lambda: "free"), 10)
    later = await run(fast_deps, "SELECT count(*) AS n FROM shows")
    waited = time.perf_counter() - started
    assert other_tool == "free"
    assert later.status is ToolStatus.OK, later.message
    assert waited < 1.0, f"a later call waited {waited:.1f} s behind abandoned ones"


@pytest.mark.parametrize("query", TEMP_SPILL)
async def test_sorts_over_long_values_hit_a_memory_bound_not_the_disk(query, fast_deps, tmp_path):
    deps = make_deps(fast_deps.settings, fast_deps.stores, tmp_path, timeout_s=20.0)
    started = time.perf_counter()
    result = await run(deps, query)
    assert result.status is ToolStatus.REFUSED, result.message
    assert "memory" in result.message
    assert time.perf_counter() - started < 15


@pytest.mark.parametrize("query", WIDE_ROWS)
async def test_wide_rows_are_capped_in_bytes_before_they_are_fetched(query, fast_deps):
    tracemalloc.start()
    try:
        result = await run(fast_deps, query)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.status is ToolStatus.OK, result.message
    assert result.truncated and "cut" in result.message
    assert peak < 8 * 2**20, f"{peak / 2**20:.0f} MB held for a capped result"


async def test_a_byte_cap_can_return_zero_rows(fast_deps):
    result = await run(fast_deps, ONE_HUGE_ROW)
    assert result.rows == [] and result.truncated
    assert result.status is ToolStatus.EMPTY
    assert "0 rows kept" in result.message and "KB" in result.message


@pytest.mark.parametrize(
    "query",
    [
        "SELECT zeroblob(10)",
        "SELECT randomblob(10)",
        "SELECT sqlite_version()",
        'SELECT "ZEROBLOB"(5)',
        "SELECT title FROM shows WHERE length(randomblob(5)) > 1",
    ],
)
async def test_functions_outside_the_allow_list_are_refused(query, fast_deps):
    result = await run(fast_deps, query)
    assert result.status is ToolStatus.REFUSED
    assert "not allowed" in result.message


async def test_allowed_functions_still_work(fast_deps):
    result = await run(
        fast_deps,
        "SELECT printf('%.1f', avg(release_year)) AS y, group_concat(DISTINCT type) AS t, "
        "instr(lower(min(title)), 'a') AS i, strftime('%Y', max(date_added)) AS d FROM shows",
    )
    assert result.status is ToolStatus.OK, result.message
    assert set(result.rows[0]) == {"y", "t", "i", "d"}


def test_the_sandbox_runs_queries_off_the_shared_executor(
    built_settings, stores, tmp_path, monkeypatch
):
    """A query thread is its own, so the loop's default executor never holds SQL work."""
    deps = make_deps(built_settings, stores, tmp_path)
    names: list[str] = []
    real = workers_module.run_blocking

    def spy(*args, **kwargs):
        names.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(workers_module, "run_blocking", spy)
    result = asyncio.run(run(deps, "SELECT 1 AS one"))
    assert result.status is ToolStatus.OK
    assert names == ["sql-query"]
