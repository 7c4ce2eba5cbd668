"""The `omdb` tool: look one title up in the OMDb API, with bounded retries and a size cap.

The API key travels only in the request's query string. Every message here is
built by hand (never `str(exc)` of an httpx error, which holds the URL) and passed
through `redaction.redact`; the key is registered there, so every log line (httpx logs
request URLs), cache entry and state update has it redacted too.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

import httpx
from pydantic import BaseModel, ConfigDict, Field
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception_type, stop_after_attempt
from tenacity.wait import wait_exponential

from agentic_rag.config import Settings
from agentic_rag.redaction import redact, redact_value, register_secrets
from agentic_rag.tools.base import (
    SourceRef,
    ToolResult,
    ToolStatus,
    cap_rows,
    error_result,
    guarded,
)
from agentic_rag.tools.cache import cached_result, store_result
from agentic_rag.tools.deps import ToolDeps

log = logging.getLogger(__name__)

TOOL = "omdb"
MAX_ATTEMPTS = 3
BACKOFF_START_S = 0.2
RETRY_AFTER_CAP_S = 5.0
MAX_BODY_BYTES = 1_000_000
NO_KEY = "OMDb is off: set OMDB_API_KEY in .env"
BAD_KEY = "OMDb rejected the API key (401); check OMDB_API_KEY"
DAILY_LIMIT = "OMDb's daily request limit is reached (rate limit); try again tomorrow."
NOT_JSON = "OMDb sent a response that is not JSON"

_LOWERED = ("Title", "Year", "Rated", "Released", "Runtime", "Genre", "Director", "Actors", "Plot")
_KEPT = ("imdbRating", "imdbVotes", "Metascore", "BoxOffice", "Awards", "Ratings", "imdbID")
#: OMDb field -> row key, in the order rows show them.
FIELDS = {name: name.lower() for name in _LOWERED} | {name: name for name in _KEPT}


class OmdbArgs(BaseModel):
    """Arguments of the `omdb` tool."""

    model_config = ConfigDict(str_strip_whitespace=True)

    title: str = Field(
        min_length=1,
        max_length=200,
        description="The exact movie or show title to look up (ratings, awards, box office, cast).",
    )
    year: int | None = Field(None, ge=1900, le=2100, description="Release year, to pick a remake.")


def omdb_available(settings: Settings) -> str | None:
    """None when OMDb can be used, else the reason it cannot."""
    return None if settings.omdb_api_key is not None else NO_KEY


class _Retryable(Exception):
    """An attempt failed in a way worth retrying (429, 5xx, transport error)."""

    def __init__(self, message: str, retry_after: float | None = None, timed_out: bool = False):
        super().__init__(message)
        self.retry_after = retry_after
        self.timed_out = timed_out
        self.attempts = 1


class _Failed(Exception):
    """A final answer that is not a result: `status` and a key-free message."""

    def __init__(self, status: ToolStatus, message: str):
        super().__init__(message)
        self.status = status


def _retry_after(value: str | None) -> float | None:
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:  # an HTTP date: fall back to the backoff
        return None


async def _read_capped(resp: httpx.Response) -> bytes:
    declared = resp.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise _Failed(ToolStatus.ERROR, f"OMDb sent {int(declared):,} bytes; the limit is 1 MB.")
    chunks, size = [], 0
    async for chunk in resp.aiter_bytes():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise _Failed(ToolStatus.ERROR, "OMDb sent more than 1 MB; the response was dropped.")
        chunks.append(chunk)
    return b"".join(chunks)


def _parse(body: bytes) -> dict[str, Any]:
    try:
        data = json.loads(body)
    except ValueError:
        raise _Failed(ToolStatus.ERROR, NOT_JSON) from None
    if not isinstance(data, dict):
        raise _Failed(ToolStatus.ERROR, NOT_JSON)
    return data


async def _attempt(
    client: httpx.AsyncClient, url: str, params: dict[str, str], timeout_s: float
) -> dict[str, Any]:
    """One GET; returns the JSON body of a 200 or raises `_Retryable` / `_Failed`."""
    if timeout_s <= 0:
        raise _Retryable("OMDb gave no answer in time", timed_out=True)
    try:
        async with client.stream("GET", url, params=params, timeout=timeout_s) as resp:
            code = resp.status_code
            if code == 429:
                wait_s = _retry_after(resp.headers.get("retry-after"))
                raise _Retryable("OMDb is rate limiting requests (429)", wait_s)
            if code >= 500:
                raise _Retryable(f"OMDb failed with HTTP {code}")
            if code == 401:
                body = await _read_capped(resp)
                if b"limit" in body.lower():  # {"Error": "Request limit reached!"}
                    raise _Failed(ToolStatus.ERROR, DAILY_LIMIT)
                raise _Failed(ToolStatus.ERROR, BAD_KEY)
            if code != 200:
                raise _Failed(ToolStatus.ERROR, f"OMDb answered HTTP {code}.")
            return _parse(await _read_capped(resp))
    except httpx.TimeoutException as exc:
        msg = f"OMDb gave no answer in time ({type(exc).__name__})"
        raise _Retryable(msg, timed_out=True) from None
    except httpx.TransportError as exc:
        raise _Retryable(f"OMDb is unreachable ({type(exc).__name__})") from None


def _row(data: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for field, key in FIELDS.items():
        value = data.get(field)
        row[key] = None if value in (None, "N/A", "") else value
    if not isinstance(row["Ratings"], list):
        row["Ratings"] = []
    return row


async def omdb_tool(args: OmdbArgs, deps: ToolDeps, call_id: str) -> ToolResult:
    """Look `args.title` up in OMDb; one row of facts, marked untrusted."""
    settings = deps.settings
    if settings.omdb_api_key is None:
        return error_result(TOOL, call_id, ToolStatus.ERROR, NO_KEY)
    key = settings.omdb_api_key.get_secret_value()
    register_secrets(key)
    deadline_s = settings.omdb_timeout_s
    cache_args = {"title": args.title, "year": args.year}
    shown = f"title={args.title!r}" + (f" year={args.year}" if args.year else "")
    common: dict[str, Any] = {"tool": TOOL, "call_id": call_id, "query": shown}

    async def fetch(client: httpx.AsyncClient) -> dict[str, Any]:
        params = {"t": args.title, "apikey": key, "plot": "short", "r": "json"}
        if args.year:
            params["y"] = str(args.year)
        end = time.monotonic() + deadline_s

        def wait(state: RetryCallState) -> float:
            exc = state.outcome.exception() if state.outcome else None
            if isinstance(exc, _Retryable) and exc.retry_after is not None:
                return min(exc.retry_after, RETRY_AFTER_CAP_S)
            return float(wait_exponential(multiplier=BACKOFF_START_S, min=BACKOFF_START_S)(state))

        def past_deadline(state: RetryCallState) -> bool:  # never sleep past our own deadline
            return time.monotonic() + state.upcoming_sleep >= end - 0.05

        retrying = AsyncRetrying(
            stop=stop_after_attempt(MAX_ATTEMPTS) | past_deadline,
            wait=wait,
            retry=retry_if_exception_type(_Retryable),
            reraise=True,
        )
        try:
            async for attempt in retrying:
                with attempt:
                    remaining = min(deadline_s, end - time.monotonic())
                    call = _attempt(client, settings.omdb_base_url, params, remaining)
                    try:  # a transport that ignores its timeout still meets the deadline
                        return await asyncio.wait_for(call, max(remaining, 0.0) + 0.05)
                    except TimeoutError:
                        raise _Retryable("OMDb gave no answer in time", timed_out=True) from None
        except _Retryable as exc:
            exc.attempts = retrying.statistics.get("attempt_number", 1)
            raise
        raise _Failed(ToolStatus.ERROR, "OMDb lookup ended without an answer.")  # unreachable

    async def work() -> ToolResult:
        hit = cached_result(deps.cache, TOOL, cache_args, call_id)
        if hit is not None:
            return hit
        try:
            if deps.http is not None:
                data = await fetch(deps.http)
            else:
                async with httpx.AsyncClient() as client:
                    data = await fetch(client)
        except _Failed as exc:
            return error_result(TOOL, call_id, exc.status, redact(str(exc)), query=shown)
        except _Retryable as exc:
            status = ToolStatus.TIMEOUT if exc.timed_out else ToolStatus.ERROR
            tries = f"{exc.attempts} attempt" + ("s" if exc.attempts != 1 else "")
            msg = redact(f"{exc}; gave up after {tries}. Answer from the catalog instead.")
            return error_result(TOOL, call_id, status, msg, query=shown)
        except Exception as exc:  # anything else: a key-free message, never the raw text
            log.warning("omdb lookup failed: %s", redact(repr(exc)))
            msg = f"OMDb lookup failed ({type(exc).__name__})."
            return error_result(TOOL, call_id, ToolStatus.ERROR, msg, query=shown)

        if str(data.get("Response", "True")).lower() == "false":
            error = redact(str(data.get("Error") or "no match"))
            if "not found" in error.lower():
                msg = f"OMDb: {error}"
                return ToolResult(**common, status=ToolStatus.EMPTY, message=msg, untrusted=True)
            return error_result(TOOL, call_id, ToolStatus.ERROR, f"OMDb: {error}", query=shown)

        rows, truncated = cap_rows([redact_value(_row(data))])  # a server may echo the key
        label = str(rows[0]["title"] or args.title)
        ref = str(rows[0]["imdbID"] or label)
        result = ToolResult(
            **common,
            status=ToolStatus.OK,
            rows=rows,
            truncated=truncated,
            message=f"OMDb facts for {label!r} (untrusted text from OMDb).",
            sources=[SourceRef(kind="omdb", ref=ref, label=label)],
            untrusted=True,
        )
        store_result(deps.cache, TOOL, cache_args, result, settings.omdb_cache_ttl_s)
        return result

    return await guarded(TOOL, call_id, deadline_s + 1.0, work)
