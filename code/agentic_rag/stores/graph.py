"""Open the FalkorDB graph: embedded through `falkordblite`, or a server at FALKORDB_URL.

The embedded server is a `redis-server` with the FalkorDB module, started on a
unix socket beside the `.rdb` file. Resource limits are set as soon as it is up
(FalkorDB leaves them unlimited by default).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentic_rag.errors import StoreUnavailableError

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GraphLimits:
    """Server-side caps (FalkorDB configuration keys)."""

    timeout_max_ms: int = 10_000  # TIMEOUT_MAX: no query may run longer
    timeout_default_ms: int = 5_000  # TIMEOUT_DEFAULT: queries without their own timeout
    resultset_size: int = 10_000  # RESULTSET_SIZE: rows a query may return
    query_mem_capacity: int = 256 * 1024 * 1024  # QUERY_MEM_CAPACITY in bytes

    def items(self) -> list[tuple[str, int]]:
        return [
            ("TIMEOUT_MAX", self.timeout_max_ms),
            ("TIMEOUT_DEFAULT", self.timeout_default_ms),
            ("RESULTSET_SIZE", self.resultset_size),
            ("QUERY_MEM_CAPACITY", self.query_mem_capacity),
        ]


CLIENT_GRACE_S = 2.0  # the client waits this much longer than the server may run a query


def _bound_client(client: Any, socket_timeout_s: float) -> None:
    """Send each command once and stop waiting after `socket_timeout_s`: redis-py's
    default retries would re-send a slow query to a busy server several times."""
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    pool = getattr(client, "connection_pool", None)
    if pool is None:
        return
    with contextlib.suppress(Exception):
        client.set_retry(Retry(NoBackoff(), 0))
        pool.connection_kwargs["socket_timeout"] = socket_timeout_s
        pool.disconnect()  # pooled connections reconnect with the new timeout


def _never_save_on_shutdown(client: Any) -> None:
    """The rdb is written only by the build's explicit SAVE. redislite shuts its server
    down with SAVE on every exit (close, atexit, Ctrl-C), which would rewrite the data file
    with FalkorDB's telemetry stream: the texts of every query run since it opened."""
    original = client.shutdown

    def shutdown(*_args: Any, now: bool = False, force: bool = False, **kwargs: Any) -> Any:
        kwargs.pop("save", None)
        kwargs.pop("nosave", None)
        return original(nosave=True, now=now, force=force, **kwargs)

    client.shutdown = shutdown


