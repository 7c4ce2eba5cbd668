"""TTLCache: keys, normalisation, expiry with a fake clock, persistence, threads, result helpers."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agentic_rag.config import load_settings
from agentic_rag.tools.base import SourceRef, ToolResult, ToolStatus
from agentic_rag.tools.cache import TTLCache, cached_result, key_for, store_result


class FakeClock:
    def __init__(self, start: float = 1_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def cache(clock: FakeClock) -> TTLCache:
    return TTLCache(":memory:", now=clock)


def test_key_is_sha256_hex_and_depends_on_tool_and_args() -> None:
    key = key_for("web", {"query": "inception"})
    assert len(key) == 64 and all(c in "0123456789abcdef" for c in key)
    assert key != key_for("omdb", {"query": "inception"})
    assert key != key_for("web", {"query": "inception 2010"})
    assert key != key_for("web", {"query": "inception", "max_results": 5})


def test_key_normalises_strings_order_and_none() -> None:
    base = key_for("omdb", {"title": "inception", "year": 2010})
    assert key_for("omdb", {"year": 2010, "title": " Inception "}) == base
    assert key_for("omdb", {"title": "INCEPTION\t", "year": 2010}) == base
    assert key_for("web", {"query": "the  dark\n knight"}) == key_for(
        "web", {"query": "The Dark Knight"}
    )
    assert key_for("omdb", {"title": "x", "year": None}) == key_for("omdb", {"title": "x"})
    assert key_for("omdb", {"title": "x", "year": 2010}) != key_for("omdb", {"title": "x"})


@given(
    text=st.text(alphabet="abcXYZ 019", min_size=1, max_size=20),
    pad=st.sampled_from(["", " ", "  ", "\t", "\n "]),
)
def test_key_ignores_padding_and_case(text: str, pad: str) -> None:
    assert key_for("web", {"q": pad + text.upper() + pad}) == key_for("web", {"q": text.lower()})


def test_miss_hit_and_expiry(cache: TTLCache, clock: FakeClock) -> None:
    args = {"query": "inception", "max_results": 5}
    assert cache.get("web", args) is None
    cache.set("web", args, {"rows": [1, 2]}, ttl_s=60)
    assert cache.get("web", args) == {"rows": [1, 2]}
    assert cache.get("web", {"query": " Inception ", "max_results": 5}) == {"rows": [1, 2]}
    assert cache.get("omdb", args) is None  # same args, other tool
    clock.now += 59.9
    assert cache.get("web", args) == {"rows": [1, 2]}
    clock.now += 0.2
    assert cache.get("web", args) is None
    assert len(cache) == 0  # the expired entry was deleted on read


def test_ttl_zero_stores_nothing(cache: TTLCache) -> None:
    cache.set("web", {"query": "x"}, {"rows": []}, ttl_s=0)
    assert cache.get("web", {"query": "x"}) is None
    assert len(cache) == 0


def test_set_replaces_and_refreshes_expiry(cache: TTLCache, clock: FakeClock) -> None:
    cache.set("web", {"query": "x"}, {"v": 1}, ttl_s=10)
    clock.now += 8
    cache.set("web", {"query": "x"}, {"v": 2}, ttl_s=10)
    clock.now += 8
    assert cache.get("web", {"query": "x"}) == {"v": 2}
    assert len(cache) == 1


def test_purge_expired_and_clear(cache: TTLCache, clock: FakeClock) -> None:
    cache.set("web", {"query": "a"}, {"v": 1}, ttl_s=10)
    cache.set("web", {"query": "b"}, {"v": 2}, ttl_s=100)
    cache.set("omdb", {"title": "c"}, {"v": 3}, ttl_s=100)
    clock.now += 50
    assert cache.purge_expired() == 1
    assert len(cache) == 2
    assert cache.get("web", {"query": "b"}) == {"v": 2}
    cache.clear()
    assert len(cache) == 0
    assert cache.get("omdb", {"title": "c"}) is None


def test_file_cache_persists_across_instances(tmp_path: Path) -> None:
    settings = load_settings(omdb_api_key="test-key-123", build_dir=tmp_path / "build")
    first = TTLCache.from_settings(settings)
    assert first.path == str(tmp_path / "build" / "cache.db")
    first.set("omdb", {"title": "Inception"}, {"rows": [{"title": "Inception"}]}, ttl_s=3600)
    first.close()
    second = TTLCache(settings.cache_path)
    assert second.get("omdb", {"title": "inception"}) == {"rows": [{"title": "Inception"}]}
    second.close()
    with sqlite3.connect(settings.cache_path) as conn:
        cols = [r[1] for r in conn.execute("PRAGMA table_info(cache)")]
    assert cols == ["key", "tool", "value", "expires_at"]


def test_unreadable_entry_is_dropped(cache: TTLCache) -> None:
    cache.set("web", {"query": "x"}, {"v": 1}, ttl_s=60)
    cache._conn.execute("UPDATE cache SET value = 'not json{'")
    assert cache.get("web", {"query": "x"}) is None
    assert len(cache) == 0


def test_threads_share_one_cache_safely(cache: TTLCache) -> None:
    errors: list[BaseException] = []

    def worker(n: int) -> None:
        try:
            for i in range(50):
                cache.set("web", {"query": f"q{n}-{i}"}, {"n": n, "i": i}, ttl_s=60)
                assert cache.get("web", {"query": f"q{n}-{i}"}) == {"n": n, "i": i}
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert errors == []
    assert len(cache) == 8 * 50


def _result(status: ToolStatus, call_id: str = "c1") -> ToolResult:
    return ToolResult(
        tool="web",
        call_id=call_id,
        status=status,
        rows=[{"title": "T", "url": "https://e.x/t", "snippet": "s"}],
        message="1 web result",
        sources=[SourceRef(kind="url", ref="https://e.x/t", label="T")],
        untrusted=True,
        query="t",
    )


def test_result_helpers_keep_only_ok_results(cache: TTLCache) -> None:
    args = {"query": "t", "max_results": 5}
    assert cached_result(cache, "web", args, "c2") is None
    store_result(cache, "web", args, _result(ToolStatus.EMPTY), ttl_s=60)
    store_result(cache, "web", args, _result(ToolStatus.ERROR), ttl_s=60)
    assert len(cache) == 0
    store_result(cache, "web", args, _result(ToolStatus.OK), ttl_s=60)
    hit = cached_result(cache, "web", args, "c2")
    assert hit is not None
    assert hit.cached is True and hit.call_id == "c2" and hit.status is ToolStatus.OK
    assert hit.rows == [{"title": "T", "url": "https://e.x/t", "snippet": "s"}]
    assert hit.sources == [SourceRef(kind="url", ref="https://e.x/t", label="T")]
    assert hit.untrusted is True and hit.message == "1 web result"
    assert cached_result(None, "web", args, "c3") is None


def test_broken_cache_never_breaks_a_tool(cache: TTLCache) -> None:
    cache.close()  # every operation now raises sqlite3.ProgrammingError
    store_result(cache, "web", {"query": "t"}, _result(ToolStatus.OK), ttl_s=60)
    assert cached_result(cache, "web", {"query": "t"}, "c1") is None
