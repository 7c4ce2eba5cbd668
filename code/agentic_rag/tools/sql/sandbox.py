"""Where a guarded SELECT actually runs: a bounded SQLite connection inside a worker
process (`tools/sql/workers.py` starts, feeds and kills these processes).

Run as `python -m agentic_rag.tools.sql.sandbox`, it reads one JSON setup line (the
limits, the allowed functions, the memory caps) and then one JSON request per line, and
answers each with one JSON line. It imports only the standard library and
`agentic_rag.folding`, so a replacement worker starts in a fraction of a second.

Bounds inside the worker, on every connection:

- `Connection.setlimit`: `SQLITE_LIMIT_LENGTH` (100 KB per value or row), SQL length,
  columns, expression depth, compound SELECTs, function arguments, LIKE pattern length,
  VDBE program size, attached databases (0) and worker threads (0);
- `PRAGMA hard_heap_limit` (SQLite's own allocator) and `temp_store = MEMORY`, a bounded
  page cache and no mmap, so sorts, DISTINCT, GROUP BY and window functions never spill
  to temp files and fail with "out of memory" instead of growing; the process's address
  space is capped too (`RLIMIT_AS`), so memory SQLite does not count cannot grow either;
- an authorizer that allows only reading and only the allowed functions;
- a progress handler that stops the query at its deadline;
- rows fetched one at a time and counted in bytes as well as rows.

A call that ignores the deadline (one C function building a huge value) is the parent's
to stop: it kills the process.
"""

from __future__ import annotations

import contextlib
import json
import resource
import sqlite3
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentic_rag.errors import QueryRefusedError, QueryTimeoutError
from agentic_rag.folding import sql_fold

PROGRESS_STEPS = 1_000  # VM instructions between deadline checks
ALLOWED_ACTIONS = frozenset({sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_RECURSIVE})
#: SQLite asks for UPDATE on the schema table while it connects a virtual table (FTS5,
#: json_each), and FTS5 reads `PRAGMA data_version`. Nothing can be written: the
#: connection is `mode=ro` and the guard has refused every write and PRAGMA already.
SCHEMA_TABLES = frozenset({"sqlite_master", "sqlite_schema", "sqlite_temp_master"})
READ_PRAGMAS = frozenset({"data_version"})


@dataclass
class Setup:
    """What the parent tells a worker once, when it starts it."""

    limits: dict[str, int]
    functions: frozenset[str]
    heap_bytes: int
    cache_kib: int
    address_space_bytes: int


@dataclass
class Fetched:
    """Rows as dicts, and whether the byte budget cut them."""

    rows: list[dict[str, Any]]
    cut_by_bytes: bool = False


@dataclass
class Sandbox:
    """One query's authorizer: only reading, only the allowed functions."""

    functions: frozenset[str]
    denied: list[str] = field(default_factory=list)

    def authorize(
        self, action: int, arg1: str | None, arg2: str | None, _db: str | None, _t: str | None
    ) -> int:
        if action == sqlite3.SQLITE_FUNCTION:
            name = (arg2 or "").lower()
            if name in self.functions:
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


def open_bounded(path: Path, setup: Setup, box: Sandbox) -> sqlite3.Connection:
    """A `mode=ro` connection with every engine limit of `setup` set and read back."""
    conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
    conn.create_function("fold", 1, sql_fold, deterministic=True)
    conn.execute(f"PRAGMA hard_heap_limit = {int(setup.heap_bytes)}")
    conn.execute("PRAGMA temp_store = MEMORY")
    conn.execute(f"PRAGMA cache_size = -{int(setup.cache_kib)}")
    conn.execute("PRAGMA mmap_size = 0")
    for name, value in setup.limits.items():
        code = getattr(sqlite3, name)
        conn.setlimit(code, value)
        if conn.getlimit(code) > value:
            raise RuntimeError(f"SQLite kept {name} above {value}; the SQL tool cannot run")
    conn.set_authorizer(box.authorize)
    return conn


def execute_readonly(
    path: Path, sql: str, limit: int, timeout_s: float, max_bytes: int, setup: Setup
) -> Fetched:
    """Run `sql` on a fresh bounded connection; fetch at most `limit + 1` rows and
    `max_bytes` of cells."""
    box = Sandbox(setup.functions)
    deadline = time.monotonic() + timeout_s
    timed_out = False

    def progress() -> int:
        nonlocal timed_out
        if time.monotonic() > deadline:
            timed_out = True
            return 1
        return 0

    conn = open_bounded(path, setup, box)
    try:
        conn.set_progress_handler(progress, PROGRESS_STEPS)
        try:
            cursor = conn.execute(sql)
            names = _column_names([d[0] for d in cursor.description or ()])
            return _fetch(cursor, names, limit + 1, max_bytes)
        except sqlite3.OperationalError as exc:
            if timed_out or (time.monotonic() > deadline and "interrupt" in str(exc)):
                raise QueryTimeoutError(timeout_message(timeout_s)) from exc
            if box.denied and "not authorized" in str(exc):
                raise QueryRefusedError(_denied_message(box.denied)) from exc
            if "out of memory" in str(exc).lower():
                raise MemoryError from exc
            raise
        except MemoryError as exc:
            raise QueryRefusedError(memory_message(setup.heap_bytes)) from exc
    finally:
        conn.close()


def timeout_message(timeout_s: float) -> str:
    return f"SQL query ran past {timeout_s:g} s and was stopped; add filters or a LIMIT"


def memory_message(heap_bytes: int) -> str:
    return (
        f"The query needs more than {heap_bytes // 2**20} MB of working memory (large sorts, "
        "DISTINCT, window functions or joins over long values) and was stopped; filter "
        "first, select shorter values or aggregate."
    )


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


def answer(request: dict[str, Any], setup: Setup) -> dict[str, Any]:
    """One request as one JSON-able reply: rows, or an error kind and its message."""
    try:
        fetched = execute_readonly(
            Path(request["path"]),
            request["sql"],
            int(request["limit"]),
            float(request["timeout_s"]),
            int(request["max_bytes"]),
            setup,
        )
    except QueryTimeoutError as exc:
        return {"error": "timeout", "message": str(exc)}
    except QueryRefusedError as exc:
        return {"error": "refused", "message": str(exc)}
    except sqlite3.Error as exc:
        name = getattr(exc, "sqlite_errorname", "") or ""
        return {"error": "sqlite", "message": str(exc), "errorname": name}
    except MemoryError:
        return {"error": "refused", "message": memory_message(setup.heap_bytes)}
    return {"rows": fetched.rows, "cut_by_bytes": fetched.cut_by_bytes}


def serve() -> None:
    """The worker's loop: a setup line, then requests until stdin closes."""
    raw = json.loads(sys.stdin.readline())
    setup = Setup(
        limits=dict(raw["limits"]),
        functions=frozenset(raw["functions"]),
        heap_bytes=int(raw["heap_bytes"]),
        cache_kib=int(raw["cache_kib"]),
        address_space_bytes=int(raw["address_space_bytes"]),
    )
    with contextlib.suppress(ValueError, OSError):  # not every platform has RLIMIT_AS
        cap = setup.address_space_bytes
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    for line in sys.stdin:
        try:
            reply = answer(json.loads(line), setup)
        except MemoryError:
            reply = {"error": "refused", "message": memory_message(setup.heap_bytes)}
        sys.stdout.write(json.dumps(reply, default=str) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve()
