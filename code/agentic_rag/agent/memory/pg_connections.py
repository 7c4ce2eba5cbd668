"""PostgreSQL connections that cannot hold a turn: libpq timeouts on every connection, and a
pool that cuts a connection lent for too long.

A stopped server (SIGSTOP, a frozen VM) still has its kernel accept and acknowledge, so no
TCP timeout fires and psycopg would wait on the socket forever; cancelling the wait would send a
cancel request the server does not answer either. Cutting the socket (shutdown) wakes the
waiting operation with an error at once, and psycopg marks the connection broken.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import threading
from collections.abc import AsyncIterator, Iterator
from typing import Any

from agentic_rag.errors import StoreUnavailableError

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
LIBPQ_OPTIONS = {
    "connect_timeout": int(CONNECT_TIMEOUT_S),
    "tcp_user_timeout": int(HOLD_TIMEOUT_S * 1000),
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 5,
    "keepalives_count": 2,
    "options": f"-c statement_timeout={int(STATEMENT_TIMEOUT_S * 1000)}",
}


def fail_fast_pool_class() -> type:
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
def cut_after(conn: Any, seconds: float) -> Iterator[None]:
    """The blocking-connection form of the pool's hold timeout."""
    timer = threading.Timer(seconds, _cut, (conn,))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
