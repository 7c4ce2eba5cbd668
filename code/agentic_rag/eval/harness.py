"""Run the golden questions through the real graph (via `AppRuntime`) and score them.

Independent questions run concurrently under a semaphore; a follow-up thread runs its
questions in order on one persisted conversation thread. A question that raises is scored as
failed with its error and the run goes on. Adversarial questions also check that the stores
are unchanged after them.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from agentic_rag.config import Settings, load_settings, mode_label
from agentic_rag.errors import ConfigError
from agentic_rag.eval.golden import GoldenQuestion, GoldenSet, load_golden
from agentic_rag.eval.report import (
    EvalRun,
    compare,
    find_previous,
    print_report,
    summarize,
    write_run,
)
from agentic_rag.eval.scoring import QuestionResult, score_turn
from agentic_rag.runtime import AppRuntime

MODES = ("offline", "llm")
GRACE_S = 30.0  # beyond the turn deadline before the harness gives up on a question
OnResult = Callable[[QuestionResult], Any]


def eval_settings(mode: str) -> Settings:
    """Settings for `mode`; `llm` fails clearly when no model is configured."""
    if mode not in MODES:
        raise ConfigError(f"unknown eval mode {mode!r}: use one of {', '.join(MODES)}")
    if mode == "offline":
        return load_settings(offline_mode=True)
    settings = load_settings(offline_mode=False)
    if not settings.llm_enabled:
        raise ConfigError(
            "--mode llm needs a model: set OPENAI_API_KEY (and OPENAI_BASE_URL plus "
            "PLANNER_MODEL/EVALUATOR_MODEL/SYNTHESIZER_MODEL for Ollama or vLLM) in .env or "
            "the environment, and do not set OFFLINE_MODE=true."
        )
    return settings


def store_fingerprint(runtime: AppRuntime) -> dict[str, Any]:
    """What a write to any store would change: the SQLite file's hash and the stores' counts."""
    stores = runtime.stores
    probes: dict[str, Callable[[], Any]] = {
        "sqlite_sha256": lambda: hashlib.sha256(Path(stores.sqlite_path).read_bytes()).hexdigest(),
        "graph_nodes": lambda: stores.graph.ro_query("MATCH (n) RETURN count(n)").result_set[0][0],
        "graph_edges": lambda: stores.graph.ro_query("MATCH ()-[r]->() RETURN count(r)").result_set[
            0
        ][0],
        "vectors": lambda: stores.collection.count(),
    }
    out: dict[str, Any] = {}
    for name, probe in probes.items():
        try:
            out[name] = probe()
        except Exception as exc:  # a broken store is a difference worth reporting, not a crash
            out[name] = f"error: {type(exc).__name__}: {exc}"
    return out


def new_run_id(now: datetime | None = None) -> str:
    now = now or datetime.now(UTC)
    return f"{now:%Y%m%d-%H%M%S}-{now.microsecond // 1000:03d}"


@dataclass
class Harness:
    runtime: AppRuntime
    run_id: str
    timeout_s: float
    baseline: dict[str, Any]

    async def ask(self, q: GoldenQuestion, thread_id: str, persist: bool) -> QuestionResult:
        started = time.perf_counter()
        values: dict[str, Any] | None = None
        error = None
        try:
            values = await asyncio.wait_for(
                self.runtime.ask(q.question, thread_id, persist=persist), self.timeout_s
            )
        except TimeoutError:
            error = f"timeout: no answer after {self.timeout_s:.0f} s"
        except Exception as exc:
            error = f"{type(exc).__name__}: {exc}"
        result = score_turn(q, values, time.perf_counter() - started, error)
        if q.category == "adversarial":
            same = await asyncio.to_thread(store_fingerprint, self.runtime) == self.baseline
            result.stores_unchanged = same
            if not same:
                result.passed, result.detail = False, f"the stores changed; {result.detail}"
        return result

    async def run_group(self, group: list[GoldenQuestion]) -> list[QuestionResult]:
        thread = group[0].thread
        if thread is None:
            return [await self.ask(group[0], f"eval-{self.run_id}-{group[0].id}", False)]
        thread_id = f"eval-{self.run_id}-{thread}"
        return [await self.ask(q, thread_id, True) for q in group]  # in order: they build on it

    async def run(
        self,
        groups: list[list[GoldenQuestion]],
        concurrency: int,
        on_result: OnResult | None = None,
    ) -> list[QuestionResult]:
        gate = asyncio.Semaphore(max(1, concurrency))

        async def one(group: list[GoldenQuestion]) -> list[QuestionResult]:
            async with gate:
                results = await self.run_group(group)
            for r in results:
                if on_result is not None:
                    on_result(r)
            return results

        done = await asyncio.gather(*(one(g) for g in groups))
        return [r for results in done for r in results]


async def evaluate(
    runtime: AppRuntime,
    groups: list[list[GoldenQuestion]],
    *,
    concurrency: int = 4,
    run_id: str | None = None,
    on_result: OnResult | None = None,
) -> EvalRun:
    """Run and score `groups`; the returned run has its summary but no comparison yet."""
    run_id = run_id or new_run_id()
    started_at = datetime.now(UTC).isoformat(timespec="seconds")
    baseline = await asyncio.to_thread(store_fingerprint, runtime)
    harness = Harness(runtime, run_id, runtime.settings.turn_deadline_s + GRACE_S, baseline)
    t0 = time.perf_counter()
    results = await harness.run(groups, concurrency, on_result)
    elapsed = time.perf_counter() - t0
    unchanged = await asyncio.to_thread(store_fingerprint, runtime) == baseline
    s = runtime.settings
    models = (
        {
            "planner": s.planner_model,
            "evaluator": s.evaluator_model,
            "synthesizer": s.synthesizer_model,
        }
        if s.llm_enabled
        else {}
    )
    return EvalRun(
        run_id=run_id,
        started_at=started_at,
        mode="llm" if s.llm_enabled else "offline",
        mode_label=mode_label(s),
        models=models,
        concurrency=concurrency,
        elapsed_s=round(elapsed, 2),
        stores_unchanged=unchanged,
        summary=summarize(results),
        results=results,
    )


@dataclass
class EvalOutcome:
    run: EvalRun
    json_path: Path
    md_path: Path


def run_eval(
    settings: Settings,
    *,
    golden: GoldenSet | None = None,
    limit: int | None = None,
    category: str | None = None,
    concurrency: int = 4,
    out_dir: Path | None = None,
    console: Console | None = None,
    quiet: bool = False,
) -> EvalOutcome:
    """The whole evaluation: run, compare with the previous run, write JSON + markdown, print."""
    console = console or Console()
    golden = golden or load_golden()
    groups = golden.groups(category=category, limit=limit)
    if not groups:
        raise ConfigError(f"no golden question matches category={category!r} limit={limit!r}")
    total = sum(len(g) for g in groups)
    out_dir = Path(out_dir or Path(settings.build_dir) / "eval")
    runtime = AppRuntime.open(settings)
    try:
        with Progress(
            TextColumn("[bold]eval"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("{task.description}"),
            console=console,
            disable=quiet,
        ) as bar:
            task = bar.add_task("", total=total)

            def on_result(r: QuestionResult) -> None:
                bar.update(task, advance=1, description=f"{r.id} {'ok' if r.passed else 'FAIL'}")

            run = asyncio.run(
                evaluate(runtime, groups, concurrency=concurrency, on_result=on_result)
            )
    finally:
        runtime.close()
    previous = find_previous(out_dir, run)
    if previous is not None:
        run.comparison = compare(previous, run)
    json_path, md_path = write_run(run, out_dir)
    if not quiet:
        print_report(run, console)
        console.print(f"wrote {json_path} and {md_path.name}", highlight=False)
    return EvalOutcome(run, json_path, md_path)
