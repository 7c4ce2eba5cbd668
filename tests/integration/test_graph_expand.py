"""graph_expand on the fixture graph: Inception's neighbourhood, depth 2 and the node cap."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from agentic_rag.stores.catalog import split_multi
from agentic_rag.tools.audit import AuditLog
from agentic_rag.tools.base import ToolStatus
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.graph_expand import GraphExpandArgs, graph_expand_tool

INCEPTION = "s341"


@pytest.fixture
def deps(built_settings, stores, tmp_path: Path) -> ToolDeps:
    audit = AuditLog(tmp_path / "audit.jsonl")
    return ToolDeps(settings=built_settings, stores=stores, audit=audit)


@pytest.fixture(scope="module")
def inception(fixture_rows) -> dict[str, str]:
    return next(r for r in fixture_rows if r["show_id"] == INCEPTION)


async def expand(deps: ToolDeps, **kwargs):
    return await graph_expand_tool(GraphExpandArgs(**kwargs), deps, "g1")


def _names(rows, relation: str) -> set[str]:
    return {r["name"] for r in rows if r["relation"] == relation}


def _nodes(result) -> set[str]:
    """Distinct graph nodes a result mentions (seed shows included)."""
    nodes = {f"show:{r['show_id']}" for r in result.rows}
    for r in result.rows:
        if r["related_show_id"]:
            nodes.add(f"show:{r['related_show_id']}")
        else:
            kind = {"directed_by": "person", "cast": "person"}.get(r["relation"], r["relation"])
            nodes.add(f"{kind}:{r['name']}")
    return nodes


async def test_inception_neighbourhood(deps, inception) -> None:
    result = await expand(deps, show_ids=[INCEPTION], max_nodes=100)
    assert result.status is ToolStatus.OK
    rows = result.rows
    assert all(r["show_id"] == INCEPTION and r["title"] == "Inception" for r in rows)
    assert _names(rows, "directed_by") == {"Christopher Nolan"}
    assert _names(rows, "genre") == set(split_multi(inception["listed_in"]))
    assert _names(rows, "country") == set(split_multi(inception["country"]))
    cast = [r["name"] for r in rows if r["relation"] == "cast"]
    assert cast == list(split_multi(inception["cast"]))[:10]  # billing order, capped per show
    assert [s.ref for s in result.sources] == [f"show:{INCEPTION}"]
    assert result.sources[0].label == "Inception"
    assert all(e["tool"] == "graph_expand" for e in deps.audit.entries())


async def test_depth_two_finds_titles_sharing_people(deps, fixture_rows) -> None:
    expected = {
        r["show_id"]
        for r in fixture_rows
        if r["show_id"] != INCEPTION
        and (
            "Christopher Nolan" in split_multi(r["director"])
            or "Leonardo DiCaprio" in split_multi(r["cast"])
        )
    }
    assert expected, "the fixture slice should hold another Nolan or DiCaprio title"
    result = await expand(deps, show_ids=[INCEPTION], depth=2, max_nodes=100)
    assert result.status is ToolStatus.OK
    related = [r for r in result.rows if r["relation"] in ("shares_director", "shares_cast")]
    found = {r["related_show_id"] for r in related}
    assert found & expected
    dicaprio = [r for r in related if "Leonardo DiCaprio" in (r["via"] or "")]
    assert dicaprio and all(r["related_title"] for r in dicaprio)
    counts = [r["via"].count(",") for r in related]
    assert counts == sorted(counts, reverse=True)  # most shared people first
    assert {f"show:{sid}" for sid in found} <= {s.ref for s in result.sources}


async def test_max_nodes_is_honoured(deps) -> None:
    for cap in (5, 12):
        result = await expand(deps, show_ids=[INCEPTION], depth=2, max_nodes=cap)
        assert result.status is ToolStatus.OK
        assert len(_nodes(result)) <= cap
        assert result.truncated and f"max_nodes={cap}" in result.message
    small = await expand(deps, show_ids=[INCEPTION], max_nodes=5)
    assert _names(small.rows, "directed_by") == {"Christopher Nolan"}  # directors come first


async def test_several_shows_and_unknown_ids(deps) -> None:
    result = await expand(deps, show_ids=[INCEPTION, "s999999", "s393"], max_nodes=100)
    assert result.status is ToolStatus.OK
    assert {r["show_id"] for r in result.rows} == {INCEPTION, "s393"}
    assert "Not in the graph: s999999" in result.message
    assert "Quentin Tarantino" in _names(result.rows, "directed_by")

    missing = await expand(deps, show_ids=["s999998", "s999999"])
    assert missing.status is ToolStatus.EMPTY
    assert missing.rows == []
    assert "s999998" in missing.message and "s999999" in missing.message


def test_arguments_are_validated() -> None:
    assert GraphExpandArgs(show_ids=[" s1 ", "s1", "s22"]).show_ids == ["s1", "s22"]
    for bad in (["341"], ["s34a"], ["S341"], [], [f"s{i}" for i in range(11)]):
        with pytest.raises(ValidationError):
            GraphExpandArgs(show_ids=bad)
    with pytest.raises(ValidationError):
        GraphExpandArgs(show_ids=["s1"], depth=3)
    with pytest.raises(ValidationError):
        GraphExpandArgs(show_ids=["s1"], max_nodes=4)


async def test_no_graph_store(built_settings) -> None:
    result = await graph_expand_tool(
        GraphExpandArgs(show_ids=["s1"]), ToolDeps(settings=built_settings), "g"
    )
    assert result.status is ToolStatus.ERROR
