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
import tempfile
import time
from pathlib import Path

from agentic_rag.bench.load import LEVELS, MIN_TURNS, LoadRun, level_figures
from agentic_rag.bench.report import Figure
from agentic_rag.config import PROJECT_ROOT, Settings, load_settings
from agentic_rag.errors import StoreUnavailableError
from agentic_rag.local_servers import chroma_server, falkordb_server, postgres_server, running
from agentic_rag.stores.build import build_all
from agentic_rag.stores.vectors import (
    chroma_client,
    copy_collection,
    open_collection,
    release_client,
)


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


def _copy_vectors(settings: Settings, url: str) -> int:
    """The embedded build's vectors into the server (re-embedding would take minutes)."""
    source_client = chroma_client(path=Path(settings.chroma_path))
    try:
        source = open_collection(source_client, settings.chroma_collection, settings.model_dir)
        return copy_collection(
            source, chroma_client(url=url), settings.chroma_collection, settings.model_dir
        )
    finally:
        release_client(source_client)


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
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-replicas-")))
        try:
            pg = stack.enter_context(running(postgres_server()))
            chroma = stack.enter_context(running(chroma_server(tmp / "chroma")))
            falkor = stack.enter_context(running(falkordb_server(tmp / "falkordb")))
        except StoreUnavailableError as exc:
            return [Figure(f"replicas benchmark skipped: {str(exc).splitlines()[0]}", 0, "")]
        urls = {"DATABASE_URL": pg.url, "CHROMA_URL": chroma.url, "FALKORDB_URL": falkor.url}
        loader = load_settings(
            build_dir=tmp / "loader",
            csv_path=settings.csv_path,
            model_dir=settings.model_dir,
            chroma_url=chroma.url,
            falkordb_url=falkor.url,
        )
        start = time.perf_counter()
        build_all(loader, stages=("graph",))
        graph_s = time.perf_counter() - start
        start = time.perf_counter()
        copied = _copy_vectors(settings, chroma.url)
        copy_s = time.perf_counter() - start
        workers = []
        for name in ("a", "b"):
            env = _replica_env(settings, urls, tmp / f"replica-{name}")
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
    return [
        Figure("data build into the FalkorDB server (full catalog)", graph_s, "s"),
        Figure(f"copy the built embeddings ({copied:,}) into the Chroma server", copy_s, "s"),
        *level_figures(runs, "two replicas"),
    ]
