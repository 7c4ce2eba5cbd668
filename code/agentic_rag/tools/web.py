"""The `web` tool: a DuckDuckGo text search (ddgs), bounded in time, failing fast offline.

The search runs in a daemon thread so a hung search never blocks the event loop,
the default executor or interpreter exit; the tool itself returns at its deadline.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException
from pydantic import BaseModel, ConfigDict, Field

from agentic_rag.errors import QueryTimeoutError
from agentic_rag.redaction import redact_value
from agentic_rag.tools.base import (
    SourceRef,
    ToolResult,
    ToolStatus,
    cap_rows,
    error_result,
    guarded,
)
from agentic_rag.tools.cache import cached_result, store_result
from agentic_rag.tools.deps import ToolDeps, WebSearchFn

log = logging.getLogger(__name__)

TOOL = "web"
PROBE_HOST = "html.duckduckgo.com"
PROBE_PORT = 443
PROBE_TIMEOUT_S = 1.0
PROBE_TTL_S = 60.0

RATE_LIMITED = "Web search is rate limited; try again later or answer from the catalog"
UNREACHABLE = "The web is unreachable from here ({why}); answer from the catalog instead"
NO_RESULTS = "The web search found nothing for this query."


class WebUnreachableError(DDGSException):
    """The search host cannot be reached (no DNS, no route, firewall)."""


class WebArgs(BaseModel):
    """Arguments of the `web` tool."""

    model_config = ConfigDict(str_strip_whitespace=True)

    query: str = Field(
        min_length=2,
        max_length=300,
        description="A short web search query for facts the catalog lacks "
        "(news, awards, box office, cast details). Keywords, not a full question.",
    )
    max_results: int = Field(5, ge=1, le=10, description="How many results to fetch (1-10).")


# --- reachability probe -------------------------------------------------------------------------

_probe_lock = threading.Lock()
_probe_cache: dict[tuple[str, int], tuple[float, str | None]] = {}


def _connect(host: str, port: int, timeout_s: float) -> None:
    with socket.create_connection((host, port), timeout=timeout_s):
        pass


def probe(
    host: str = PROBE_HOST, port: int = PROBE_PORT, timeout_s: float = PROBE_TIMEOUT_S
) -> str | None:
    """None if `host:port` accepts a TCP connection, else why not. Cached per process for 60 s.

    DNS has no timeout of its own, so the connect runs in a daemon thread joined for `timeout_s`.
    """
    now = time.monotonic()
    with _probe_lock:
        hit = _probe_cache.get((host, port))
        if hit is not None and now - hit[0] < PROBE_TTL_S:
            return hit[1]
    outcome: list[str | None] = []

    def attempt() -> None:
        try:
            _connect(host, port, timeout_s)
            outcome.append(None)
        except OSError as exc:
            kind = "no DNS" if isinstance(exc, socket.gaierror) else type(exc).__name__
            outcome.append(f"{host}: {kind}")

    worker = threading.Thread(target=attempt, name="web-probe", daemon=True)
    worker.start()
    worker.join(timeout_s)
    why = outcome[0] if outcome else f"{host}: no answer within {timeout_s:g} s"
    with _probe_lock:
        _probe_cache[(host, port)] = (time.monotonic(), why)
    return why


def reset_probe_cache() -> None:
    with _probe_lock:
        _probe_cache.clear()


def default_web_search(
    query: str, max_results: int, timeout_s: float = 5.0, proxy: str | None = None
) -> list[dict[str, Any]]:
    """The real search: a reachability probe (not behind a proxy, where the host may not
    resolve locally), then `ddgs.DDGS(proxy=..., timeout=...).text(...)`."""
    if proxy is None:
        why = probe()
        if why is not None:
            raise WebUnreachableError(why)
    from ddgs import DDGS  # heavy import (lxml, primp): only when really searching

    client = DDGS(proxy=proxy, timeout=max(1, round(timeout_s)))
    return client.text(query, max_results=max_results)


# --- running a blocking call in a daemon thread ---------------------------------------------------


def _in_daemon_thread[T](fn: Callable[[], T]) -> asyncio.Future[T]:
    """Run `fn` in a fresh daemon thread; the returned future can be abandoned at a deadline."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()

    def settle(value: Any, failed: bool) -> None:
        if future.done():
            return
        if failed:
            future.set_exception(value)
        else:
            future.set_result(value)

    def run() -> None:
        try:
            value, failed = fn(), False
        except BaseException as exc:
            value, failed = exc, True
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting any more
            loop.call_soon_threadsafe(settle, value, failed)

    threading.Thread(target=run, name="web-search", daemon=True).start()
    return future


