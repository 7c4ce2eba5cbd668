"""Worker processes for SQL queries: a runaway query is a process that gets killed.

SQLite's interrupt is checked between VM steps, so one C call that builds a huge value
(or a sort the heap limit does not see) can run on after its deadline. Every query
therefore runs in a worker process (`tools/sql/sandbox.py`); the parent waits for the
reply until the deadline plus `KILL_GRACE_S`, then kills the worker and answers
`timeout`. A killed worker's slot is free at once and a replacement is started in the
background, so the queries of other turns never wait on a runaway: up to `MAX_WORKERS`
queries run at once, a runaway holds a slot at most its deadline plus the grace, and
`WARM_WORKERS` idle workers are kept started.

A caller that gives up (its task is cancelled) kills its worker the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import select
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentic_rag.errors import QueryRefusedError, QueryTimeoutError
from agentic_rag.tools.sql.guard import ALLOWED_FUNCTIONS, MAX_VALUE_BYTES
from agentic_rag.tools.sql.sandbox import Fetched, timeout_message

MAX_WORKERS = 16  # queries running at once, each in its own process
WARM_WORKERS = 2  # idle workers kept started
KILL_GRACE_S = 0.5  # a worker still busy this long after its deadline is killed
HEAP_LIMIT_BYTES = 256 * 1024 * 1024  # SQLite's hard heap limit in each worker
ADDRESS_SPACE_BYTES = 768 * 1024 * 1024  # RLIMIT_AS of each worker (Python + SQLite)
CACHE_KIB = 8 * 1024  # page cache per connection
MAX_FETCH_BYTES = 1_000_000  # bytes of cells materialised per query, whatever the row count
LIMITS: dict[str, int] = {
    "SQLITE_LIMIT_LENGTH": MAX_VALUE_BYTES,
    "SQLITE_LIMIT_SQL_LENGTH": 100_000,
    "SQLITE_LIMIT_LIKE_PATTERN_LENGTH": 1_000,
    "SQLITE_LIMIT_COLUMN": 64,
    "SQLITE_LIMIT_FUNCTION_ARG": 16,
    "SQLITE_LIMIT_EXPR_DEPTH": 200,
    "SQLITE_LIMIT_COMPOUND_SELECT": 50,
    "SQLITE_LIMIT_VDBE_OP": 250_000,
    "SQLITE_LIMIT_ATTACHED": 0,
    "SQLITE_LIMIT_TRIGGER_DEPTH": 1,
    "SQLITE_LIMIT_VARIABLE_NUMBER": 100,
    "SQLITE_LIMIT_WORKER_THREADS": 0,
}


@dataclass(frozen=True)
class QueryRequest:
    path: Path
    sql: str
    limit: int
    timeout_s: float
    max_bytes: int = MAX_FETCH_BYTES

    def line(self) -> bytes:
        body = {**self.__dict__, "path": str(self.path)}
        return (json.dumps(body) + "\n").encode()


def _setup_line() -> bytes:
    setup = {
        "limits": LIMITS,
        "functions": sorted(ALLOWED_FUNCTIONS),
        "heap_bytes": HEAP_LIMIT_BYTES,
        "cache_kib": CACHE_KIB,
        "address_space_bytes": ADDRESS_SPACE_BYTES,
    }
    return (json.dumps(setup) + "\n").encode()


class Worker:
    """One worker process and its pipes."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "agentic_rag.tools.sql.sandbox"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            start_new_session=True,  # a Ctrl-C of the app is the app's, not the worker's
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self._in, self._out = self.proc.stdin, self.proc.stdout
        self._in.write(_setup_line())
        self._in.flush()
        self._buffer = b""

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.poll() is None

    def ask(self, request: QueryRequest, wait_s: float) -> dict[str, Any] | None:
        """Send one request; its reply, or None if none came within `wait_s` (or the
        worker died)."""
        try:
            self._in.write(request.line())
            self._in.flush()
        except OSError:
            return None
        fd = self._out.fileno()
        until = time.monotonic() + wait_s
        while b"\n" not in self._buffer:
            left = until - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                return None
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return None
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return json.loads(line)

    def kill(self) -> None:
        with contextlib.suppress(OSError):
            self.proc.kill()
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            self.proc.wait(timeout=5)
        for pipe in (self._in, self._out):
            with contextlib.suppress(OSError):
                pipe.close()


