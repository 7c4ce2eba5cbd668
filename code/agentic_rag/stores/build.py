"""Build all three stores from the CSV, idempotently, each to a temp path and then swapped in.

A manifest (`data/build/manifest.json`) records, per stage, the CSV's sha256,
the build version and where the store lives; a stage whose record matches and
whose store exists is skipped. `force=True` rebuilds everything.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from agentic_rag.config import Settings
from agentic_rag.errors import AgenticRagError, DataBuildError
from agentic_rag.stores.catalog import Title, load_catalog, sha256_of

#: Bump when a store's shape changes so existing builds count as stale.
BUILD_VERSION = 4  # 4: credits carry their billing position in the graph
STAGES = ("sqlite", "chroma", "graph")

Progress = Callable[[str, int], Callable[[int], None]]
"""progress(stage_label, total) -> advance(n)"""


@dataclass
class StageReport:
    stage: str
    status: str  # "built" | "skipped"
    seconds: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)


def _location(settings: Settings, stage: str) -> str:
    if stage == "sqlite":
        return str(Path(settings.sqlite_path).resolve())
    if stage == "chroma":
        return settings.chroma_url or str(Path(settings.chroma_path).resolve())
    return settings.falkordb_url or str(Path(settings.falkordb_path).resolve())


def read_manifest(settings: Settings) -> dict[str, Any]:
    try:
        return json.loads(Path(settings.manifest_path).read_text())
    except (OSError, ValueError):
        return {}


def _write_manifest(settings: Settings, manifest: dict[str, Any]) -> None:
    path = Path(settings.manifest_path)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(manifest, indent=2, sort_keys=True))
    os.replace(tmp, path)


def _store_exists(settings: Settings, stage: str) -> bool:
    if stage == "sqlite":
        return Path(settings.sqlite_path).is_file()
    if stage == "chroma":
        return settings.chroma_url is not None or Path(settings.chroma_path).is_dir()
    return settings.falkordb_url is not None or Path(settings.falkordb_path).is_file()


def stale_stages(settings: Settings, csv_sha: str | None = None) -> list[str]:
    """The stages that need building for the current CSV and code."""
    manifest = read_manifest(settings)
    csv_sha = csv_sha or sha256_of(Path(settings.csv_path))
    stale = []
    for stage in STAGES:
        rec = manifest.get("stages", {}).get(stage, {})
        current = (
            rec.get("csv_sha256") == csv_sha
            and rec.get("build_version") == BUILD_VERSION
            and rec.get("location") == _location(settings, stage)
            and _store_exists(settings, stage)
        )
        if not current:
            stale.append(stage)
    return stale


def _check_writable(directory: Path) -> None:
    try:
        directory.mkdir(parents=True, exist_ok=True)
        probe = directory / ".write-probe"
        probe.write_text("ok")
        probe.unlink()
    except OSError as exc:
        raise DataBuildError(
            f"Cannot write to {directory} ({exc.strerror or exc}); "
            "make it writable or set BUILD_DIR."
        ) from exc


@contextmanager
def _swap_path(final: Path) -> Iterator[Path]:
    """Yield a temp path beside `final`; on success move it over `final`, else remove it."""
    tmp = final.with_name(f".{final.name}.building-{os.getpid()}")
    _remove(tmp)
    try:
        yield tmp
    except BaseException:
        _remove(tmp)
        raise
    old = final.with_name(f".{final.name}.old-{os.getpid()}")
    if final.exists():
        os.replace(final, old)
    os.replace(tmp, final)
    _remove(old)


def _remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    elif path.exists():
        path.unlink()


# --- stages ------------------------------------------------------------------
def _build_sqlite(settings: Settings, titles: list[Title], advance) -> dict[str, int]:
    from agentic_rag.stores.sqlite_build import build_sqlite

    final = Path(settings.sqlite_path)
    with _swap_path(final) as tmp:
        try:
            return build_sqlite(titles, tmp, progress=advance)
        except sqlite3.Error as exc:
            raise DataBuildError(f"SQLite build failed at {tmp}: {exc}") from exc


def _build_chroma(settings: Settings, titles: list[Title], advance) -> dict[str, int]:
    from agentic_rag.stores.vectors import build_collection, chroma_client

    name, model_dir = settings.chroma_collection, Path(settings.model_dir)
    if settings.chroma_url:
        client = chroma_client(url=settings.chroma_url)
        staging = f"{name}__building"
        counts = build_collection(titles, client, staging, model_dir, progress=advance)
        with contextlib.suppress(Exception):  # first build: nothing to replace
            client.delete_collection(name)
        client.get_collection(staging).modify(name=name)
        return counts
    final = Path(settings.chroma_path)
    with _swap_path(final) as tmp:
        client = chroma_client(path=tmp)
        try:
            return build_collection(titles, client, name, model_dir, progress=advance)
        finally:  # stop its system (SQLite connections) before the directory is swapped in
            client.close()


def _build_graph(settings: Settings, titles: list[Title], advance) -> dict[str, int]:
    from agentic_rag.stores.graph import GraphStore
    from agentic_rag.stores.graph_build import build_graph

    if settings.falkordb_url:
        store = GraphStore.open_url(settings.falkordb_url, f"{settings.graph_name}__building")
        try:
            store.delete_graph()
            counts = build_graph(titles, store, progress=advance)
            store.rename_to(settings.graph_name)
            with contextlib.suppress(Exception):  # a server that forbids SAVE persists its own way
                store.save()  # on disk now: a restarted server still has the graph
            return counts
        finally:
            store.close()
    final = Path(settings.falkordb_path)
    final.parent.mkdir(parents=True, exist_ok=True)
    _refuse_if_graph_in_use(final)
    with _swap_path(final) as tmp:
        store = GraphStore.open_embedded(tmp, settings.graph_name)
        try:
            counts = build_graph(titles, store, progress=advance)
            store.save()
        finally:
            store.close()
        for leftover in tmp.parent.glob(f"{tmp.name}.settings"):
            leftover.unlink()
        return counts


def _refuse_if_graph_in_use(rdb: Path) -> None:
    """A running app holds the rdb in its embedded server, which saves on exit: never swap
    the file under it."""
    registry = rdb.with_name(rdb.name + ".settings")
    if not registry.exists():
        return
    try:
        import psutil

        pidfile = Path(json.loads(registry.read_text())["pidfile"])
        pid = int(pidfile.read_text().strip())
        running = psutil.pid_exists(pid)
    except (OSError, ValueError, KeyError):
        running = False
    if running:
        raise DataBuildError(
            f"The graph {rdb} is open in a running FalkorDB server (pid {pid}): "
            "stop the app (Ctrl-C on `make run`) and build again."
        )
    registry.unlink(missing_ok=True)


BUILDERS = {"sqlite": _build_sqlite, "chroma": _build_chroma, "graph": _build_graph}
LABELS = {"sqlite": "SQLite tables", "chroma": "Chroma embeddings", "graph": "FalkorDB graph"}


def _work_size(stage: str, titles: list[Title]) -> int:
    if stage == "graph":
        from agentic_rag.stores.graph_build import total_items

        return total_items(titles)
    if stage == "chroma":
        return sum(1 for t in titles if t.description)
    return len(titles)


def build_all(
    settings: Settings,
    *,
    force: bool = False,
    stages: tuple[str, ...] = STAGES,
    progress: Progress | None = None,
) -> list[StageReport]:
    """Build the stale (or, with `force`, all) stages; return a report per stage."""
    csv_path = Path(settings.csv_path)
    if not csv_path.is_file():
        raise DataBuildError(
            f"Catalog CSV not found at {csv_path}; "
            "restore it with `git checkout -- data/` or set CSV_PATH."
        )
    build_dir = Path(settings.build_dir)
    _check_writable(build_dir)
    csv_sha = sha256_of(csv_path)
    todo = stages if force else [s for s in stale_stages(settings, csv_sha) if s in stages]
    reports = [StageReport(s, "skipped") for s in stages if s not in todo]
    if not todo:
        return reports
    titles = load_catalog(csv_path)
    manifest = read_manifest(settings)
    manifest.setdefault("stages", {})
    for stage in todo:
        start = time.perf_counter()
        advance = progress(LABELS[stage], _work_size(stage, titles)) if progress else None
        # Invalidate first: a failure below must not leave the old record claiming "current".
        manifest["stages"].pop(stage, None)
        _write_manifest(settings, manifest)
        try:
            counts = BUILDERS[stage](settings, titles, advance)
        except AgenticRagError:
            raise
        except Exception as exc:
            raise DataBuildError(
                f"{LABELS[stage]} build failed: {type(exc).__name__}: {exc}"
            ) from exc
        seconds = time.perf_counter() - start
        manifest["stages"][stage] = {
            "csv_sha256": csv_sha,
            "build_version": BUILD_VERSION,
            "location": _location(settings, stage),
            "counts": counts,
            "seconds": round(seconds, 2),
            "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        manifest["csv_sha256"] = csv_sha
        manifest["build_version"] = BUILD_VERSION
        _write_manifest(settings, manifest)
        reports.append(StageReport(stage, "built", seconds, counts))
    order = {s: i for i, s in enumerate(STAGES)}
    return sorted(reports, key=lambda r: order[r.stage])
