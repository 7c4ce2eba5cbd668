"""The `web` tool with fake search functions, plus the real ddgs path offline (fails fast)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException
from pydantic import ValidationError

from agentic_rag.config import Settings, load_settings
from agentic_rag.tools import web
from agentic_rag.tools.base import SourceRef, ToolStatus
from agentic_rag.tools.cache import TTLCache
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.web import WebArgs, web_tool

HITS = [
    {"title": "Inception (2010) - IMDb", "href": "https://www.imdb.com/title/tt1375666/",
     "body": "A thief who steals  corporate secrets\nthrough dream-sharing..."},
    {"title": "Inception - Wikipedia", "href": "https://en.wikipedia.org/wiki/Inception",
     "body": "Inception is a 2010 science fiction action film."},
    {"title": "duplicate", "href": "https://en.wikipedia.org/wiki/Inception", "body": "dup"},
    {"title": "no url", "href": "", "body": "dropped"},
]  # fmt: skip


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return load_settings(omdb_api_key="test-key-123", build_dir=tmp_path, web_timeout_s=0.5)


@pytest.fixture(autouse=True)
def _fresh_probe() -> Iterator[None]:
    web.reset_probe_cache()
    yield
    web.reset_probe_cache()


def recorder(
    result: list[dict[str, Any]] | None = None, exc: BaseException | None = None
) -> tuple[Callable[[str, int], list[dict[str, Any]]], list[tuple[str, int]]]:
    calls: list[tuple[str, int]] = []

    def search(query: str, max_results: int) -> list[dict[str, Any]]:
        calls.append((query, max_results))
        if exc is not None:
            raise exc
        return list(result or [])

    return search, calls


async def run(deps: ToolDeps, query: str = "inception 2010 box office", n: int = 5):
    start = time.perf_counter()
    result = await web_tool(WebArgs(query=query, max_results=n), deps, "call-1")
    return result, time.perf_counter() - start


async def test_ok_rows_sources_untrusted(settings: Settings) -> None:
    search, calls = recorder(HITS)
    result, elapsed = await run(ToolDeps(settings=settings, web_search=search), n=4)
    assert result.status is ToolStatus.OK, result.message
    assert calls == [("inception 2010 box office", 4)]
    assert result.rows == [
        {"title": "Inception (2010) - IMDb", "url": "https://www.imdb.com/title/tt1375666/",
         "snippet": "A thief who steals corporate secrets through dream-sharing..."},
        {"title": "Inception - Wikipedia", "url": "https://en.wikipedia.org/wiki/Inception",
         "snippet": "Inception is a 2010 science fiction action film."},
    ]  # fmt: skip
    assert result.sources == [
        SourceRef(kind="url", ref=r["url"], label=r["title"]) for r in result.rows
    ]
    assert result.untrusted is True and result.cached is False
    assert result.tool == "web" and result.call_id == "call-1"
    assert "2 web result" in result.message and "untrusted" in result.message
    assert result.query == "inception 2010 box office"
    assert 0 < result.elapsed_ms < 1000 and elapsed < 1.0


async def test_long_results_are_capped(settings: Settings) -> None:
    hits = [{"title": f"t{i}", "href": f"https://e.x/{i}", "body": "w " * 2000} for i in range(10)]
    search, _ = recorder(hits)
    result, _ = await run(ToolDeps(settings=settings, web_search=search), n=10)
    assert result.status is ToolStatus.OK
    assert result.truncated is True
    assert all(len(r["snippet"]) <= 601 for r in result.rows)
    assert len(result.sources) == len(result.rows)


async def test_rate_limited(settings: Settings) -> None:
    search, _ = recorder(exc=RatelimitException("https://duckduckgo.com 202 Ratelimit"))
    result, elapsed = await run(ToolDeps(settings=settings, web_search=search))
    assert result.status is ToolStatus.ERROR
    assert result.message == web.RATE_LIMITED == result.error
    assert "rate limited" in result.message and "catalog" in result.message
    assert elapsed < 1.0


async def test_ddgs_timeout_is_a_timeout(settings: Settings) -> None:
    search, _ = recorder(exc=TimeoutException("timed out"))
    result, elapsed = await run(ToolDeps(settings=settings, web_search=search))
    assert result.status is ToolStatus.TIMEOUT
    assert "timed out" in result.message
    assert elapsed < 1.0


async def test_hanging_search_returns_timeout_promptly(settings: Settings) -> None:
    release = threading.Event()
    started = threading.Event()

    def hang(query: str, max_results: int) -> list[dict[str, Any]]:
        started.set()
        release.wait(30)  # "sleeps 30 s" unless the test lets it go
        return HITS

    try:
        result, elapsed = await run(ToolDeps(settings=settings, web_search=hang))
    finally:
        release.set()
    assert started.is_set()
    assert result.status is ToolStatus.TIMEOUT
    assert "no answer within 0.5 s" in result.message and result.error == result.message
    assert 0.45 < elapsed < 2.0
    assert result.rows == [] and result.sources == []


@pytest.mark.parametrize(
    "search_result, exc",
    [([], None), (None, DDGSException("No results found."))],
    ids=["empty-list", "ddgs-no-results"],
)
async def test_no_results_is_empty(
    settings: Settings, search_result: list[dict[str, Any]] | None, exc: Exception | None
) -> None:
    search, _ = recorder(search_result, exc)
    result, elapsed = await run(ToolDeps(settings=settings, web_search=search))
    assert result.status is ToolStatus.EMPTY
    assert result.message == web.NO_RESULTS
    assert result.rows == [] and result.error is None
    assert elapsed < 1.0


@pytest.mark.parametrize(
    "exc, detail",
    [
        (DDGSException("ConnectError: dns error"), "DDGSException"),
        (OSError("Network is unreachable"), "OSError"),
        (web.WebUnreachableError("html.duckduckgo.com: no DNS"), "no DNS"),
    ],
)
async def test_network_failures_say_the_web_is_unreachable(
    settings: Settings, exc: Exception, detail: str
) -> None:
    search, _ = recorder(exc=exc)
    result, elapsed = await run(ToolDeps(settings=settings, web_search=search))
    assert result.status is ToolStatus.ERROR
    assert "web is unreachable" in result.message and detail in result.message
    assert "catalog" in result.message
    assert elapsed < 1.0


async def test_cache_hit_on_second_call(settings: Settings) -> None:
    search, calls = recorder(HITS)
    deps = ToolDeps(settings=settings, web_search=search, cache=TTLCache(":memory:"))
    first, _ = await run(deps, query="Inception box office")
    second, elapsed = await run(deps, query="  inception   BOX office ")
    assert first.status is ToolStatus.OK and first.cached is False
    assert second.status is ToolStatus.OK and second.cached is True
    assert second.rows == first.rows and second.sources == first.sources
    assert second.untrusted is True
    assert len(calls) == 1
    assert elapsed < 0.5
    third, _ = await run(deps, query="Inception box office", n=3)  # other max_results: a miss
    assert third.cached is False and len(calls) == 2


async def test_failures_are_not_cached(settings: Settings) -> None:
    search, calls = recorder(exc=RatelimitException("ratelimit"))
    deps = ToolDeps(settings=settings, web_search=search, cache=TTLCache(":memory:"))
    for _ in range(2):
        result, _ = await run(deps)
        assert result.status is ToolStatus.ERROR and result.cached is False
    assert len(calls) == 2


def test_args_are_validated() -> None:
    assert WebArgs(query="  ab  ").query == "ab"
    assert WebArgs(query="inception").max_results == 5
    for bad in ({"query": "a"}, {"query": "x" * 301}, {"query": "ok", "max_results": 0},
                {"query": "ok", "max_results": 11}):  # fmt: skip
        with pytest.raises(ValidationError):
            WebArgs(**bad)
    assert "catalog lacks" in (WebArgs.model_fields["query"].description or "")


def test_probe_is_cached_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def refuse(host: str, port: int, timeout_s: float) -> None:
        calls.append(host)
        raise socket.gaierror(-2, "Name or service not known")

    monkeypatch.setattr(web, "_connect", refuse)
    assert web.probe("search.invalid") == "search.invalid: no DNS"
    assert web.probe("search.invalid") == "search.invalid: no DNS"
    assert calls == ["search.invalid"]
    web.reset_probe_cache()
    monkeypatch.setattr(web, "_connect", lambda host, port, timeout_s: None)
    assert web.probe("search.invalid") is None


def test_probe_gives_up_on_a_hanging_resolver(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    monkeypatch.setattr(web, "_connect", lambda host, port, timeout_s: release.wait(30))
    start = time.perf_counter()
    try:
        why = web.probe("slow.invalid", timeout_s=0.3)
    finally:
        release.set()
    assert why == "slow.invalid: no answer within 0.3 s"
    assert time.perf_counter() - start < 1.0


def _network_reachable() -> bool:
    try:
        socket.create_connection((web.PROBE_HOST, web.PROBE_PORT), timeout=1.5).close()
    except OSError:
        return False
    return True


@pytest.mark.skipif(_network_reachable(), reason="the network is reachable: no offline check")
async def test_real_default_search_fails_fast_offline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DDGS_PROXY", raising=False)
    settings = load_settings(omdb_api_key="test-key-123", build_dir=tmp_path)  # web_timeout_s=6
    result, elapsed = await run(ToolDeps(settings=settings))
    assert result.status is ToolStatus.ERROR, result.message
    assert "web is unreachable" in result.message and web.PROBE_HOST in result.message
    assert elapsed < 2.0
    again, elapsed_again = await run(ToolDeps(settings=settings))  # the probe result is cached
    assert again.status is ToolStatus.ERROR and elapsed_again < 0.5