class WorkerPool:
    """At most `size` workers; idle ones are reused, overrun ones killed and replaced."""

    def __init__(self, size: int = MAX_WORKERS, warm: int = WARM_WORKERS) -> None:
        self.size, self.warm = size, warm
        self._idle: list[Worker] = []
        self._live = 0
        self._cond = threading.Condition()
        self.killed = 0

    def acquire(self, wait_s: float) -> Worker:
        until = time.monotonic() + wait_s
        with self._cond:
            while True:
                while self._idle:
                    worker = self._idle.pop()
                    if worker.alive():
                        self._start_top_up()
                        return worker
                    self._live -= 1
                if self._live < self.size:
                    self._live += 1
                    break
                left = until - time.monotonic()
                if left <= 0:
                    raise QueryTimeoutError(
                        f"{self.size} SQL queries are running; try again in a few seconds."
                    )
                self._cond.wait(left)
        try:
            return Worker()
        except BaseException:
            self._forget()
            raise

    def release(self, worker: Worker, healthy: bool) -> None:
        if healthy and worker.alive():
            with self._cond:
                self._idle.append(worker)
                self._cond.notify()
            return
        worker.kill()
        self.killed += 1
        self._forget()
        self._start_top_up()

    def _start_top_up(self) -> None:
        threading.Thread(target=self._top_up, name="sql-worker-start", daemon=True).start()

    def _forget(self) -> None:
        with self._cond:
            self._live -= 1
            self._cond.notify()

    def _top_up(self) -> None:
        with self._cond:
            if len(self._idle) >= self.warm or self._live >= self.size:
                return
            self._live += 1
        try:
            worker = Worker()
        except OSError:
            self._forget()
            return
        self.release(worker, healthy=True)

    def pids(self) -> list[int]:
        """Pids of the idle workers (for tests and the bench)."""
        with self._cond:
            return [w.pid for w in self._idle]

    def close(self) -> None:
        with self._cond:
            idle, self._idle = self._idle, []
            self._live -= len(idle)
        for worker in idle:
            worker.kill()


POOL = WorkerPool()


def _reply_to_result(reply: dict[str, Any]) -> Fetched:
    error = reply.get("error")
    if error is None:
        return Fetched(reply["rows"], bool(reply.get("cut_by_bytes")))
    if error == "timeout":
        raise QueryTimeoutError(reply["message"])
    if error == "refused":
        raise QueryRefusedError(reply["message"])
    exc = sqlite3.OperationalError(reply["message"])
    exc.sqlite_errorname = reply.get("errorname", "")
    raise exc


def run_blocking(
    request: QueryRequest, slot_wait_s: float, holder: list[Worker], pool: WorkerPool | None = None
) -> Fetched:
    """Run one request on a pooled worker (blocking). The worker is put in `holder` so a
    caller that gives up can kill it."""
    pool = pool or POOL
    worker = pool.acquire(slot_wait_s)
    holder.append(worker)
    reply = worker.ask(request, request.timeout_s + KILL_GRACE_S)
    pool.release(worker, healthy=reply is not None)
    if reply is None:
        raise QueryTimeoutError(timeout_message(request.timeout_s))
    return _reply_to_result(reply)


async def run_query(request: QueryRequest, slot_wait_s: float) -> Fetched:
    """Run one request on a worker without blocking the event loop or its executor; a
    cancelled caller kills the worker."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[Fetched] = loop.create_future()
    holder: list[Worker] = []

    def deliver(value: Fetched | None, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)  # type: ignore[arg-type]

    def target() -> None:
        value: Fetched | None = None
        error: BaseException | None = None
        try:
            value = run_blocking(request, slot_wait_s, holder)
        except BaseException as exc:  # handed to the awaiting coroutine
            error = exc
        with contextlib.suppress(RuntimeError):  # the loop closed: nobody is waiting
            loop.call_soon_threadsafe(deliver, value, error)

    threading.Thread(target=target, name="sql-query", daemon=True).start()
    try:
        return await asyncio.shield(future)
    except asyncio.CancelledError:
        future.cancel()
        for worker in holder:
            worker.kill()  # the thread sees the pipe close and releases the slot
        raise


def live_queries() -> int:
    """SQL queries in flight now (for tests and the bench)."""
    return sum(1 for t in threading.enumerate() if t.name == "sql-query" and t.is_alive())
