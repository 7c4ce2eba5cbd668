"""The `cypher` tool: guarded, read-only, time-limited Cypher over the FalkorDB graph, with repair.

Each attempt is: guard (`check_cypher`) -> `GRAPH.RO_QUERY` with a server-side
timeout. A refusal or a server error is recorded as a `RepairAttempt` and handed
to the repairer; a query that runs but matches nothing is retried once with its name and
title comparisons folded (`cypher_fold`); at most `MAX_ATTEMPTS` queries are tried.
Writes, LOAD CSV and procedure calls are refused outright and never repaired.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

from agentic_rag.errors import QueryRefusedError
from agentic_rag.stores.graph import CLIENT_GRACE_S, graph_errors
from agentic_rag.stores.schema import GraphSchema, describe_graph
from agentic_rag.tools.base import (
    RepairAttempt,
    ToolResult,
    ToolStatus,
    cap_rows,
    error_result,
    guarded,
)
from agentic_rag.tools.cypher.fold import fold_literals
from agentic_rag.tools.cypher.guard import ForbiddenCypherError, check_cypher
from agentic_rag.tools.cypher.repair import CypherRepairer, DeterministicRepairer
from agentic_rag.tools.cypher.rows import to_rows
from agentic_rag.tools.deps import ToolDeps

log = logging.getLogger(__name__)

TOOL = "cypher"
MAX_ATTEMPTS = 3
HARD_CAP = 200
UNREACHABLE = "The graph server is not reachable; the graph cannot be queried right now."
NO_REPLY = (
    "The graph server gave no reply within {s:g} s: the query was sent once and abandoned "
    "(the server's own timeout did not stop it). Bound it: start from a specific show or "
    "person, avoid long lists and string building, use a LIMIT."
)
READ_ONLY_ERROR = "is to be executed only on read-only queries"
FOLD_RETRY = (
    "Matched nothing; retried once comparing names and titles accent-, case- and "
    "apostrophe-blind (name_folded / title_folded)."
)


class CypherArgs(BaseModel):
    query: str = Field(
        description=(
            "One read-only openCypher query over the graph schema (MATCH ... RETURN ... LIMIT). "
            "Write values as literals, not $parameters; no writes, no CALL, no LOAD CSV; "
            "bound variable-length paths (e.g. [:ACTED_IN*1..3])."
        )
    )
    max_rows: int = Field(50, ge=1, le=HARD_CAP, description="rows to keep")


@dataclass(frozen=True)
class GraphInfo:
    schema: GraphSchema
    timeout_max_ms: int | None


_INFO: weakref.WeakKeyDictionary[Any, GraphInfo] = weakref.WeakKeyDictionary()


def graph_info(graph: Any) -> GraphInfo:
    """The live schema and the server's TIMEOUT_MAX, read once per graph handle."""
    try:
        return _INFO[graph]
    except (KeyError, TypeError):
        pass
    try:
        timeout_max = int(graph.config_value("TIMEOUT_MAX")) or None
    except (graph_errors().ConnectionError, ConnectionError):
        raise
    except Exception:
        timeout_max = None
    info = GraphInfo(describe_graph(graph), timeout_max)
    with contextlib.suppress(TypeError):  # not weak-referenceable: describe again next time
        _INFO[graph] = info
    return info


def graph_schema(graph: Any) -> GraphSchema:
    return graph_info(graph).schema


def query_timeout_ms(settings: Any, info: GraphInfo | None = None) -> int:
    """Per-query timeout from the settings, never above the server's TIMEOUT_MAX."""
    ms = max(1, int(settings.cypher_timeout_s * 1000))
    return min(ms, info.timeout_max_ms) if info and info.timeout_max_ms else ms


def _classify(exc: Exception) -> tuple[ToolStatus, str, bool]:
    """(status, message, repairable) for a failed attempt."""
    msg = str(exc) or type(exc).__name__
    if isinstance(exc, ForbiddenCypherError):
        return ToolStatus.REFUSED, msg, False
    if isinstance(exc, QueryRefusedError):
        return ToolStatus.REFUSED, msg, True
    if isinstance(exc, graph_errors().TimeoutError) or "timed out" in msg.lower():
        return ToolStatus.TIMEOUT, msg, True
    if READ_ONLY_ERROR in msg:
        return ToolStatus.REFUSED, "Write queries are refused: the graph is read-only.", False
    return ToolStatus.ERROR, msg, True


async def _repair(
    repairer: CypherRepairer, query: str, error: str, schema: GraphSchema
) -> str | None:
    try:
        return await repairer.repair(query, error, schema)
    except Exception:  # a broken repairer ends the loop, it does not fail the tool
        log.warning("Cypher repairer failed", exc_info=True)
        return None


def _failure_message(status: ToolStatus, error: str, attempts: int, timeout_ms: int) -> str:
    tries = f" after {attempts} attempt{'s' if attempts != 1 else ''}"
    if status is ToolStatus.TIMEOUT:
        return (
            f"The graph query ran past {timeout_ms / 1000:g} s and was stopped{tries}. Bound it: "
            "start from a specific show or person, avoid comma-separated (cartesian) patterns, "
            "use short paths and a LIMIT."
        )
    if status is ToolStatus.REFUSED:
        return f"Refused{tries}: {error}"
    return f"The graph query failed{tries}: {error}"