# --- the tool -------------------------------------------------------------------------------------


def _to_rows(raw: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    for item in raw or []:
        if not isinstance(item, dict):
            continue
        url = str(item.get("href") or item.get("url") or "").strip()
        if not url or url in seen:
            continue
        seen.add(url)
        title = " ".join(str(item.get("title") or "").split()) or url
        snippet = " ".join(str(item.get("body") or item.get("snippet") or "").split())
        rows.append(redact_value({"title": title, "url": url, "snippet": snippet}))
    return rows


async def web_tool(args: WebArgs, deps: ToolDeps, call_id: str) -> ToolResult:
    """Search the web; rows are {title, url, snippet}, marked untrusted."""
    settings = deps.settings
    timeout_s = settings.web_timeout_s
    cache_args = {"query": args.query, "max_results": args.max_results}

    async def work() -> ToolResult:
        hit = cached_result(deps.cache, TOOL, cache_args, call_id)
        if hit is not None:
            return hit
        search: WebSearchFn = deps.web_search or functools.partial(
            default_web_search, timeout_s=timeout_s, proxy=settings.ddgs_proxy
        )
        try:
            raw = await asyncio.wait_for(
                _in_daemon_thread(lambda: search(args.query, args.max_results)), timeout_s
            )
        except TimeoutError:
            raise QueryTimeoutError(
                f"Web search gave no answer within {timeout_s:g} s; answer from the catalog "
                "or try again later."
            ) from None
        except RatelimitException:
            return error_result(TOOL, call_id, ToolStatus.ERROR, RATE_LIMITED, query=args.query)
        except TimeoutException:
            raise QueryTimeoutError(
                f"Web search timed out (the search engines did not answer in {timeout_s:g} s)."
            ) from None
        except WebUnreachableError as exc:
            msg = UNREACHABLE.format(why=str(exc))
            return error_result(TOOL, call_id, ToolStatus.ERROR, msg, query=args.query)
        except DDGSException as exc:
            if "no results" in str(exc).lower():
                raw = []
            else:
                log.info("web search failed: %s", exc)
                msg = UNREACHABLE.format(why=f"search failed: {type(exc).__name__}")
                return error_result(TOOL, call_id, ToolStatus.ERROR, msg, query=args.query)
        except OSError as exc:
            msg = UNREACHABLE.format(why=type(exc).__name__)
            return error_result(TOOL, call_id, ToolStatus.ERROR, msg, query=args.query)

        rows, truncated = cap_rows(_to_rows(raw))
        if not rows:
            return ToolResult(
                tool=TOOL,
                call_id=call_id,
                status=ToolStatus.EMPTY,
                message=NO_RESULTS,
                untrusted=True,
                query=args.query,
            )
        result = ToolResult(
            tool=TOOL,
            call_id=call_id,
            status=ToolStatus.OK,
            rows=rows,
            truncated=truncated,
            message=f"{len(rows)} web result(s) for {args.query!r} (untrusted text from the web).",
            sources=[SourceRef(kind="url", ref=r["url"], label=r["title"]) for r in rows],
            untrusted=True,
            query=args.query,
        )
        store_result(deps.cache, TOOL, cache_args, result, settings.web_cache_ttl_s)
        return result

    # The inner deadline answers first; this outer one only guards against surprises.
    return await guarded(TOOL, call_id, timeout_s + 1.0, work)
