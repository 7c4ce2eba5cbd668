"""The embedded graph server has one owner: nothing is left behind after a normal exit,
a crash (SIGKILL) or Ctrl-C, and the graph snapshot on disk is never rewritten."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from agentic_rag.child_signals import sigint_as_in_a_terminal
from agentic_rag.stores.owned_dir import TEMP_PREFIX
from tests.conftest import store_env

PARALLEL_SCRIPT = """
import sys
from concurrent.futures import ThreadPoolExecutor
from agentic_rag.config import load_settings
from agentic_rag.stores.handles import open_stores

stores = open_stores(load_settings(), eager=False)
graph = stores.graph
with ThreadPoolExecutor(8) as pool:
    counts = list(pool.map(lambda _: graph.ro_query("MATCH (s:Show) RETURN count(s)")
                           .result_set[0][0], range(16)))
assert len(set(counts)) == 1 and counts[0] > 0, counts
print(graph.pid(), flush=True)
if sys.argv[1] == "hang":
    import time
    time.sleep(60)
# "exit": leave without closing anything
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _gone(pid: int, tmp: Path, timeout: float = 10.0) -> tuple[bool, list[str]]:
    """Wait (bounded, not a speed check) until the server is gone and its temp dir removed."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        left = [p.name for p in tmp.glob(f"{TEMP_PREFIX}*")]
        if not _alive(pid) and not left:
            return True, []
        time.sleep(0.05)
    return not _alive(pid), [p.name for p in tmp.glob(f"{TEMP_PREFIX}*")]


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def env(built_settings, tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    return store_env(built_settings, TMPDIR=str(tmp), OPENAI_API_KEY=""), tmp


def _leftovers(build_dir: Path) -> list[str]:
    return [p.name for p in Path(build_dir).rglob("*.settings")]


def test_parallel_graph_calls_then_exit_leave_nothing(built_settings, env):
    environ, tmp = env
    rdb = Path(built_settings.falkordb_path)
    before = (_sha(rdb), rdb.stat().st_mtime_ns)
    proc = subprocess.run(
        [sys.executable, "-c", PARALLEL_SCRIPT, "exit"],
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    pid = int(proc.stdout.strip())
    assert _gone(pid, tmp) == (True, [])
    assert (_sha(rdb), rdb.stat().st_mtime_ns) == before  # the snapshot was not rewritten
    assert _leftovers(built_settings.build_dir) == []  # no registry for a next process to reuse


def test_a_killed_process_leaves_nothing(env):
    environ, tmp = env
    proc = subprocess.Popen(
        [sys.executable, "-c", PARALLEL_SCRIPT, "hang"],
        env=environ,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        pid = int(proc.stdout.readline().strip())
        assert _alive(pid)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        assert _gone(pid, tmp) == (True, [])
    finally:
        if proc.poll() is None:
            proc.kill()


def _read_until(proc: subprocess.Popen, marker: str, timeout: float = 60.0) -> str:
    seen = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        seen.append(line)
        if marker in line:
            return "".join(seen)
    raise AssertionError(f"{marker!r} never printed:\n{''.join(seen)}")


def _exit_code(proc: subprocess.Popen, timeout: float) -> int:
    """The exit code, or a failure that shows where every thread of the process hung
    (faulthandler prints their stacks on SIGABRT)."""
    try:
        return proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGABRT)
        rest, _ = proc.communicate(timeout=10)
        pytest.fail(f"still running {timeout:.0f} s after Ctrl-C; its threads:\n{rest[-6000:]}")


def _server_pids(tmp: Path) -> list[int]:
    """redis-server processes whose config lives under this test's TMPDIR."""
    pids = []
    for proc_dir in Path("/proc").iterdir():
        if not proc_dir.name.isdigit():
            continue
        try:
            cmd = (proc_dir / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if "redis-server" in cmd and str(tmp) in cmd and "sh -c" not in cmd:
            pids.append(int(proc_dir.name))
    return pids


def test_ctrl_c_in_chat_stops_and_cleans_up(env):
    environ, tmp = env
    proc = subprocess.Popen(
        [sys.executable, "-m", "agentic_rag", "chat", "--offline"],
        env={**environ, "COLUMNS": "200", "PYTHONFAULTHANDLER": "1"},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=sigint_as_in_a_terminal,  # as typed at a terminal, even under `make test &`
    )
    try:
        proc.stdin.write("Which movies did Christopher Nolan direct?\n")
        proc.stdin.flush()
        out = _read_until(proc, "thread ")  # the banner
        out += _read_until(proc, "tokens 0/0")  # the answer's last line
        assert "cypher" in out
        servers = _server_pids(tmp)
        assert len(servers) == 1  # the graph question started exactly one server
        proc.send_signal(signal.SIGINT)
        code = _exit_code(proc, timeout=15)
        assert code in (0, 130)
        assert _gone(servers[0], tmp) == (True, [])
    finally:
        if proc.poll() is None:
            proc.kill()
