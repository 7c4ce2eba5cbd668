"""The `sql` tool: one guarded, read-only, time-boxed SELECT against the SQLite catalog.

Layers: the static guard (`tools/sql/guard.py: check_sql`: one SELECT, allowed functions, a
LIMIT), then the sandbox (`tools/sql/sandbox.py`: a `mode=ro` connection with SQLite limits,
an authorizer, a heap bound, a byte-capped fetch and a deadline) in a worker process
that is killed if it overruns (`tools/sql/workers.py`).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from agentic_rag.errors import QueryRefusedError, QueryTimeoutError
from agentic_rag.stores.handles import connect_readonly
from agentic_rag.tools.base import (
    SourceRef,
    ToolResult,
    ToolStatus,
    cap_rows,
    error_result,
    guarded,
)
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.sql.guard import MAX_VALUE_BYTES, GuardedSql, check_sql
from agentic_rag.tools.sql.sandbox import Fetched
from agentic_rag.tools.sql.workers import MAX_FETCH_BYTES, QueryRequest, run_query

TOOL = "sql"
HARD_CAP = 200
SHADOW_SUFFIXES = ("_data", "_idx", "_content", "_docsize", "_config", "_segdir", "_segments")
#: Columns that identify a catalog row: (column, table, column holding its label).
ROW_KEYS = (
    ("show_id", "shows", "title"),
    ("person_id", "people", "name"),
    ("genre_id", "genres", "name"),
    ("country_id", "countries", "name"),
)


class SqlArgs(BaseModel):
    """Run one read-only SQLite SELECT over the catalog."""

    query: str = Field(
        description=(
            "One SQLite SELECT (WITH and UNION allowed) over the catalog tables; no writes, "
            "PRAGMA or ATTACH. Select show_id and title so results can be cited. A LIMIT is "
            "added when missing and capped at 200."
        )
    )
    max_rows: int = Field(50, ge=1, le=HARD_CAP, description="Rows wanted when no LIMIT is given.")


def load_schema(path: Path) -> dict[str, list[str]]:
    """Tables and their columns from the live catalog (cached per file and modification time)."""
    resolved = Path(path).resolve()
    cached = _schema(str(resolved), resolved.stat().st_mtime_ns)
    return {name: list(cols) for name, cols in cached}


@lru_cache(maxsize=8)
def _schema(path: str, _mtime_ns: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    conn = connect_readonly(Path(path))
    try:
        rows = conn.execute(
            "SELECT name, coalesce(sql, '') FROM sqlite_master "
            "WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite%' ORDER BY rowid"
        ).fetchall()
        virtual = {n for n, s in rows if s.lstrip().upper().startswith("CREATE VIRTUAL")}
        tables = []
        for name, _sql in rows:
            if any(name == v + suffix for v in virtual for suffix in SHADOW_SUFFIXES):
                continue
            quoted = '"' + name.replace('"', '""') + '"'
            cols = [r[1] for r in conn.execute(f"PRAGMA table_info({quoted})")]
            if name in virtual:
                cols += [name, "rank"]  # FTS5 hidden columns: `t MATCH ...`, `ORDER BY rank`
            tables.append((name, tuple(cols)))
        return tuple(tables)
    finally:
        conn.close()


async def sql_tool(args: SqlArgs, deps: ToolDeps, call_id: str) -> ToolResult:
    """Guard, run and cite one SELECT; every call is written to the audit log."""
    timeout_s = float(deps.settings.sql_timeout_s)
    try:
        result = await guarded(TOOL, call_id, timeout_s + 1, lambda: _run(args, deps, call_id))
    except asyncio.CancelledError:
        deps.audit.record(tool=TOOL, query=args.query, status="cancelled")
        raise
    deps.audit.record(
        tool=TOOL,
        query=result.query or args.query,
        status=result.status.value,
        rows=len(result.rows),
        ms=result.elapsed_ms,
        error=result.error,
    )
    return result


async def _run(args: SqlArgs, deps: ToolDeps, call_id: str) -> ToolResult:
    if deps.stores is None:
        return error_result(TOOL, call_id, ToolStatus.ERROR, "SQL store is not open")
    path = Path(deps.stores.sqlite_path)
    schema = load_schema(path)  # cached per file and mtime; never queued behind other work
    checked = check_sql(args.query, max_rows=args.max_rows, hard_cap=HARD_CAP, schema=schema)
    timeout_s = float(deps.settings.sql_timeout_s)
    request = QueryRequest(path, checked.sql, checked.limit, timeout_s)
    try:
        fetched = await run_query(request, slot_wait_s=timeout_s)
    except QueryTimeoutError as exc:
        return error_result(TOOL, call_id, ToolStatus.TIMEOUT, str(exc), query=checked.sql)
    except QueryRefusedError as exc:
        return error_result(TOOL, call_id, ToolStatus.REFUSED, str(exc), query=checked.sql)
    except sqlite3.Error as exc:
        status, message = explain_error(exc, checked, schema)
        return error_result(TOOL, call_id, status, message, query=checked.sql)
    return _result(fetched, checked, call_id)


def explain_error(
    exc: sqlite3.Error, checked: GuardedSql, schema: Mapping[str, Sequence[str]]
) -> tuple[ToolStatus, str]:
    """Turn a SQLite error into a status and a message the planner can act on."""
    text = str(exc)
    low = text.lower()
    if getattr(exc, "sqlite_errorname", "") == "SQLITE_AUTH" or "authoriz" in low:
        return ToolStatus.REFUSED, (
            f"Refused by the read-only sandbox ({text}): only reading SELECTs over the catalog "
            "tables can run."
        )
    if "too big" in low:
        return ToolStatus.REFUSED, (
            f"The query builds a value or row over {MAX_VALUE_BYTES // 1000} KB and was "
            "stopped; select shorter values or aggregate."
        )
    if low.startswith("no such table"):
        return ToolStatus.ERROR, f"{text}. Tables: {', '.join(schema)}."
    if low.startswith("no such column"):
        names = checked.tables or tuple(schema)
        listing = "; ".join(f"{t}({', '.join(schema.get(t, ()))})" for t in names)
        return ToolStatus.ERROR, f"{text}. Columns: {listing}."
    return ToolStatus.ERROR, f"SQLite error: {text}"


def _result(fetched: Fetched, checked: GuardedSql, call_id: str) -> ToolResult:
    rows = fetched.rows
    kept, truncated = cap_rows(rows, max_rows=checked.limit)
    if checked.limit_imposed and len(rows) >= checked.limit > 0:
        truncated = True  # the guard's LIMIT was reached: there may be more rows
    if fetched.cut_by_bytes:
        truncated = True
    if not kept and fetched.cut_by_bytes:
        message = (
            f"0 rows kept: the first row is over {MAX_FETCH_BYTES // 1000} KB; select fewer "
            "or shorter columns."
        )
    elif not kept:
        message = "0 rows: the query ran and matched nothing."
    else:
        message = f"{len(kept)} row{'s' if len(kept) != 1 else ''}"
        if truncated:
            message += (
                f" (cut at {len(kept)}; there may be more: add filters, aggregate, "
                "or select fewer columns)"
            )
    return ToolResult(
        tool=TOOL,
        call_id=call_id,
        status=ToolStatus.OK if kept else ToolStatus.EMPTY,
        rows=kept,
        message=message,
        truncated=truncated,
        sources=row_sources(kept, checked.sql, checked.tables),
        untrusted=checked.reads_free_text,
        query=checked.sql,
    )


def row_sources(
    rows: list[dict[str, Any]], sql: str, tables: Sequence[str] = ()
) -> list[SourceRef]:
    """One source per catalog row the result names; else the query itself, as
    `query:<tables read>` labelled with a short rendering of the result."""
    sources: list[SourceRef] = []
    seen: set[str] = set()
    for row in rows:
        for column, table, label_column in ROW_KEYS:
            value = row.get(column)
            if value is None:
                continue
            ref = f"{table}:{value}"
            if ref not in seen:
                seen.add(ref)
                label = row.get(label_column)
                sources.append(
                    SourceRef(
                        kind="sql_row",
                        ref=ref,
                        label=label if isinstance(label, str) else None,
                        show_id=str(value) if column == "show_id" else None,
                    )
                )
            break
    ref = f"query:{','.join(tables)}" if tables else "query"
    return sources or [
        SourceRef(kind="sql_row", ref=ref, label=result_label(rows), detail={"sql": sql})
    ]


def result_label(rows: list[dict[str, Any]], width: int = 120) -> str:
    """'titles = 79' for one row, '12 rows of country, n' for several, 'no rows' for none."""
    if len(rows) == 1:
        text = ", ".join(f"{k} = {str(v)[:40]}" for k, v in rows[0].items())
    else:
        text = f"{len(rows)} rows of {', '.join(rows[0])}" if rows else "no rows"
    return text if len(text) <= width else text[: width - 1] + "…"