class GraphStore:
    """A FalkorDB graph handle with the few operations the app needs."""

    def __init__(self, db: Any, graph_name: str, *, embedded: bool, location: str):
        self._db = db
        self.graph_name = graph_name
        self.embedded = embedded
        self.location = location
        self._graph = db.select_graph(graph_name)
        self._lock = threading.Lock()
        self._limits: GraphLimits | None = None
        self._lost = False  # the server went away; reconnect (or restart) on the next query

    # -- opening --------------------------------------------------------------
    @classmethod
    def open_embedded(
        cls, rdb_path: Path, graph_name: str, limits: GraphLimits | None = None
    ) -> GraphStore:
        rdb_path = Path(rdb_path)
        try:
            rdb_path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreUnavailableError(
                f"Cannot create {rdb_path.parent} for the graph ({exc}); "
                "make the directory writable or set FALKORDB_PATH."
            ) from exc
        try:
            from redislite.falkordb_client import FalkorDB as EmbeddedFalkorDB

            # Never persist on our own: the rdb is written once, explicitly, by the build.
            db = EmbeddedFalkorDB(str(rdb_path), serverconfig={"save": '""'})
        except Exception as exc:
            raise StoreUnavailableError(
                f"The embedded FalkorDB server did not start for {rdb_path} ({exc}). "
                "Reinstall with `make install` (falkordblite ships the server), "
                "or point FALKORDB_URL at a running FalkorDB."
            ) from exc
        _never_save_on_shutdown(db.client)
        store = cls(db, graph_name, embedded=True, location=str(rdb_path))
        store.apply_limits(limits or GraphLimits())
        return store

    @classmethod
    def open_url(cls, url: str, graph_name: str, limits: GraphLimits | None = None) -> GraphStore:
        try:
            from falkordb import FalkorDB

            db = FalkorDB.from_url(url)
            db.connection.ping()
        except Exception as exc:
            raise StoreUnavailableError(
                f"Cannot reach FalkorDB at {url} ({exc}). Start the server or unset FALKORDB_URL "
                "to use the embedded graph."
            ) from exc
        store = cls(db, graph_name, embedded=False, location=url)
        store.apply_limits(limits or GraphLimits())
        return store

    def apply_limits(self, limits: GraphLimits) -> None:
        self._limits = limits
        for key, value in limits.items():
            try:
                self._db.connection.execute_command("GRAPH.CONFIG", "SET", key, value)
            except Exception as exc:  # an older server may not know a key
                log.warning("FalkorDB refused GRAPH.CONFIG SET %s %s: %s", key, value, exc)
        _bound_client(self._db.connection, limits.timeout_max_ms / 1000 + CLIENT_GRACE_S)

    def config_value(self, key: str) -> Any:
        reply = self._watch(lambda: self._db.connection.execute_command("GRAPH.CONFIG", "GET", key))
        return reply[1] if isinstance(reply, list | tuple) and len(reply) == 2 else reply

    # -- queries --------------------------------------------------------------
    def ro_query(
        self, query: str, params: dict[str, Any] | None = None, timeout_ms: int | None = None
    ):
        """A read-only query. If the server died, this call fails (the caller reports it) and the
        next call restarts the embedded server from its rdb, or reconnects to FALKORDB_URL."""
        return self._watch(lambda: self._graph.ro_query(query, params=params, timeout=timeout_ms))

    def _watch(self, call: Any) -> Any:
        from redis.exceptions import ConnectionError as RedisConnectionError

        if self._lost:
            self._revive()
        try:
            return call()
        except RedisConnectionError:
            self._lost = True
            raise

    def _revive(self) -> None:
        with self._lock:
            if not self._lost or self._db is None:
                return
            old = self._db
            fresh = (
                GraphStore.open_embedded(Path(self.location), self.graph_name, self._limits)
                if self.embedded
                else GraphStore.open_url(self.location, self.graph_name, self._limits)
            )
            self._db, self._graph, self._lost = fresh._db, fresh._graph, False
        with contextlib.suppress(Exception):
            old.connection_pool.disconnect() if hasattr(old, "connection_pool") else None

    def write(self, query: str, params: dict[str, Any] | None = None):
        """Write query: used by the data build only."""
        return self._graph.query(query, params=params)

    def exists(self) -> bool:
        return self.graph_name in (self._db.list_graphs() or [])

    def delete_graph(self) -> None:
        with contextlib.suppress(Exception):
            self._graph.delete()

    def rename_to(self, new_name: str) -> None:
        """Atomically replace graph `new_name` with this graph (server mode build swap)."""
        self._db.connection.execute_command("RENAME", self.graph_name, new_name)
        self.graph_name = new_name
        self._graph = self._db.select_graph(new_name)

    def save(self) -> None:
        """Write the rdb file now (embedded build)."""
        self._db.connection.execute_command("SAVE")

    def pid(self) -> int | None:
        client = getattr(self._db, "client", None)
        return getattr(client, "pid", None) if client is not None else None

    def close(self) -> None:
        with self._lock:
            if self._db is None:
                return
            db, self._db = self._db, None
        with contextlib.suppress(Exception):
            db.close()


def open_graph(settings, limits: GraphLimits | None = None) -> GraphStore:
    """Open the graph the settings point at (server if FALKORDB_URL is set)."""
    if settings.falkordb_url:
        return GraphStore.open_url(settings.falkordb_url, settings.graph_name, limits)
    path = Path(settings.falkordb_path)
    if not path.is_file():
        raise StoreUnavailableError(f"The graph is not built ({path} is missing); run `make data`.")
    return GraphStore.open_embedded(path, settings.graph_name, limits)
