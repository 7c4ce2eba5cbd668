"""Where a guarded SELECT actually runs: a bounded SQLite connection on a thread of its own.

Bounds on the work itself, so that no single query, and no single function call
inside it, can outrun its deadline or its memory:

- `SQLITE_LIMIT_LENGTH` (100 KB per value or row): string building inside one call to
  `printf`/`instr`/`replace` stays under a fraction of a second, since the progress
  handler cannot interrupt a call that is already running;
- `SQLITE_LIMIT_LIKE_PATTERN_LENGTH`, `SQLITE_LIMIT_COLUMN`, `SQLITE_LIMIT_FUNCTION_ARG`,
  `SQLITE_LIMIT_EXPR_DEPTH`, `SQLITE_LIMIT_COMPOUND_SELECT`, `SQLITE_LIMIT_ATTACHED` = 0;
- `temp_store = MEMORY` under the process's hard heap limit: sorts, DISTINCT and GROUP BY
  never spill to temp files, and a query that needs more than `HEAP_LIMIT_BYTES` of
  SQLite memory fails with "out of memory" instead of growing;
- an authorizer that allows only reading and only the functions in `ALLOWED_FUNCTIONS`;
- rows are fetched one at a time and counted in bytes as well as rows
  (`MAX_FETCH_BYTES`), so a cap can stop before the first row is materialised.

Isolation: every query runs on its own daemon thread, never on the event loop's
shared executor, so an abandoned query cannot occupy a worker that another tool
needs. When the caller gives up, the query is interrupted (`sqlite3_interrupt`)
and its thread ends at the next VM step; at most `MAX_LIVE_QUERIES` run at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentic_rag.errors import QueryRefusedError, QueryTimeoutError
from agentic_rag.stores.handles import connect_readonly
from agentic_rag.tools.sql.guard import ALLOWED_FUNCTIONS, MAX_VALUE_BYTES

PROGRESS_STEPS = 1_000  # VM instructions between deadline checks
MAX_FETCH_BYTES = 1_000_000  # bytes of cells materialised per query, whatever the row count
HEAP_LIMIT_BYTES = 256 * 1024 * 1024  # process-wide SQLite hard heap limit
MAX_LIVE_QUERIES = 8  # query threads alive at once (running or being interrupted)
LIMITS: dict[str, int] = {
    "SQLITE_LIMIT_LENGTH": MAX_VALUE_BYTES,
    "SQLITE_LIMIT_LIKE_PATTERN_LENGTH": 1_000,
    "SQLITE_LIMIT_COLUMN": 64,
    "SQLITE_LIMIT_FUNCTION_ARG": 16,
    "SQLITE_LIMIT_EXPR_DEPTH": 200,
    "SQLITE_LIMIT_COMPOUND_SELECT": 50,
    "SQLITE_LIMIT_ATTACHED": 0,
}
ALLOWED_ACTIONS = frozenset({sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_RECURSIVE})
#: SQLite asks for UPDATE on the schema table while it connects a virtual table (FTS5,
#: json_each), and FTS5 reads `PRAGMA data_version`. Nothing can be written: the
#: connection is `mode=ro` and the guard has refused every write and PRAGMA already.
SCHEMA_TABLES = frozenset({"sqlite_master", "sqlite_schema", "sqlite_temp_master"})
READ_PRAGMAS = frozenset({"data_version"})

_SLOTS = threading.BoundedSemaphore(MAX_LIVE_QUERIES)
_heap_limited = False


@dataclass
class Fetched:
    """Rows as dicts, and whether the byte budget cut them."""

    rows: list[dict[str, Any]]
    cut_by_bytes: bool = False


class Sandbox:
    """One query's connection state, shared with the caller so it can interrupt it."""

    def __init__(self) -> None:
        self.cancel = threading.Event()
        self.denied: list[str] = []
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    def interrupt(self) -> None:
        self.cancel.set()
        with self._lock:
            if self._conn is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._conn.interrupt()

    def authorize(
        self, action: int, arg1: str | None, arg2: str | None, _db: str | None, _t: str | None
    ) -> int:
        if action == sqlite3.SQLITE_FUNCTION:
            name = (arg2 or "").lower()
            if name in ALLOWED_FUNCTIONS:
                return sqlite3.SQLITE_OK
            self.denied.append(name)
            return sqlite3.SQLITE_DENY
        if action in ALLOWED_ACTIONS:
            return sqlite3.SQLITE_OK
        if action == sqlite3.SQLITE_UPDATE and (arg1 or "").lower() in SCHEMA_TABLES:
            return sqlite3.SQLITE_OK
        if action == sqlite3.SQLITE_PRAGMA and (arg1 or "").lower() in READ_PRAGMAS and not arg2:
            return sqlite3.SQLITE_OK
        return sqlite3.SQLITE_DENY

    def open(self, path: Path) -> sqlite3.Connection:
        conn = connect_readonly(path)
        _limit_heap(conn)
        conn.execute("PRAGMA temp_store = MEMORY")
        for name, value in LIMITS.items():
            code = getattr(sqlite3, name, None)
            if code is not None:
                conn.setlimit(code, value)
        conn.set_authorizer(self.authorize)
        with self._lock:
            self._conn = conn
        return conn

    def close(self) -> None:
        with self._lock:
            conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()


