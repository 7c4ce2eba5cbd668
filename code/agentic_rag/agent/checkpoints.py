"""Where conversation checkpoints live: PostgreSQL when `DATABASE_URL` is set, else SQLite.

SQLite (`build_dir/threads.db`) is the embedded default: one process, one file. PostgreSQL is
what replicas share: a thread started on one app process continues on another. Each session
(one event loop: a page turn runs in its own `asyncio.run`) borrows connections from a small
psycopg pool opened for that loop; the tables are created once per process (`setup`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentic_rag.config import Settings
from agentic_rag.errors import StoreUnavailableError

#: connections one session may hold (one turn writes its checkpoints one after another)
POOL_MAX = 2
#: how long a turn waits for PostgreSQL before it answers without conversation memory
CONNECT_TIMEOUT_S = 3.0
#: longest one checkpoint read or write may hold its connection; then the connection is cut
#: (a stopped server still accepts and acknowledges, so nothing else would ever end the wait)
HOLD_TIMEOUT_S = 5.0
#: the server's own limit per statement (`statement_timeout`): a lock wait or slow plan ends
#: there with an error, on a connection that stays usable, before the client cuts it
STATEMENT_TIMEOUT_S = 4.0
#: creating or migrating the tables, including waiting for a replica doing the same (no
#: `statement_timeout` there: an index build on a large table may take longer than one write)
SETUP_TIMEOUT_S = 60.0
#: libpq options of every connection: a lost peer (host down, packets dropped) is noticed by
#: the kernel within the hold timeout instead of TCP's retransmission limit (about 15 min)
_LIBPQ = {
    "connect_timeout": int(CONNECT_TIMEOUT_S),
    "tcp_user_timeout": int(HOLD_TIMEOUT_S * 1000),
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 5,
    "keepalives_count": 2,
    "options": f"-c statement_timeout={int(STATEMENT_TIMEOUT_S * 1000)}",
}

#: seconds a SQLite checkpoint write waits for another connection's write lock
SQLITE_BUSY_S = 30.0
#: any fixed number: replicas starting together take turns creating the tables
_SETUP_LOCK_KEY = 7_140_014
_ready: set[str] = set()  # database URLs whose checkpoint tables exist (setup ran)
_setup_lock = threading.Lock()


def backend(settings: Settings) -> str:
    return "postgres" if settings.database_url is not None else "sqlite"


def _dsn(settings: Settings) -> str:
    assert settings.database_url is not None
    return settings.database_url.get_secret_value()


def _where(dsn: str) -> str:
    """The URL without its password, for messages."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        parts = conninfo_to_dict(dsn)
    except Exception:  # unparsable: say nothing about it
        return "DATABASE_URL"
    return f"{parts.get('host', 'localhost')}:{parts.get('port', 5432)}/{parts.get('dbname', '')}"


@dataclass
class _SqliteShare:
    ready: asyncio.Future[Any]
    conn: Any = None
    users: int = 0


_SQLITE: dict[tuple[int, str], _SqliteShare] = {}


@contextlib.asynccontextmanager
async def _shared_sqlite(path: str) -> AsyncIterator[Any]:
    """One SQLite checkpointer per event loop and file, shared by the turns running on it.

    Concurrent turns on one loop take turns on one connection (the saver serialises its
    calls) instead of queueing for SQLite's file lock with a connection each, which backs off
    in sleeps of up to 100 ms. Turns on other loops or processes (the page runs each turn in
    its own `asyncio.run`) still open their own: WAL, set by the saver's setup, lets readers
    through, and a writer waits up to `SQLITE_BUSY_S` for the lock instead of failing with
    "database is locked" after SQLite's 5 s."""
    import aiosqlite
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    loop = asyncio.get_running_loop()
    key = (id(loop), path)
    share = _SQLITE.get(key)
    if share is None:
        share = _SQLITE[key] = _SqliteShare(loop.create_future())
        try:
            share.conn = await aiosqlite.connect(path, timeout=SQLITE_BUSY_S)
            share.ready.set_result(AsyncSqliteSaver(share.conn))
        except BaseException as exc:
            del _SQLITE[key]
            share.ready.set_exception(exc)
            share.ready.exception()  # retrieved: turns waiting on it get it, none is left over
            raise
    share.users += 1
    try:
        yield await asyncio.shield(share.ready)
    finally:
        share.users -= 1
        if share.users == 0 and _SQLITE.get(key) is share:
            del _SQLITE[key]
            await share.conn.close()


