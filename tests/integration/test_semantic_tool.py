"""The semantic tool on the fixture vectors: ranking, sources, filters, genres and the cache.

Expected facts come from `fixture_rows` (the CSV read with plain csv), not from the stores.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from agentic_rag.stores.catalog import split_multi
from agentic_rag.tools.audit import AuditLog
from agentic_rag.tools.base import ToolResult, ToolStatus
from agentic_rag.tools.cache import TTLCache
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.semantic import SemanticArgs, semantic_tool

INCEPTION = "s341"
DREAM_HEIST = "a thief who steals secrets from people's dreams"


@pytest.fixture
def deps(built_settings, stores, tmp_path: Path) -> ToolDeps:
    return ToolDeps(
        settings=built_settings, stores=stores, audit=AuditLog(tmp_path / "audit.jsonl")
    )


@pytest.fixture(scope="module")
def by_id(fixture_rows) -> dict[str, dict[str, str]]:
    return {r["show_id"]: r for r in fixture_rows}


async def search(deps: ToolDeps, call_id: str = "s1", **kwargs) -> ToolResult:
    return await semantic_tool(SemanticArgs(**kwargs), deps, call_id)


def _genres(row: dict[str, str]) -> list[str]:
    return split_multi(row["listed_in"])


def _countries(row: dict[str, str]) -> list[str]:
    return split_multi(row["country"])


# --- ranking and sources -----------------------------------------------------


async def test_dream_heist_ranks_inception_first(deps, by_id):
    result = await search(deps, query=DREAM_HEIST)
    assert result.status is ToolStatus.OK
    top = result.rows[0]
    assert top["show_id"] == INCEPTION
    assert top["title"] == "Inception" == by_id[INCEPTION]["title"]
    assert top["type"] == "Movie"
    assert top["release_year"] == int(by_id[INCEPTION]["release_year"])
    assert top["description"] == by_id[INCEPTION]["description"]
    assert isinstance(top["distance"], float)
    distances = [r["distance"] for r in result.rows]
    assert distances == sorted(distances)
    assert result.query == DREAM_HEIST
    assert result.message == f"{len(result.rows)} titles by meaning"
    assert result.error is None
    assert result.cached is False


async def test_sources_are_shows_with_id_and_distance(deps):
    result = await search(deps, query=DREAM_HEIST, n_results=5)
    assert len(result.sources) == len(result.rows) == 5
    for src, row in zip(result.sources, result.rows, strict=True):
        assert src.kind == "show"
        assert src.show_id == src.ref == row["show_id"]
        assert src.label == row["title"]
        assert src.detail == {"distance": row["distance"]}


async def test_results_are_untrusted_text(deps):
    result = await search(deps, query=DREAM_HEIST)
    assert result.untrusted is True


@pytest.mark.parametrize("n", [1, 3, 20])
async def test_n_results_caps_the_rows(deps, n):
    result = await search(deps, query="a family drama", n_results=n)
    assert len(result.rows) == n


@pytest.mark.parametrize("n", [0, 21])
def test_n_results_out_of_range_is_rejected(n):
    with pytest.raises(ValidationError):
        SemanticArgs(query="a family drama", n_results=n)


# --- filters -----------------------------------------------------------------


@pytest.mark.parametrize("kind", ["Movie", "TV Show"])
async def test_type_filter(deps, by_id, kind):
    result = await search(deps, query="a detective solving crimes", type=kind, n_results=20)
    assert result.status is ToolStatus.OK
    assert len(result.rows) == 20
    assert {r["type"] for r in result.rows} == {kind}
    assert all(by_id[r["show_id"]]["type"] == kind for r in result.rows)


async def test_year_range_filter(deps, by_id, fixture_rows):
    result = await search(deps, query="a love story", year_from=2015, year_to=2017, n_results=20)
    expected = sum(2015 <= int(r["release_year"]) <= 2017 for r in fixture_rows)
    assert len(result.rows) == min(20, expected)
    for row in result.rows:
        assert 2015 <= row["release_year"] <= 2017
        assert int(by_id[row["show_id"]]["release_year"]) == row["release_year"]


async def test_year_bounds_alone_and_swapped(deps, fixture_rows):
    old = await search(deps, query="a war story", year_to=1960, n_results=20)
    assert len(old.rows) == sum(int(r["release_year"]) <= 1960 for r in fixture_rows)
    assert all(r["release_year"] <= 1960 for r in old.rows)
    new = await search(deps, query="a war story", year_from=2021, n_results=5)
    assert new.rows and all(r["release_year"] >= 2021 for r in new.rows)
    swapped = SemanticArgs(query="a war story", year_from=2017, year_to=2015)
    assert (swapped.year_from, swapped.year_to) == (2015, 2017)


async def test_genre_filter_is_case_insensitive(deps, by_id, fixture_rows):
    result = await search(deps, query=DREAM_HEIST, genre="thrillers", n_results=20)
    assert result.status is ToolStatus.OK
    assert len(result.rows) == sum("Thrillers" in _genres(r) for r in fixture_rows)
    assert all("Thrillers" in _genres(by_id[r["show_id"]]) for r in result.rows)
    assert result.rows[0]["show_id"] == INCEPTION


async def test_misspelt_genre_resolves_to_the_close_name(deps, by_id):
    result = await search(deps, query="the history of the planet", genre="Documentarys")
    assert result.status is ToolStatus.OK
    assert result.rows
    assert all("Documentaries" in _genres(by_id[r["show_id"]]) for r in result.rows)


async def test_unknown_genre_is_an_error_listing_known_genres(deps):
    result = await search(deps, query=DREAM_HEIST, genre="Polka Westerns")
    assert result.status is ToolStatus.ERROR
    assert result.rows == [] and result.sources == []
    assert "Unknown genre 'Polka Westerns'" in result.message
    assert "Known genres include:" in result.message
    assert "Action & Adventure" in result.message
    assert result.error == result.message


async def test_country_filter(deps, by_id, fixture_rows):
    result = await search(deps, query="a family drama", country="india", n_results=20)
    assert result.status is ToolStatus.OK
    assert len(result.rows) == min(20, sum("India" in _countries(r) for r in fixture_rows))
    assert all("India" in _countries(by_id[r["show_id"]]) for r in result.rows)


async def test_filters_combine(deps, by_id):
    result = await search(
        deps, query="a crime story", type="TV Show", country="United States", n_results=20
    )
    assert result.rows
    for row in result.rows:
        src = by_id[row["show_id"]]
        assert src["type"] == "TV Show"
        assert "United States" in _countries(src)


async def test_unknown_country_is_an_error(deps):
    result = await search(deps, query="a family drama", country="Atlantis")
    assert result.status is ToolStatus.ERROR
    assert "Unknown country 'Atlantis'" in result.message


# --- cache and missing stores --------------------------------------------------


async def test_second_identical_call_comes_from_the_cache(built_settings, stores, tmp_path):
    cache = TTLCache(tmp_path / "c.db")
    deps = ToolDeps(settings=built_settings, stores=stores, cache=cache)
    try:
        first = await search(deps, "call-1", query=DREAM_HEIST, genre="Thrillers", n_results=4)
        second = await search(deps, "call-2", query=DREAM_HEIST, genre="Thrillers", n_results=4)
    finally:
        cache.close()
    assert first.status is second.status is ToolStatus.OK
    assert first.cached is False and second.cached is True
    assert (first.call_id, second.call_id) == ("call-1", "call-2")
    assert second.rows == first.rows
    assert second.sources == first.sources
    assert second.untrusted is True
    assert second.query == first.query == DREAM_HEIST


async def test_different_arguments_miss_the_cache(built_settings, stores, tmp_path):
    cache = TTLCache(tmp_path / "c.db")
    deps = ToolDeps(settings=built_settings, stores=stores, cache=cache)
    try:
        await search(deps, "call-1", query=DREAM_HEIST, n_results=4)
        other = await search(deps, "call-2", query=DREAM_HEIST, n_results=5)
    finally:
        cache.close()
    assert other.cached is False
    assert len(other.rows) == 5


async def test_no_stores_is_an_error_result(built_settings):
    result = await search(ToolDeps(settings=built_settings, stores=None), query=DREAM_HEIST)
    assert result.status is ToolStatus.ERROR
    assert result.tool == "semantic" and result.call_id == "s1"
    assert "not open" in result.message
    assert result.rows == []


@pytest.mark.parametrize(
    "where",
    [
        {"type": "Movie"},
        {"release_year": {"$gte": 2015}},
        {"$and": [{"type": "TV Show"}, {"release_year": {"$lte": 2018}}]},
        {"genre_list": {"$contains": "Dramas"}},
    ],
)
def test_overfetch_filter_matches_chromas_own_filter(stores, where):
    """The fast path (unfiltered over-fetch, filtered in Python) returns Chroma's filtered top-n."""
    from agentic_rag.tools.semantic import OVERFETCH, filter_hits

    vector = stores.embedder.embed_one("a family drama about growing up")
    include = ["metadatas", "documents", "distances"]
    wide = stores.collection.query(query_embeddings=[vector], n_results=OVERFETCH, include=include)
    fast = filter_hits(wide, where, 5)
    exact = stores.collection.query(
        query_embeddings=[vector], n_results=5, where=where, include=include
    )
    assert fast is not None
    assert fast["ids"][0] == exact["ids"][0]
