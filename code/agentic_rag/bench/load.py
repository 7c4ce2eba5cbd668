"""Load: N concurrent offline turns against one process, and memory over many turns.

Every turn is a full `AppRuntime.ask` (checkpointer, trace, cache, audit log) on the built
catalog, writing its per-turn state (threads, traces, cache, audit) to a temp directory so a
benchmark never touches the app's own threads. A turn counts as an error when it raised,
when the agent failed, when a tool errored or timed out, or when the answer carries a notice
(memory or trace not saved).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

from agentic_rag.bench.agent import OFFLINE_QUESTIONS
from agentic_rag.bench.report import Figure
from agentic_rag.bench.tools import percentiles
from agentic_rag.config import Settings, load_settings

LEVELS = (1, 4, 16, 32)
#: turns per level: at least this many, so p95 at N=1 is not just the slowest of a dozen
MIN_TURNS = 30
MEMORY_CONCURRENCY = 4


@dataclass
class LoadRun:
    concurrency: int
    latencies_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    rss_mb: float = 0.0
    wall_s: float = 0.0
    cpu_s: float = 0.0  # process CPU (all threads) over the level

    @property
    def turns(self) -> int:
        return len(self.latencies_ms)


def rss_mb() -> float:
    return psutil.Process().memory_info().rss / 2**20


def turn_error(values: dict[str, Any]) -> str | None:
    """Why a finished turn counts as an error, or None."""
    if values.get("error"):
        return f"agent: {values['error']}"
    if values.get("notices"):
        return f"notice: {values['notices'][0][:160]}"
    for result in (values.get("results") or {}).values():
        if result.get("status") in ("error", "timeout"):
            return f"{result['tool']} {result['status']}: {(result.get('error') or '')[:160]}"
    return None


@contextlib.contextmanager
def scratch_settings(settings: Settings, **extra: Any) -> Iterator[Settings]:
    """The built stores of `settings`, with threads/traces/cache/audit in a temp dir."""
    with tempfile.TemporaryDirectory(prefix="bench-load-") as tmp:
        values: dict[str, Any] = {
            "build_dir": Path(tmp),
            "csv_path": settings.csv_path,
            "model_dir": settings.model_dir,
            "sqlite_path": settings.sqlite_path,
            "chroma_path": settings.chroma_path,
            "falkordb_path": settings.falkordb_path,
            "chroma_url": settings.chroma_url,
            "falkordb_url": settings.falkordb_url,
            "offline_mode": True,
            "openai_api_key": None,
            "omdb_api_key": None,
        }
        if settings.database_url is not None:
            values["database_url"] = settings.database_url.get_secret_value()
        yield load_settings(**(values | extra))


async def run_level(runtime: Any, concurrency: int, turns: int, tag: str) -> LoadRun:
    """`turns` turns, `concurrency` at a time, each on a thread of its own."""
    run = LoadRun(concurrency)
    queue = list(range(turns))
    process = psutil.Process()
    cpu_before, wall_before = sum(process.cpu_times()[:2]), time.perf_counter()

    async def worker() -> None:
        while queue:
            i = queue.pop()
            question = OFFLINE_QUESTIONS[i % len(OFFLINE_QUESTIONS)]
            start = time.perf_counter()
            try:
                values = await runtime.ask(question, f"{tag}-{concurrency}-{i}")
                problem = turn_error(values)
            except Exception as exc:  # a crash is an error figure, not the end of the bench
                problem = f"raised {type(exc).__name__}: {exc}"
            run.latencies_ms.append((time.perf_counter() - start) * 1000)
            if problem:
                run.errors.append(problem)

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    run.wall_s = time.perf_counter() - wall_before
    run.cpu_s = sum(process.cpu_times()[:2]) - cpu_before
    run.rss_mb = rss_mb()
    return run


async def run_levels(runtime: Any, levels: tuple[int, ...], tag: str) -> list[LoadRun]:
    for question in OFFLINE_QUESTIONS:  # warm-up: lexicon, model session, caches, connections
        await runtime.ask(question, f"{tag}-warm")
    return [await run_level(runtime, n, max(MIN_TURNS, 2 * n), tag) for n in levels]


def usable_cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def cpu_floor_ratio(run: LoadRun, p95_at_1: float, cores: int) -> float:
    """The least p95 ratio any scheduling could reach here: `run.concurrency` turns arriving
    together need their CPU time, shared by `cores`, before the last of them can end. When a
    turn is all CPU (offline, embedded stores) that floor is about N / cores, whatever the code;
    only time a turn spends waiting (a model, a server) lets concurrent turns overlap more."""
    cpu_ms_per_turn = 1000 * run.cpu_s / run.turns
    return run.concurrency * cpu_ms_per_turn / cores / p95_at_1


def level_figures(runs: list[LoadRun], label: str) -> list[Figure]:
    figures: list[Figure] = []
    p95_at_1 = None
    for run in runs:
        p50, p95 = percentiles(run.latencies_ms)
        if run.concurrency == 1:
            p95_at_1 = p95
        name = f"{label} N={run.concurrency}"
        figures.append(Figure(f"{name}: turn p50 ({run.turns} turns)", p50, "ms"))
        if run.concurrency == 16 and p95_at_1:
            ratio = p95 / p95_at_1
            figures.append(Figure(f"{name}: turn p95", p95, "ms"))
            figures.append(
                Figure(f"{name}: p95 / p95 at N=1", ratio, "x", target="<= 4x", met=ratio <= 4)
            )
            cores = usable_cores()
            floor = cpu_floor_ratio(run, p95_at_1, cores)
            figures.append(
                Figure(f"{name}: least ratio the CPU allows ({cores} cores)", floor, "x")
            )
        else:
            figures.append(Figure(f"{name}: turn p95", p95, "ms"))
        target = "0" if run.concurrency == 32 else None
        met = (not run.errors) if run.concurrency == 32 else None
        figures.append(Figure(f"{name}: errors", len(run.errors), "", target=target, met=met))
        if run.errors:
            figures.append(Figure(f"{name}: first error: {run.errors[0]}", 0, ""))
        figures.append(Figure(f"{name}: throughput", run.turns / run.wall_s, "turns/s"))
        figures.append(Figure(f"{name}: CPU per turn", 1000 * run.cpu_s / run.turns, "ms"))
        figures.append(Figure(f"{name}: process RSS after", run.rss_mb, "MB"))
    return figures


def bench_load(settings: Settings) -> list[Figure]:
    """N = 1, 4, 16, 32 concurrent offline turns against one process (full catalog)."""
    from agentic_rag.runtime import AppRuntime

    with scratch_settings(settings) as scratch:
        runtime = AppRuntime.open(scratch)
        try:
            runs = asyncio.run(run_levels(runtime, LEVELS, "load"))
        finally:
            runtime.close()
    return level_figures(runs, "one process")


async def _memory_run(runtime: Any, turns: int) -> tuple[list[tuple[int, float]], list[str]]:
    samples: list[tuple[int, float]] = []
    errors: list[str] = []
    done = 0
    step = max(1, turns // 10)
    while done < turns:
        batch = min(step, turns - done)
        run = await run_level(runtime, MEMORY_CONCURRENCY, batch, f"mem{done}")
        errors += run.errors
        done += batch
        gc.collect()
        samples.append((done, rss_mb()))
    return samples, errors


def bench_memory(settings: Settings) -> list[Figure]:
    """RSS over `bench_memory_turns` turns (4 at a time): growth after the first fifth is what
    leaks."""
    from agentic_rag.runtime import AppRuntime

    with scratch_settings(settings) as scratch:
        runtime = AppRuntime.open(scratch)
        try:
            start = rss_mb()
            samples, errors = asyncio.run(_memory_run(runtime, settings.bench_memory_turns))
        finally:
            runtime.close()
    settled = samples[min(1, len(samples) - 1)][1]  # after the first 20%: caches are warm
    end = samples[-1][1]
    growth = end - settled
    return [
        Figure(f"errors over {samples[-1][0]} turns", len(errors), "", target="0", met=not errors),
        *([Figure(f"first error: {errors[0]}", 0, "")] if errors else []),
        Figure("RSS before the first turn", start, "MB"),
        Figure(f"RSS after {samples[min(1, len(samples) - 1)][0]} turns", settled, "MB"),
        Figure(f"RSS after {samples[-1][0]} turns", end, "MB"),
        Figure(
            f"RSS growth over the last {samples[-1][0] - samples[min(1, len(samples) - 1)][0]} "
            "turns",
            growth,
            "MB",
            target="<= 25 MB",
            met=growth <= 25,
        ),
    ]