@contextlib.asynccontextmanager
async def open_checkpointer(settings: Settings) -> AsyncIterator[Any]:
    """A LangGraph checkpointer for the running event loop; raises `StoreUnavailableError`
    (saying which database and how to fix it) when PostgreSQL cannot be reached."""
    if settings.database_url is None:
        async with _shared_sqlite(str(settings.threads_path)) as saver:
            yield saver
        return
    from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
    from psycopg.rows import dict_row
    from psycopg_pool import PoolTimeout

    dsn = _dsn(settings)
    pool = _fail_fast_pool_class()(
        dsn,
        min_size=1,
        max_size=POOL_MAX,
        open=False,
        timeout=CONNECT_TIMEOUT_S,
        kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row, **_LIBPQ},
    )
    try:
        await pool.open(wait=True, timeout=CONNECT_TIMEOUT_S)
    except (PoolTimeout, OSError) as exc:
        await pool.close()
        raise StoreUnavailableError(
            f"Conversation memory (PostgreSQL at {_where(dsn)}) is not reachable; "
            "start the database or unset DATABASE_URL to keep threads in SQLite."
        ) from exc
    try:
        if dsn not in _ready:
            await asyncio.to_thread(_setup, dsn)
        yield AsyncPostgresSaver(pool)  # type: ignore[arg-type]
    finally:
        await pool.close(timeout=CONNECT_TIMEOUT_S)


def _fail_fast_pool_class() -> type:
    import psycopg
    from psycopg_pool import AsyncConnectionPool, PoolTimeout
    from psycopg_pool.pool_async import AddConnection

    class FailFastPool(AsyncConnectionPool):
        """A connection lent for longer than `HOLD_TIMEOUT_S` is cut (its socket shut down:
        the operation waiting on it fails at once, the connection is broken and the pool
        discards it). Once a connection comes back broken (cut, or the server crashed or went
        away), every later request of this session fails at once instead of waiting for a
        reconnect: a turn reads and writes several checkpoints, and each would otherwise wait
        again."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.lost: str | None = None  # why this session's connection was lost
            self.cut = False  # a connection was cut for holding past `HOLD_TIMEOUT_S`
            self._watch: dict[int, asyncio.TimerHandle] = {}  # lent connections' timers

        @contextlib.asynccontextmanager
        async def connection(self, timeout: float | None = None) -> AsyncIterator[Any]:
            """As the pool's, but an operation ended by the hold timeout says so (psycopg
            reports only that the server closed the connection)."""
            try:
                async with super().connection(timeout) as conn:
                    yield conn
            except psycopg.OperationalError as exc:
                if self.cut:
                    raise StoreUnavailableError(f"{self.lost}") from exc
                raise

        async def getconn(self, timeout: float | None = None) -> Any:
            if self.lost:
                raise PoolTimeout(self.lost)
            conn = await super().getconn(timeout)
            loop = asyncio.get_running_loop()
            self._watch[id(conn)] = loop.call_later(HOLD_TIMEOUT_S, self._cut, conn)
            return conn

        async def putconn(self, conn: Any) -> None:
            handle = self._watch.pop(id(conn), None)
            if handle is not None:
                handle.cancel()
            if conn.broken and not self.lost:
                self.lost = "the connection to PostgreSQL was lost during this turn"
            await super().putconn(conn)

        def run_task(self, task: Any) -> None:
            """A lost session does not reconnect: its later requests fail at once anyway, and
            closing it must not wait for an attempt on a server that does not answer."""
            if self.lost and isinstance(task, AddConnection):
                return
            super().run_task(task)

        def _cut(self, conn: Any) -> None:
            self.cut = True
            self.lost = (
                f"PostgreSQL did not answer within {HOLD_TIMEOUT_S:g} s "
                "(the server is stopped, overloaded or unreachable)"
            )
            _cut(conn)

    return FailFastPool


def _cut(conn: Any) -> None:
    """Shut down `conn`'s socket: whatever waits on it wakes with an error, no cancel request
    is sent (a stopped server would not answer that either), and psycopg marks it broken."""
    with contextlib.suppress(Exception):  # already closed: nothing waits on it
        fd = os.dup(conn.fileno())
        with socket.socket(fileno=fd) as sock:
            sock.shutdown(socket.SHUT_RDWR)


@contextlib.contextmanager
def _cut_after(conn: Any, seconds: float) -> Iterator[None]:
    """The blocking-connection form of the pool's hold timeout."""
    timer = threading.Timer(seconds, _cut, (conn,))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def _setup(dsn: str) -> None:
    """Create or migrate the checkpoint tables, once per process and one replica at a time."""
    import psycopg
    from langgraph.checkpoint.postgres import PostgresSaver
    from psycopg.rows import dict_row

    with _setup_lock:
        if dsn in _ready:
            return
        with (
            psycopg.connect(dsn, autocommit=True, row_factory=dict_row, **_LIBPQ) as conn,
            _cut_after(conn, SETUP_TIMEOUT_S),
        ):
            conn.execute("SET statement_timeout = 0")
            conn.execute("SELECT pg_advisory_lock(%s)", (_SETUP_LOCK_KEY,))
            try:
                PostgresSaver(conn).setup()
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", (_SETUP_LOCK_KEY,))
        _ready.add(dsn)