async def cypher_tool(args: CypherArgs, deps: ToolDeps, call_id: str) -> ToolResult:
    """Run `args.query` read-only, repairing it up to `MAX_ATTEMPTS` times; never raises."""
    # every attempt may use the server timeout; an LLM repairer has its own timeout_s
    repair_s = float(getattr(deps.cypher_repairer, "timeout_s", 1.0))
    budget = MAX_ATTEMPTS * (deps.settings.cypher_timeout_s + 1) + (MAX_ATTEMPTS - 1) * repair_s
    return await guarded(TOOL, call_id, budget, lambda: _run(args, deps, call_id))


async def _run(args: CypherArgs, deps: ToolDeps, call_id: str) -> ToolResult:
    if deps.stores is None:
        return error_result(TOOL, call_id, ToolStatus.ERROR, "The graph store is not open.")
    graph = deps.stores.graph
    try:
        info = await asyncio.to_thread(graph_info, graph)
    except (graph_errors().ConnectionError, ConnectionError):
        return error_result(TOOL, call_id, ToolStatus.ERROR, UNREACHABLE)
    timeout_ms = query_timeout_ms(deps.settings, info)
    repairer: CypherRepairer = deps.cypher_repairer or DeterministicRepairer()
    attempts: list[RepairAttempt] = []
    query, tried = args.query, {args.query.strip()}
    status, error, run = ToolStatus.ERROR, "", query
    while True:
        run, start = query, time.perf_counter()
        try:
            run = check_cypher(query, info.schema, args.max_rows, HARD_CAP)
            result = await asyncio.to_thread(graph.ro_query, run, None, timeout_ms)
        except (graph_errors().ConnectionError, ConnectionError):
            deps.audit.record(TOOL, run, "error", ms=_ms(start), error=UNREACHABLE)
            return error_result(
                TOOL, call_id, ToolStatus.ERROR, UNREACHABLE, query=run, attempts=attempts
            )
        except (
            graph_errors().TimeoutError
        ):  # the client's socket timeout: never re-sent, never repaired
            error = NO_REPLY.format(s=timeout_ms / 1000 + CLIENT_GRACE_S)
            deps.audit.record(TOOL, run, "timeout", ms=_ms(start), error=error)
            attempts.append(RepairAttempt(query=run, error=error))
            return ToolResult(
                tool=TOOL,
                call_id=call_id,
                status=ToolStatus.TIMEOUT,
                message=error,
                error=error,
                query=run,
                attempts=attempts,
            )
        except (QueryRefusedError, graph_errors().ResponseError) as exc:
            status, error, repairable = _classify(exc)
            deps.audit.record(TOOL, run, status.value, ms=_ms(start), error=error)
            attempts.append(RepairAttempt(query=run, error=error))
            if not repairable or len(attempts) >= MAX_ATTEMPTS:
                break
            new = await _repair(repairer, run, error, info.schema)
            if not new or new.strip() in tried or new.strip() == run.strip():
                break
            query = new
            tried.add(new.strip())
            continue
        rows, sources = to_rows(result, fallback_rows=args.max_rows)
        folded = (
            None if rows or len(attempts) + 1 >= MAX_ATTEMPTS else fold_literals(run, info.schema)
        )
        if folded and folded.strip() not in tried:
            deps.audit.record(TOOL, run, "empty", rows=0, ms=_ms(start))
            attempts.append(RepairAttempt(query=run, error=FOLD_RETRY))
            query = folded
            tried.add(folded.strip())
            continue
        kept, truncated = cap_rows(rows, args.max_rows)
        sources = [s for s in sources if s.detail.get("row", -1) < len(kept)]  # rows shown
        status = ToolStatus.OK if rows else ToolStatus.EMPTY
        deps.audit.record(TOOL, run, status.value, rows=len(rows), ms=_ms(start))
        return ToolResult(
            tool=TOOL,
            call_id=call_id,
            status=status,
            rows=kept,
            message=_ok_message(len(rows), len(kept), truncated, len(attempts)),
            truncated=truncated,
            sources=sources,
            query=run,
            attempts=attempts,
        )
    message = _failure_message(status, error, len(attempts), timeout_ms)
    return ToolResult(
        tool=TOOL,
        call_id=call_id,
        status=status,
        message=message,
        error=error,
        query=run,
        attempts=attempts,
    )


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def _ok_message(total: int, kept: int, truncated: bool, repairs: int) -> str:
    if total == 0:
        text = (
            "The query ran but matched nothing (compare x.name_folded or x.title_folded with "
            "the lower-case, accent-free text to ignore case and accents)."
        )
    else:
        text = f"{total} row{'s' if total != 1 else ''}" + (
            f", showing {kept}" if truncated else ""
        )
    if repairs:
        text += f" (repaired after {repairs} attempt{'s' if repairs != 1 else ''})"
    return text
