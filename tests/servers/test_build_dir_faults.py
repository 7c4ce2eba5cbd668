"""The build directory (embedded stores, SQLite checkpoints, traces, cache, audit log) turned
read-only or filled while the app runs: the turn still answers and says what was not saved,
the next turn works once the directory is writable again, and nothing stored before is lost.

Needs a small tmpfs (mount as root); elsewhere the test is skipped with the reason.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from agentic_rag.config import Settings
from agentic_rag.runtime import AppRuntime
from agentic_rag.stores.build import build_all
from tests.conftest import make_settings

SIZE = "48m"


def _mount(target: Path, *options: str) -> subprocess.CompletedProcess:
    source = [str(target)] if "--bind" in options else []
    return subprocess.run(["mount", *options, *source, str(target)], capture_output=True, text=True)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    target = tmp_path / "disk"
    target.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("needs root to mount a small tmpfs for the full/read-only build directory")
    done = _mount(target, "-t", "tmpfs", "-o", f"size={SIZE}", "tmpfs")
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield target
    finally:
        for _ in range(2):  # a bind mount left by a failed test, then the tmpfs
            subprocess.run(["umount", "-l", str(target)], capture_output=True)


@pytest.fixture
def on_small_disk(small_disk: Path) -> Iterator[tuple[Settings, AppRuntime]]:
    settings = make_settings(small_disk / "build")
    build_all(settings)
    rt = AppRuntime.open(settings)
    try:
        yield settings, rt
    finally:
        rt.close()


def _fill(disk: Path) -> Path:
    filler = disk / "filler"
    for chunk in (1 << 20, 4096, 1):  # megabytes, then the last blocks, then the last bytes
        with contextlib.suppress(OSError), filler.open("ab", buffering=0) as fh:
            while True:
                fh.write(b"\0" * chunk)
    return filler


def _intact(settings: Settings, manifest_before: str, shows: int) -> None:
    conn = sqlite3.connect(f"{Path(settings.sqlite_path).as_uri()}?mode=ro", uri=True)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("SELECT count(*) FROM shows").fetchone()[0] == shows
    conn.close()
    threads = sqlite3.connect(f"{Path(settings.threads_path).as_uri()}?mode=ro", uri=True)
    assert threads.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    threads.close()
    assert Path(settings.manifest_path).read_text() == manifest_before
    for line in Path(settings.audit_path).read_text().splitlines():
        json.loads(line)  # no torn line


@pytest.mark.parametrize("fault", ["read-only", "full"])
async def test_build_dir_fault_while_running(
    on_small_disk: tuple[Settings, AppRuntime],
    small_disk: Path,
    fault: str,
    fixture_rows: list[dict[str, str]],
) -> None:
    settings, rt = on_small_disk
    manifest = Path(settings.manifest_path).read_text()
    first = await rt.ask("Which titles star Leonardo DiCaprio?", "disk")
    assert "notices" not in first
    filler = None
    if fault == "read-only":
        # a read-only bind mount over the directory: files opened from now on are read-only
        # (a plain `remount,ro` is refused while the app holds files open for writing)
        assert _mount(small_disk, "--bind").returncode == 0
        done = _mount(small_disk, "-o", "remount,bind,ro")
        assert done.returncode == 0, done.stderr
    else:
        filler = _fill(small_disk)
    try:
        hit = await rt.ask("Which movies did Christopher Nolan direct?", "disk")
    finally:
        if filler is not None:
            filler.unlink()
        else:
            subprocess.run(["umount", str(small_disk)], check=True)
    assert "Inception" in hit["answer"]  # the stores still answer
    assert not {r["status"] for r in hit["results"].values()} & {"error", "timeout"}
    notices = " ".join(hit.get("notices") or [])
    assert "Conversation memory (SQLite" in notices
    trace_lost = "trace of this turn" in notices  # on a full disk it may still fit
    assert trace_lost or fault == "full"
    back = await rt.ask("And which of those are from the United Kingdom?", "disk")
    assert "notices" not in back
    assert len(back["turns"]) == 2  # turn 1 kept; the turn on the bad disk was not saved
    assert "Leonardo DiCaprio" in back["resolved_question"]
    assert [t["question"] for t in rt.traces.load("disk")] == [
        "Which titles star Leonardo DiCaprio?",
        *([] if trace_lost else ["Which movies did Christopher Nolan direct?"]),
        "And which of those are from the United Kingdom?",
    ]
    _intact(settings, manifest, len(fixture_rows))
