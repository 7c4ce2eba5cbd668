"""The tool boundary: `ToolResult` and the guard that turns exceptions into results.

Inside a tool, problems are exceptions from `agentic_rag.errors`; what leaves a
tool is always a `ToolResult`. Rows are capped (count and characters) here,
before they can reach a prompt.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, Field

from agentic_rag.errors import QueryRefusedError, QueryTimeoutError

log = logging.getLogger(__name__)

MAX_ROWS = 50
MAX_RESULT_CHARS = 12_000
MAX_CELL_CHARS = 600


class ToolStatus(StrEnum):
    OK = "ok"
    EMPTY = "empty"
    ERROR = "error"
    TIMEOUT = "timeout"
    REFUSED = "refused"

    @property
    def failed(self) -> bool:
        return self in (ToolStatus.ERROR, ToolStatus.TIMEOUT, ToolStatus.REFUSED)


SourceKind = Literal["sql_row", "show", "graph_node", "url", "omdb"]


class SourceRef(BaseModel):
    """Where one piece of a result comes from, precise enough to cite."""

    kind: SourceKind
    ref: str = Field(description="table:pk, show_id, graph node id, URL or imdbID")
    label: str | None = Field(None, description="human label, usually a title")
    show_id: str | None = None
    detail: dict[str, Any] = Field(default_factory=dict)


class RepairAttempt(BaseModel):
    """One failed query and why it failed (Cypher self-repair)."""

    query: str
    error: str


class ToolResult(BaseModel):
    tool: str
    call_id: str
    status: ToolStatus
    rows: list[dict[str, Any]] = Field(default_factory=list)
    message: str = ""
    error: str | None = None
    elapsed_ms: float = 0.0
    truncated: bool = False
    sources: list[SourceRef] = Field(default_factory=list)
    untrusted: bool = Field(
        False, description="rows hold text from outside (web, OMDb, descriptions)"
    )
    query: str | None = Field(None, description="the query actually run, after guard rewrites")
    attempts: list[RepairAttempt] = Field(default_factory=list)
    cached: bool = False
    reused_from: str | None = Field(None, description="call id whose result this repeats")

    @property
    def ok(self) -> bool:
        return self.status in (ToolStatus.OK, ToolStatus.EMPTY)


FOLDED_SUFFIX = "_folded"


def cap_rows(
    rows: list[dict[str, Any]], max_rows: int = MAX_ROWS, max_chars: int = MAX_RESULT_CHARS
) -> tuple[list[dict[str, Any]], bool]:
    """Keep at most `max_rows` rows and about `max_chars` characters; long cells are cut.

    Folded matching keys (`name_folded`, `title_folded`, ...) are dropped from rows that hold
    anything else: results show the catalog's own spelling, never the key.
    """
    truncated = len(rows) > max_rows
    kept: list[dict[str, Any]] = []
    used = 0
    for row in rows[:max_rows]:
        clean = {}
        for key, value in row.items():
            if key.endswith(FOLDED_SUFFIX) and len(row) > 1:
                continue
            if isinstance(value, str) and len(value) > MAX_CELL_CHARS:
                value, truncated = value[:MAX_CELL_CHARS] + "…", True
            clean[key] = value
        size = len(json.dumps(clean, default=str, ensure_ascii=False))
        if kept and used + size > max_chars:
            truncated = True
            break
        kept.append(clean)
        used += size
    return kept, truncated


def error_result(
    tool: str, call_id: str, status: ToolStatus, message: str, **extra: Any
) -> ToolResult:
    return ToolResult(
        tool=tool, call_id=call_id, status=status, message=message, error=message, **extra
    )


async def guarded(
    tool: str,
    call_id: str,
    timeout_s: float,
    work: Callable[[], Awaitable[ToolResult]],
) -> ToolResult:
    """Run `work` under `timeout_s`; every exception becomes an error/timeout/refused result."""
    start = time.perf_counter()
    try:
        result = await asyncio.wait_for(work(), timeout=timeout_s)
    except QueryRefusedError as exc:
        result = error_result(tool, call_id, ToolStatus.REFUSED, str(exc))
    except (TimeoutError, QueryTimeoutError) as exc:
        msg = str(exc) or f"{tool} gave no answer within {timeout_s:g} s and was stopped."
        result = error_result(tool, call_id, ToolStatus.TIMEOUT, msg)
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # the boundary: nothing escapes a tool
        log.warning("tool %s failed", tool, exc_info=True)
        result = error_result(tool, call_id, ToolStatus.ERROR, f"{type(exc).__name__}: {exc}")
    result.elapsed_ms = round((time.perf_counter() - start) * 1000, 2)
    return result
