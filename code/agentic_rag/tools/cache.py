"""A small SQLite-backed TTL cache for tool results (web, OMDb, semantic search).

Keys are sha256 hashes of the tool name plus its normalised arguments, so
`" Inception "` and `"inception"` hit the same entry. Values are JSON dicts.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agentic_rag.redaction import redact_value
from agentic_rag.tools.base import SourceRef, ToolResult, ToolStatus

if TYPE_CHECKING:
    from agentic_rag.config import Settings

log = logging.getLogger(__name__)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS cache (
    key TEXT PRIMARY KEY,
    tool TEXT NOT NULL,
    value TEXT NOT NULL,
    expires_at REAL NOT NULL
)
"""


def _normalise(value: Any) -> Any:
    """Strip, case-fold and collapse whitespace in strings; drop None values (recursively)."""
    if isinstance(value, str):
        return " ".join(value.split()).casefold()
    if isinstance(value, dict):
        return {str(k): _normalise(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_normalise(v) for v in value]
    return value


def key_for(tool: str, args: dict[str, Any]) -> str:
    """The cache key of one tool call: sha256 of the tool name and its normalised arguments."""
    payload = json.dumps(_normalise(args), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(f"{tool}\n{payload}".encode()).hexdigest()


class TTLCache:
    """Thread-safe key/value cache in one SQLite table; entries expire after their TTL."""

    def __init__(self, path: Path | str = ":memory:", now: Callable[[], float] = time.time):
        self.path = str(path)
        self._now = now
        self._lock = threading.Lock()
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._conn = sqlite3.connect(self.path, check_same_thread=False, timeout=5.0)
        with self._lock, self._conn:
            self._conn.execute(_SCHEMA)

    @classmethod
    def from_settings(cls, settings: Settings) -> TTLCache:
        return cls(settings.cache_path)

    def get(self, tool: str, args: dict[str, Any]) -> dict[str, Any] | None:
        """The stored value, or None when missing or expired (expired entries are deleted)."""
        key = key_for(tool, args)
        with self._lock:
            row = self._conn.execute(
                "SELECT value, expires_at FROM cache WHERE key = ?", (key,)
            ).fetchone()
            if row is None:
                return None
            value, expires_at = row
            if expires_at <= self._now():
                with contextlib.suppress(sqlite3.OperationalError), self._conn:
                    self._conn.execute("DELETE FROM cache WHERE key = ?", (key,))
                return None
        try:
            loaded = json.loads(value)
        except ValueError:
            log.warning("dropping an unreadable cache entry for %s", tool)
            self._delete(key)
            return None
        return loaded if isinstance(loaded, dict) else None

    def set(self, tool: str, args: dict[str, Any], value: dict[str, Any], ttl_s: int) -> None:
        """Store `value` for `ttl_s` seconds; a TTL of 0 (or less) stores nothing."""
        if ttl_s <= 0:
            return
        text = json.dumps(redact_value(value), ensure_ascii=False, default=str)
        try:
            with self._lock, self._conn:
                self._conn.execute(
                    "INSERT OR REPLACE INTO cache (key, tool, value, expires_at) "
                    "VALUES (?, ?, ?, ?)",
                    (key_for(tool, args), tool, text, self._now() + ttl_s),
                )
        except sqlite3.OperationalError as exc:  # full or read-only disk: a cache is optional
            log.warning("cache entry for %s not stored: %s", tool, exc)

    def clear(self) -> None:
        with self._lock, self._conn:
            self._conn.execute("DELETE FROM cache")

    def purge_expired(self) -> int:
        """Delete every expired entry; returns how many were deleted."""
        with self._lock, self._conn:
            cur = self._conn.execute("DELETE FROM cache WHERE expires_at <= ?", (self._now(),))
            return cur.rowcount

    def __len__(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT COUNT(*) FROM cache").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def _delete(self, key: str) -> None:
        with self._lock, self._conn:
            self._conn.execute("DELETE FROM cache WHERE key = ?", (key,))


def cached_result(
    cache: TTLCache | None, tool: str, args: dict[str, Any], call_id: str
) -> ToolResult | None:
    """A cached OK result of `tool` for `args`, rebuilt for this call (cached=True), or None."""
    if cache is None:
        return None
    try:
        hit = cache.get(tool, args)
        if hit is None:
            return None
        return ToolResult(
            tool=tool,
            call_id=call_id,
            status=ToolStatus.OK,
            rows=hit.get("rows", []),
            message=hit.get("message", ""),
            truncated=bool(hit.get("truncated", False)),
            sources=[SourceRef.model_validate(s) for s in hit.get("sources", [])],
            untrusted=bool(hit.get("untrusted", True)),
            query=hit.get("query"),
            cached=True,
        )
    except Exception as exc:  # a broken cache must never break a tool
        log.warning("cache lookup for %s failed: %s", tool, type(exc).__name__)
        return None


def store_result(
    cache: TTLCache | None, tool: str, args: dict[str, Any], result: ToolResult, ttl_s: int
) -> None:
    """Keep an OK result (rows, sources, message) for `ttl_s` seconds; other statuses are not."""
    if cache is None or result.status is not ToolStatus.OK:
        return
    value = result.model_dump(
        mode="json", include={"rows", "message", "truncated", "sources", "untrusted", "query"}
    )
    try:
        cache.set(tool, args, value, ttl_s)
    except Exception as exc:
        log.warning("cache store for %s failed: %s", tool, type(exc).__name__)
