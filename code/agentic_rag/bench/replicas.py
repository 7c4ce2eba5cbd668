"""Load against two app replicas sharing PostgreSQL (checkpoints), Chroma and FalkorDB servers.

The servers are started on loopback (`local_servers`), the graph is built into FalkorDB by the
data build and the embedded build's vectors are copied into Chroma (no re-embedding); two
worker processes (`load_worker`) run N = 1, 4, 16, 32 concurrent turns between them (N/2
each), level by level.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path

from agentic_rag.bench.load import LEVELS, MIN_TURNS, LoadRun, level_figures
from agentic_rag.bench.report import Figure
from agentic_rag.bench.server_stack import server_stack
from agentic_rag.config import PROJECT_ROOT, Settings


def _replica_env(settings: Settings, urls: dict[str, str], build_dir: Path) -> dict[str, str]:
    return {
        **os.environ,
        "BUILD_DIR": str(build_dir),
        "CSV_PATH": str(settings.csv_path),
        "MODEL_DIR": str(settings.model_dir),
        "SQLITE_PATH": str(settings.sqlite_path),
        "OFFLINE_MODE": "true",
        "OPENAI_API_KEY": "",
        "OMDB_API_KEY": "",
        **urls,
    }


def _level(workers: list[subprocess.Popen], concurrency: int) -> LoadRun:
    shares = [concurrency // 2 + concurrency % 2, concurrency // 2]
    turns = max(MIN_TURNS, 2 * concurrency)
    active = [(w, n) for w, n in zip(workers, shares, strict=True) if n]
    for worker, n in active:
        assert worker.stdin is not None
        worker.stdin.write(f"{n} {max(1, turns * n // concurrency)}\n")
        worker.stdin.flush()
    run = LoadRun(concurrency)
    for worker, _ in active:
        assert worker.stdout is not None
        part = json.loads(worker.stdout.readline())
        run.latencies_ms += part["latencies_ms"]
        run.errors += part["errors"]
        run.rss_mb = max(run.rss_mb, part["rss_mb"])
        run.wall_s = max(run.wall_s, part["wall_s"])
        run.cpu_s += part["cpu_s"]
    return run


def bench_replicas(settings: Settings) -> list[Figure]:
    with contextlib.ExitStack() as stack:
        servers = stack.enter_context(server_stack(settings))
        workers = []
        for name in ("a", "b"):
            env = _replica_env(settings, servers.urls, servers.workdir / f"replica-{name}")
            worker = subprocess.Popen(
                [sys.executable, "-m", "agentic_rag.bench.load_worker", f"replica-{name}"],
                env=env,
                cwd=PROJECT_ROOT,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            stack.callback(worker.kill)
            workers.append(worker)
        for worker in workers:
            assert worker.stdout is not None
            if worker.stdout.readline().strip() != "ready":
                raise RuntimeError("a replica did not start; see its output above")
        runs = [_level(workers, n) for n in LEVELS]
        for worker in workers:
            assert worker.stdin is not None
            worker.stdin.close()
            worker.wait(timeout=60)
    return [*servers.setup, *level_figures(runs, "two replicas")]