def _limit_heap(conn: sqlite3.Connection) -> None:
    """Set the process-wide SQLite hard heap limit once (the pragma can only lower it)."""
    global _heap_limited
    if not _heap_limited:
        current = conn.execute("PRAGMA hard_heap_limit").fetchone()[0]
        if not current or current > HEAP_LIMIT_BYTES:
            conn.execute(f"PRAGMA hard_heap_limit = {HEAP_LIMIT_BYTES}")
        _heap_limited = True


def execute_readonly(
    path: Path,
    sql: str,
    limit: int,
    timeout_s: float,
    sandbox: Sandbox | None = None,
    max_bytes: int = MAX_FETCH_BYTES,
) -> Fetched:
    """Run `sql` in a fresh sandboxed connection; fetch at most `limit + 1` rows and
    `max_bytes` of cells (blocking; call it through `run_isolated`)."""
    box = sandbox or Sandbox()
    deadline = time.monotonic() + timeout_s
    timed_out = False

    def progress() -> int:
        nonlocal timed_out
        if box.cancel.is_set():
            return 1
        if time.monotonic() > deadline:
            timed_out = True
            return 1
        return 0

    conn = box.open(path)
    try:
        conn.set_progress_handler(progress, PROGRESS_STEPS)
        try:
            cursor = conn.execute(sql)
            names = _column_names([d[0] for d in cursor.description or ()])
            return _fetch(cursor, names, limit + 1, max_bytes)
        except sqlite3.OperationalError as exc:
            if timed_out or (time.monotonic() > deadline and "interrupt" in str(exc)):
                raise QueryTimeoutError(
                    f"SQL query ran past {timeout_s:g} s and was stopped; add filters or a LIMIT"
                ) from exc
            if box.denied and "not authorized" in str(exc):
                raise QueryRefusedError(_denied_message(box.denied)) from exc
            raise
        except MemoryError as exc:
            raise QueryRefusedError(
                f"The query needs more than {HEAP_LIMIT_BYTES // 2**20} MB of working memory "
                "(large sorts, DISTINCT or joins over long values) and was stopped; filter "
                "first, select shorter values or aggregate."
            ) from exc
    finally:
        box.close()


def _denied_message(names: Sequence[str]) -> str:
    shown = ", ".join(f"{n}()" for n in dict.fromkeys(names))
    return f"The function {shown} is not allowed in catalog queries; use standard SQL functions."


def _fetch(cursor: sqlite3.Cursor, names: list[str], most: int, max_bytes: int) -> Fetched:
    rows: list[dict[str, Any]] = []
    used = 0
    while len(rows) < most:
        raw = cursor.fetchone()
        if raw is None:
            break
        used += sum(_size(v) for v in raw)
        if used > max_bytes:
            return Fetched(rows, cut_by_bytes=True)
        rows.append(dict(zip(names, map(_cell, raw), strict=True)))
    return Fetched(rows)


def _size(value: Any) -> int:
    if isinstance(value, str | bytes):
        return len(value)
    return 8


def _column_names(names: Sequence[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}_{seen[name]}")
    return out


def _cell(value: Any) -> Any:
    if isinstance(value, bytes | bytearray | memoryview):
        data = bytes(value)
        return data.hex() if len(data) <= 32 else f"<{len(data)}-byte blob>"
    return value


async def run_isolated[T](
    work: Callable[[], T], on_abandon: Callable[[], None], wait_s: float
) -> T:
    """Run blocking `work` on a new daemon thread (never the loop's shared executor).

    If the caller is cancelled, `on_abandon` runs (it interrupts the query) and the
    thread's slot is released when the thread really ends. Waits at most `wait_s` for
    a free slot, then raises `QueryTimeoutError`.
    """
    waited_until = time.monotonic() + wait_s
    while not _SLOTS.acquire(blocking=False):  # polled: the shared executor may be busy
        if time.monotonic() >= waited_until:
            raise QueryTimeoutError(
                f"{MAX_LIVE_QUERIES} SQL queries are still being stopped; try again shortly."
            )
        await asyncio.sleep(0.02)
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()

    def deliver(value: Any, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)

    def target() -> None:
        value: Any = None
        error: BaseException | None = None
        try:
            value = work()
        except BaseException as exc:  # handed to the awaiting coroutine
            error = exc
        finally:
            _SLOTS.release()
        with contextlib.suppress(RuntimeError):  # the loop closed: nobody is waiting
            loop.call_soon_threadsafe(deliver, value, error)

    threading.Thread(target=target, name="sql-query", daemon=True).start()
    try:
        return await asyncio.shield(future)
    except asyncio.CancelledError:
        future.cancel()  # whatever the thread delivers later is dropped, never logged
        on_abandon()
        raise
