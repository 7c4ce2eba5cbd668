"""The `omdb` tool against respx: results, retries, limits, size cap, and a key that never leaks."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx
from pydantic import ValidationError

from agentic_rag.config import Settings, load_settings
from agentic_rag.redaction import redact, register_secrets
from agentic_rag.tools.base import SourceRef, ToolResult, ToolStatus
from agentic_rag.tools.cache import TTLCache
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.omdb import OmdbArgs, omdb_available, omdb_tool

KEY = "test-key-123"
URL = "https://www.omdbapi.com/"

INCEPTION: dict[str, Any] = {
    "Title": "Inception", "Year": "2010", "Rated": "PG-13", "Released": "16 Jul 2010",
    "Runtime": "148 min", "Genre": "Action, Adventure, Sci-Fi", "Director": "Christopher Nolan",
    "Writer": "Christopher Nolan", "Actors": "Leonardo DiCaprio, Joseph Gordon-Levitt",
    "Plot": "A thief who steals corporate secrets through the use of dream-sharing technology.",
    "Awards": "Won 4 Oscars. 159 wins & 220 nominations total",
    "Ratings": [{"Source": "Internet Movie Database", "Value": "8.8/10"},
                {"Source": "Rotten Tomatoes", "Value": "87%"}],
    "Metascore": "74", "imdbRating": "8.8", "imdbVotes": "2,600,000", "imdbID": "tt1375666",
    "Type": "movie", "BoxOffice": "N/A", "Response": "True",
}  # fmt: skip


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return load_settings(omdb_api_key=KEY, build_dir=tmp_path, omdb_timeout_s=3.0)


@pytest.fixture(autouse=True)
def _key_never_logged(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    caplog.set_level(logging.DEBUG)
    yield
    assert KEY not in caplog.text


@pytest.fixture
def mock() -> Iterator[respx.MockRouter]:
    with respx.mock(assert_all_called=False) as router:
        yield router


async def run(
    settings: Settings, title: str = "Inception", year: int | None = None, **deps: Any
) -> tuple[ToolResult, float]:
    start = time.perf_counter()
    result = await omdb_tool(OmdbArgs(title=title, year=year), ToolDeps(settings, **deps), "c-1")
    elapsed = time.perf_counter() - start
    assert KEY not in result.model_dump_json()
    return result, elapsed


async def test_ok_row_sources_and_request(
    settings: Settings, mock: respx.MockRouter, caplog: pytest.LogCaptureFixture
) -> None:
    route = mock.get(URL).respond(200, json=INCEPTION)
    async with httpx.AsyncClient() as client:
        result, elapsed = await run(settings, " Inception ", 2010, http=client)
    assert result.status is ToolStatus.OK, result.message
    params = route.calls.last.request.url.params
    expected = {"t": "Inception", "apikey": KEY, "plot": "short", "r": "json", "y": "2010"}
    assert dict(params) == expected
    assert result.rows == [{
        "title": "Inception", "year": "2010", "rated": "PG-13", "released": "16 Jul 2010",
        "runtime": "148 min", "genre": "Action, Adventure, Sci-Fi",
        "director": "Christopher Nolan", "actors": "Leonardo DiCaprio, Joseph Gordon-Levitt",
        "plot": INCEPTION["Plot"], "imdbRating": "8.8", "imdbVotes": "2,600,000",
        "Metascore": "74", "BoxOffice": None, "Awards": INCEPTION["Awards"],
        "Ratings": INCEPTION["Ratings"], "imdbID": "tt1375666",
    }]  # fmt: skip
    assert result.sources == [SourceRef(kind="omdb", ref="tt1375666", label="Inception")]
    assert result.untrusted is True and result.cached is False and result.error is None
    assert "OMDb facts for 'Inception'" in result.message
    assert result.query == "title='Inception' year=2010"
    assert elapsed < 1.0
    assert "apikey=***" in caplog.text  # httpx's request log line is there, redacted


async def test_short_lived_client_when_deps_has_none(
    settings: Settings, mock: respx.MockRouter
) -> None:
    route = mock.get(URL).respond(200, json=INCEPTION)
    result, _ = await run(settings)
    assert result.status is ToolStatus.OK and result.rows[0]["imdbID"] == "tt1375666"
    assert "y" not in route.calls.last.request.url.params
    assert route.call_count == 1


async def test_not_found_is_empty(settings: Settings, mock: respx.MockRouter) -> None:
    mock.get(URL).respond(200, json={"Response": "False", "Error": "Movie not found!"})
    result, elapsed = await run(settings, "No Such Film 1234")
    assert result.status is ToolStatus.EMPTY
    assert result.message == "OMDb: Movie not found!" and result.error is None
    assert result.rows == [] and result.sources == []
    assert elapsed < 1.0


async def test_other_omdb_error_is_an_error(settings: Settings, mock: respx.MockRouter) -> None:
    mock.get(URL).respond(200, json={"Response": "False", "Error": "Too many results."})
    result, _ = await run(settings, "a")
    assert result.status is ToolStatus.ERROR
    assert result.message == "OMDb: Too many results."


async def test_401_bad_key(settings: Settings, mock: respx.MockRouter) -> None:
    route = mock.get(URL).respond(401, json={"Response": "False", "Error": "Invalid API key!"})
    result, elapsed = await run(settings)
    assert result.status is ToolStatus.ERROR
    assert result.message == "OMDb rejected the API key (401); check OMDB_API_KEY"
    assert route.call_count == 1  # no retry on 401
    assert elapsed < 1.0


async def test_401_daily_limit(settings: Settings, mock: respx.MockRouter) -> None:
    mock.get(URL).respond(401, json={"Response": "False", "Error": "Request limit reached!"})
    result, _ = await run(settings)
    assert result.status is ToolStatus.ERROR
    assert "rate limit" in result.message and "daily" in result.message


async def test_429_then_ok_honours_retry_after(settings: Settings, mock: respx.MockRouter) -> None:
    route = mock.get(URL)
    route.side_effect = [
        httpx.Response(429, headers={"Retry-After": "1"}),
        httpx.Response(200, json=INCEPTION),
    ]
    result, elapsed = await run(settings)
    assert result.status is ToolStatus.OK, result.message
    assert route.call_count == 2
    assert 0.95 <= elapsed < 2.0  # waited the 1 s asked for, not the 0.2 s backoff


async def test_429_always_is_a_rate_limit_error(settings: Settings, mock: respx.MockRouter) -> None:
    route = mock.get(URL).respond(429, headers={"Retry-After": "0"})
    result, elapsed = await run(settings)
    assert result.status is ToolStatus.ERROR
    assert "rate limit" in result.message and "3 attempts" in result.message
    assert route.call_count == 3
    assert elapsed < 1.0


async def test_retry_after_past_the_deadline_is_not_waited(
    tmp_path: Path, mock: respx.MockRouter
) -> None:
    settings = load_settings(omdb_api_key=KEY, build_dir=tmp_path, omdb_timeout_s=1.0)
    route = mock.get(URL).respond(429, headers={"Retry-After": "30"})
    result, elapsed = await run(settings)
    assert result.status is ToolStatus.ERROR
    assert "rate limit" in result.message and "1 attempt." in result.message
    assert route.call_count == 1
    assert elapsed < 0.5


async def test_500_three_times_is_an_error(settings: Settings, mock: respx.MockRouter) -> None:
    route = mock.get(URL).respond(500, text="oops")
    result, elapsed = await run(settings)
    assert result.status is ToolStatus.ERROR
    assert "HTTP 500" in result.message and "3 attempts" in result.message
    assert "catalog" in result.message
    assert route.call_count == 3
    assert 0.55 <= elapsed < 1.5  # backoff 0.2 s + 0.4 s


async def test_503_then_ok(settings: Settings, mock: respx.MockRouter) -> None:
    route = mock.get(URL)
    route.side_effect = [httpx.Response(503), httpx.Response(200, json=INCEPTION)]
    result, elapsed = await run(settings)
    assert result.status is ToolStatus.OK
    assert route.call_count == 2
    assert elapsed < 1.0


async def test_transport_error_text_with_the_key_is_scrubbed(
    settings: Settings, mock: respx.MockRouter
) -> None:
    leaky = httpx.ConnectError(f"cannot connect to {URL}?t=Inception&apikey={KEY}")
    route = mock.get(URL).mock(side_effect=leaky)
    result, elapsed = await run(settings)
    assert result.status is ToolStatus.ERROR
    assert "OMDb is unreachable (ConnectError)" in result.message
    assert route.call_count == 3
    assert elapsed < 1.5


async def test_read_timeouts_become_a_timeout(settings: Settings, mock: respx.MockRouter) -> None:
    route = mock.get(URL).mock(side_effect=httpx.ReadTimeout(f"timed out apikey={KEY}"))
    result, _ = await run(settings)
    assert result.status is ToolStatus.TIMEOUT
    assert "no answer in time" in result.message
    assert route.call_count == 3


async def test_hanging_server_meets_the_deadline(tmp_path: Path, mock: respx.MockRouter) -> None:
    settings = load_settings(omdb_api_key=KEY, build_dir=tmp_path, omdb_timeout_s=0.5)

    async def hang(request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(30)
        return httpx.Response(200, json=INCEPTION)

    mock.get(URL).mock(side_effect=hang)
    result, elapsed = await run(settings)
    assert result.status is ToolStatus.TIMEOUT
    assert "no answer in time" in result.message
    assert elapsed < 1.2


@pytest.mark.parametrize("body", [b"<html>Service Unavailable</html>", b"[1, 2]", b"\xff\xfe"])
async def test_malformed_json(settings: Settings, mock: respx.MockRouter, body: bytes) -> None:
    mock.get(URL).respond(200, content=body)
    result, _ = await run(settings)
    assert result.status is ToolStatus.ERROR
    assert result.message == "OMDb sent a response that is not JSON"


async def test_huge_body_is_refused_quickly(settings: Settings, mock: respx.MockRouter) -> None:
    mock.get(URL).respond(200, content=b"x" * 5_000_000)
    result, elapsed = await run(settings)
    assert result.status is ToolStatus.ERROR
    assert "5,000,000 bytes" in result.message and "1 MB" in result.message
    assert elapsed < 1.0


async def test_huge_streamed_body_stops_after_1_mb(
    settings: Settings, mock: respx.MockRouter
) -> None:
    sent: list[int] = []

    async def endless() -> AsyncIterator[bytes]:
        for _ in range(10_000):  # 640 MB if read to the end
            sent.append(1)
            yield b"x" * 65_536

    mock.get(URL).mock(side_effect=lambda request: httpx.Response(200, content=endless()))
    result, elapsed = await run(settings)
    assert result.status is ToolStatus.ERROR
    assert "more than 1 MB" in result.message
    assert len(sent) <= 17  # 16 chunks of 64 KiB pass 1 MB
    assert elapsed < 1.0


async def test_no_key_means_off(tmp_path: Path, mock: respx.MockRouter) -> None:
    settings = load_settings(build_dir=tmp_path)
    route = mock.get(URL).respond(200, json=INCEPTION)
    assert omdb_available(settings) == "OMDb is off: set OMDB_API_KEY in .env"
    result, _ = await run(settings)
    assert result.status is ToolStatus.ERROR
    assert result.message == "OMDb is off: set OMDB_API_KEY in .env"
    assert route.call_count == 0


def test_available_with_a_key(settings: Settings) -> None:
    assert omdb_available(settings) is None
    assert KEY not in repr(settings) and KEY not in str(settings.model_dump())


async def test_cache_hit_on_second_call(settings: Settings, mock: respx.MockRouter) -> None:
    route = mock.get(URL).respond(200, json=INCEPTION)
    cache = TTLCache(":memory:")
    first, _ = await run(settings, "Inception", 2010, cache=cache)
    second, elapsed = await run(settings, "  inception ", 2010, cache=cache)
    assert first.status is ToolStatus.OK and first.cached is False
    assert second.status is ToolStatus.OK and second.cached is True
    assert second.rows == first.rows and second.sources == first.sources
    assert route.call_count == 1
    assert elapsed < 0.5
    other_year, _ = await run(settings, "Inception", 2011, cache=cache)
    assert other_year.cached is False and route.call_count == 2


async def test_not_found_is_not_cached(settings: Settings, mock: respx.MockRouter) -> None:
    route = mock.get(URL).respond(200, json={"Response": "False", "Error": "Movie not found!"})
    cache = TTLCache(":memory:")
    for _ in range(2):
        result, _ = await run(settings, "Nope", cache=cache)
        assert result.status is ToolStatus.EMPTY and result.cached is False
    assert route.call_count == 2


def test_args_are_validated() -> None:
    assert OmdbArgs(title=" Inception ").title == "Inception"
    for bad in ({"title": ""}, {"title": "x" * 201}, {"title": "x", "year": 1899},
                {"title": "x", "year": 2101}):  # fmt: skip
        with pytest.raises(ValidationError):
            OmdbArgs(**bad)


def test_redact_removes_the_key_everywhere() -> None:
    register_secrets(KEY)
    text = f"GET {URL}?t=x&apikey={KEY}&r=json failed; key {KEY.upper()}"
    clean = redact(text)
    assert KEY.lower() not in clean.lower() and "apikey=***&r=json" in clean
    assert redact("apikey=other-secret") == "apikey=***"


async def test_a_reply_echoing_the_key_is_redacted_in_rows_and_cache(tmp_path: Path) -> None:
    cache = TTLCache(tmp_path / "cache.db")
    deps = ToolDeps(settings=Settings(omdb_api_key=KEY), cache=cache)
    echo = {"Response": "True", "Title": f"Key {KEY[:5]}\n{KEY[5:]}", "Plot": KEY.upper()}
    with respx.mock:
        respx.get(URL).mock(return_value=httpx.Response(200, json=echo))
        result = await omdb_tool(OmdbArgs(title="x"), deps, "o1")
    stored = (tmp_path / "cache.db").read_bytes().decode("utf-8", "replace").lower()
    assert KEY.lower() not in stored
    assert result.status is ToolStatus.OK
    shown = str(result.rows).lower().replace("\\n", "").replace(" ", "")
    assert KEY.lower() not in shown
