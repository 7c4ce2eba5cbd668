"""Append-only JSON-lines audit log of every SQL and Cypher query a tool ran or refused."""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import threading
from datetime import UTC, datetime
from pathlib import Path

log = logging.getLogger(__name__)


def _append_whole(path: Path, data: bytes) -> None:
    """Append `data` entirely or not at all: a short write (full disk) is cut off again, so the
    file never ends in a torn line."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        size = os.fstat(fd).st_size
        try:
            written = os.write(fd, data)
            if written != len(data):
                raise OSError(errno.ENOSPC, "short write")
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, size)
            raise
    finally:
        os.close(fd)


class AuditLog:
    """One line per query: time, tool, query, status, rows, ms (and the error, if any).

    Best effort: a full or read-only disk loses audit lines (counted in `dropped`, logged once
    per failure), never the query's answer."""

    def __init__(self, path: Path | None):
        self.path = Path(path) if path else None
        self._lock = threading.Lock()
        self.dropped = 0

    def record(
        self,
        tool: str,
        query: str,
        status: str,
        rows: int = 0,
        ms: float = 0.0,
        error: str | None = None,
    ) -> None:
        if self.path is None:
            return
        entry = {
            "time": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "tool": tool,
            "query": query,
            "status": status,
            "rows": rows,
            "ms": round(ms, 2),
        }
        if error:
            entry["error"] = error[:500]
        data = (json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8", "replace")
        with self._lock:  # encoded first: a bad character never leaves a torn or empty file
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                _append_whole(self.path, data)
            except OSError as exc:
                self.dropped += 1
                log.warning("audit line not written to %s: %s", self.path, exc)

    def entries(self) -> list[dict]:
        if self.path is None or not self.path.exists():
            return []
        return [
            json.loads(line) for line in self.path.read_text(encoding="utf-8").splitlines() if line
        ]