def checkpoint_threads(settings: Settings, limit: int = 30) -> list[str]:
    """Thread ids the checkpointer remembers, most recently used first."""
    if settings.database_url is None:
        return _sqlite_threads(Path(settings.threads_path), limit)
    import psycopg

    try:
        with (
            psycopg.connect(_dsn(settings), **_LIBPQ) as conn,
            _cut_after(conn, HOLD_TIMEOUT_S),
        ):
            rows = conn.execute(
                "SELECT thread_id FROM checkpoints WHERE checkpoint_ns = '' "
                "GROUP BY thread_id ORDER BY max(checkpoint_id) DESC LIMIT %s",
                (limit,),
            ).fetchall()
    except psycopg.errors.UndefinedTable:  # no turn stored yet
        return []
    except psycopg.OperationalError:  # unreachable: the page lists no past threads
        return []
    return [r[0] for r in rows]


def _sqlite_threads(threads_db: Path, limit: int) -> list[str]:
    """Thread ids in LangGraph's SQLite checkpointer, most recently used first."""
    import sqlite3

    if not threads_db.exists():
        return []
    try:
        conn = sqlite3.connect(f"{threads_db.resolve().as_uri()}?mode=ro", uri=True)
        try:
            rows = conn.execute(
                "SELECT thread_id FROM checkpoints GROUP BY thread_id "
                "ORDER BY max(rowid) DESC LIMIT ?",
                (limit,),
            ).fetchall()
        finally:
            conn.close()
    except sqlite3.Error:  # no checkpoint table yet
        return []
    return [r[0] for r in rows]


def memory_errors() -> tuple[type[BaseException], ...]:
    """Exceptions that mean the checkpointer (not the agent) failed."""
    import sqlite3

    errors: list[type[BaseException]] = [StoreUnavailableError, sqlite3.Error]
    with contextlib.suppress(ImportError):
        import psycopg
        from psycopg_pool import PoolTimeout

        errors += [psycopg.Error, PoolTimeout]
    return tuple(errors)


def memory_notice(settings: Settings, exc: BaseException) -> str:
    """One line for the answer: which store failed and what that means for this turn."""
    if settings.database_url is not None:
        where = f"PostgreSQL at {_where(_dsn(settings))}"
    else:
        where = f"SQLite at {settings.threads_path}"
    reason = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
    return (
        f"Conversation memory ({where}) failed: {reason}. This answer did not use earlier "
        "turns and is not saved in the thread; it will be once the store is back."
    )
