"""Where conversation checkpoints live: PostgreSQL when `DATABASE_URL` is set, else SQLite.

SQLite (`build_dir/threads.db`) is the embedded default: one process, one file. PostgreSQL is
what replicas share: a thread started on one app process continues on another. Each session
(one event loop: a page turn runs in its own `asyncio.run`) borrows connections from a small
psycopg pool opened for that loop; the tables are created once per process (`setup`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentic_rag.agent.memory.pg_connections import (
    CONNECT_TIMEOUT_S,
    HOLD_TIMEOUT_S,
    LIBPQ_OPTIONS,
    SETUP_TIMEOUT_S,
    cut_after,
    fail_fast_pool_class,
)
from agentic_rag.config import Settings
from agentic_rag.errors import StoreUnavailableError

#: connections one session may hold (one turn writes its checkpoints one after another)
POOL_MAX = 2
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
            share.ready.set_result(recording_saver(AsyncSqliteSaver)(share.conn))
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


@functools.cache
def recording_saver(saver_class: type) -> type:
    """`saver_class` whose failed writes are recorded per thread (`unsaved`) instead of
    raised. A turn is saved when it ends (durability "exit"), after its answer was streamed:
    a save failing then must not turn a finished answer into an error, and `run_turn` reports
    it. Failed reads still raise (the turn is then answered again without the memory)."""

    class RecordingSaver(saver_class):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.unsaved: dict[str, BaseException] = {}

        async def aput(self, config: Any, checkpoint: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return await super().aput(config, checkpoint, *args, **kwargs)
            except memory_errors() as exc:
                conf = config["configurable"]
                self.unsaved[conf["thread_id"]] = exc
                return {"configurable": {**conf, "checkpoint_id": checkpoint["id"]}}

        async def aput_writes(self, config: Any, *args: Any, **kwargs: Any) -> None:
            try:
                await super().aput_writes(config, *args, **kwargs)
            except memory_errors() as exc:
                self.unsaved[config["configurable"]["thread_id"]] = exc

    RecordingSaver.__name__ = f"Recording{saver_class.__name__}"
    return RecordingSaver


def pop_unsaved(saver: Any, thread_id: str) -> BaseException | None:
    """Why the turn just run on `thread_id` could not be saved, or None."""
    return getattr(saver, "unsaved", {}).pop(thread_id, None)


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
    pool = fail_fast_pool_class()(
        dsn,
        min_size=1,
        max_size=POOL_MAX,
        open=False,
        timeout=CONNECT_TIMEOUT_S,
        kwargs={
            "autocommit": True,
            "prepare_threshold": 0,
            "row_factory": dict_row,
            **LIBPQ_OPTIONS,
        },
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
        saver = recording_saver(AsyncPostgresSaver)(pool)
        # Each write in one transaction whose COMMIT goes out only after the server has
        # answered the statements (the saver's fallback where pipelines are unsupported). A
        # pipelined autocommit write is sent whole: cut off by a stopped server, it would
        # still land when the server resumes, saving a turn whose answer said it was not.
        saver.supports_pipeline = False
        yield saver
    finally:
        await pool.close(timeout=CONNECT_TIMEOUT_S)


async def delete_checkpoints(settings: Settings, thread_id: str) -> None:
    """Forget a thread's conversation memory (every checkpoint and pending write)."""
    async with open_checkpointer(settings) as saver:
        await saver.adelete_thread(thread_id)


def _setup(dsn: str) -> None:
    """Create or migrate the checkpoint tables, once per process and one replica at a time."""
    import psycopg
    from langgraph.checkpoint.postgres import PostgresSaver
    from psycopg.rows import dict_row

    with _setup_lock:
        if dsn in _ready:
            return
        with (
            psycopg.connect(dsn, autocommit=True, row_factory=dict_row, **LIBPQ_OPTIONS) as conn,
            cut_after(conn, SETUP_TIMEOUT_S),
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
            psycopg.connect(_dsn(settings), **LIBPQ_OPTIONS) as conn,
            cut_after(conn, HOLD_TIMEOUT_S),
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


def memory_notice(settings: Settings, exc: BaseException, *, history_used: bool = False) -> str:
    """One line for the answer: which store failed and what that means for this turn
    (`history_used`: the earlier turns were read, only saving this one failed)."""
    if settings.database_url is not None:
        where = f"PostgreSQL at {_where(_dsn(settings))}"
    else:
        where = f"SQLite at {settings.threads_path}"
    reason = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
    effect = (
        "This answer used the earlier turns but is not saved in the thread"
        if history_used
        else "This answer did not use earlier turns and is not saved in the thread"
    )
    return (
        f"Conversation memory ({where}) failed: {reason}. {effect}; turns are saved again "
        "once the store is back."
    )
