"""Append-only JSON-lines audit log of every SQL and Cypher query a tool ran or refused."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime
from pathlib import Path


class AuditLog:
    """One line per query: time, tool, query, status, rows, ms (and the error, if any)."""

    def __init__(self, path: Path | None):
        self.path = Path(path) if path else None
        self._lock = threading.Lock()

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
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("ab") as fh:
                fh.write(data)

    def entries(self) -> list[dict]:
        if self.path is None or not self.path.exists():
            return []
        return [
            json.loads(line) for line in self.path.read_text(encoding="utf-8").splitlines() if line
        ]
