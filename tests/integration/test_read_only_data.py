"""The built stores are read-only from the app's point of view. Chroma has no read-only
mode, so a reader opens a private working copy: a read-only data directory answers, the
build's files are never written, and no copy outlives its process (closed, SIGKILLed, or
killed together with its guardian).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from agentic_rag.config import Settings
from agentic_rag.runtime import AppRuntime
from agentic_rag.stores.handles import Stores
from agentic_rag.stores.owned_dir import TEMP_PREFIX
from agentic_rag.stores.vectors import WORKING_COPY_KIND
from agentic_rag.tools.audit import AuditLog
from agentic_rag.tools.base import ToolStatus
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.semantic import SemanticArgs, semantic_tool
from tests.conftest import make_settings, store_env

INCEPTION = "s341"
DREAM_HEIST = "a thief who steals secrets from people's dreams"
COPIES = f"{TEMP_PREFIX}{WORKING_COPY_KIND}-*"

READER_SCRIPT = """
import time
from agentic_rag.config import load_settings
from agentic_rag.stores.handles import open_stores

stores = open_stores(load_settings(), eager=False)
assert stores.collection.count() > 0
print("open", flush=True)
time.sleep(60)
"""


def _shas(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.fixture
def own_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This process's temp dir, for the working copies, is the test's own."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    return tmp


async def _dream_heist(settings: Settings, stores: Stores, tmp_path: Path) -> list[str]:
    deps = ToolDeps(settings=settings, stores=stores, audit=AuditLog(tmp_path / "audit.jsonl"))
    result = await semantic_tool(SemanticArgs(query=DREAM_HEIST), deps, "s1")
    assert result.status is ToolStatus.OK, result.error
    return [row["show_id"] for row in result.rows]


def _mount(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["mount", *args], capture_output=True, text=True)


@pytest.fixture
def read_only_data(built_settings: Settings, tmp_path: Path) -> Iterator[Settings]:
    """Settings whose built stores (catalog, vectors, graph) are copies with no write bits,
    under a read-only bind mount when running as root (root ignores the modes); the build
    dir for checkpoints, traces, cache and audit stays writable."""
    top = tmp_path / "ro"
    top.mkdir()
    shutil.copy(built_settings.sqlite_path, top / "catalog.db")
    shutil.copytree(built_settings.chroma_path, top / "chroma")
    shutil.copytree(Path(built_settings.falkordb_path).parent, top / "graph")
    files = [*sorted(top.rglob("*"), reverse=True), top]
    for path in files:
        path.chmod(0o555 if path.is_dir() else 0o444)
    mounted = False
    try:
        if os.geteuid() == 0:
            if shutil.which("mount") is None:
                pytest.skip("running as root without `mount`: cannot make the directory read-only")
            done = _mount("--bind", str(top), str(top))
            if done.returncode != 0:
                pytest.skip(f"cannot bind-mount here: {done.stderr.strip()}")
            mounted = True
            done = _mount("-o", "remount,bind,ro", str(top))
            assert done.returncode == 0, done.stderr
        with pytest.raises(OSError):  # really read-only, for root too
            (top / "probe").write_text("")
        yield make_settings(
            tmp_path / "build",
            sqlite_path=top / "catalog.db",
            chroma_path=top / "chroma",
            falkordb_path=top / "graph" / Path(built_settings.falkordb_path).name,
        )
    finally:
        if mounted:
            subprocess.run(["umount", str(top)], check=True)
        for path in files:
            path.chmod(0o755 if path.is_dir() else 0o644)


async def test_vectors_open_from_a_read_only_build(
    read_only_data: Settings, own_tmp: Path, tmp_path: Path
) -> None:
    stores = Stores(read_only_data)
    try:
        assert (await _dream_heist(read_only_data, stores, tmp_path))[0] == INCEPTION
        (copy,) = own_tmp.glob(COPIES)
        for path in [copy, *copy.rglob("*")]:  # a non-root owner could write its copy too
            need = 0o700 if path.is_dir() else 0o600
            assert path.stat().st_mode & need == need, path
    finally:
        stores.close()


async def test_a_turn_on_read_only_data_uses_every_store(
    read_only_data: Settings, own_tmp: Path
) -> None:
    rt = AppRuntime.open(read_only_data, eager=False)
    try:
        graph = await rt.ask("Which movies did Christopher Nolan direct?", "ro")
        plot = await rt.ask(f"Find titles about {DREAM_HEIST}", "ro")
    finally:
        rt.close()
    assert "Inception" in graph["answer"] and "Inception" in plot["answer"]
    results = [*graph["results"].values(), *plot["results"].values()]
    assert {r["tool"] for r in results} >= {"sql", "cypher", "semantic"}
    assert {r["status"] for r in results} <= {"ok", "empty"}
    assert "notices" not in plot  # memory and trace saved in the writable build dir
    assert list(own_tmp.glob(f"{TEMP_PREFIX}*")) == []


async def test_reading_never_writes_the_build(
    built_settings: Settings, own_tmp: Path, tmp_path: Path
) -> None:
    chroma = Path(built_settings.chroma_path)
    before = _shas(chroma)
    stores = Stores(built_settings)
    try:
        assert (await _dream_heist(built_settings, stores, tmp_path))[0] == INCEPTION
        while_open = list(own_tmp.glob(COPIES))
    finally:
        stores.close()
    assert _shas(chroma) == before
    assert len(while_open) == 1  # the reader's working copy
    assert list(own_tmp.glob(COPIES)) == []  # removed on close


def _guardian_of(copy: Path) -> int:
    """The `sh` guardian that owns the working copy `copy`."""
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                cmd = (proc / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if cmd[:2] == [b"sh", b"-c"] and str(copy).encode() in cmd:
                return int(proc.name)
    raise AssertionError(f"no guardian holds {copy}")


def _wait_gone(tmp: Path, timeout: float = 10.0) -> list[Path]:
    """The copies still there after waiting (bounded, not a speed check)."""
    deadline = time.monotonic() + timeout
    while list(tmp.glob(COPIES)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return list(tmp.glob(COPIES))


@pytest.mark.parametrize("kill", ["reader", "reader and guardian"])
async def test_a_killed_reader_leaves_no_copy(
    built_settings: Settings, own_tmp: Path, tmp_path: Path, kill: str
) -> None:
    env = store_env(built_settings, TMPDIR=str(own_tmp), OPENAI_API_KEY="")
    proc = subprocess.Popen(
        [sys.executable, "-c", READER_SCRIPT], env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "open"
        (copy,) = own_tmp.glob(COPIES)
        assert f"-{proc.pid}-" in copy.name  # the owner's pid, for the next open's sweep
        if kill == "reader and guardian":
            os.kill(_guardian_of(copy), signal.SIGKILL)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    if kill == "reader":
        assert _wait_gone(own_tmp) == []  # its guardian removed it at once
        return
    assert _wait_gone(own_tmp, timeout=0.5) == [copy]  # nobody left to remove it
    stores = Stores(built_settings)  # the next open sweeps copies of dead owners
    try:
        assert (await _dream_heist(built_settings, stores, tmp_path))[0] == INCEPTION
        assert copy not in list(own_tmp.glob(COPIES))
    finally:
        stores.close()
    assert list(own_tmp.glob(COPIES)) == []


async def test_an_unusable_tmpdir_is_named(
    built_settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    not_a_dir = tmp_path / "tmpdir-is-a-file"
    not_a_dir.write_text("")
    monkeypatch.setattr(tempfile, "tempdir", str(not_a_dir))
    stores = Stores(built_settings)
    try:
        deps = ToolDeps(
            settings=built_settings, stores=stores, audit=AuditLog(tmp_path / "audit.jsonl")
        )
        result = await semantic_tool(SemanticArgs(query=DREAM_HEIST), deps, "s1")
    finally:
        stores.close()
    assert result.status is ToolStatus.ERROR
    assert "working copy of the Chroma store" in result.message
    assert "point TMPDIR at a writable directory" in result.message
