"""Chroma and FalkorDB as servers (CHROMA_URL, FALKORDB_URL): the data build loads into them and
a turn's tools read from them, not from any embedded store."""

from __future__ import annotations

from agentic_rag.config import Settings
from agentic_rag.runtime import AppRuntime
from agentic_rag.stores.build import build_all, read_manifest
from agentic_rag.stores.vectors import chroma_client


def test_build_loaded_the_servers(shared: Settings, fixture_rows: list[dict[str, str]]) -> None:
    described = sum(1 for r in fixture_rows if r["description"].strip())
    collection = chroma_client(url=shared.chroma_url).get_collection(shared.chroma_collection)
    assert collection.count() == described
    stages = read_manifest(shared)["stages"]
    assert stages["chroma"]["location"] == shared.chroma_url
    assert stages["graph"]["location"] == shared.falkordb_url
    assert stages["graph"]["counts"]["Show"] == len(fixture_rows)
    assert not (shared.build_dir / "chroma").exists()  # nothing embedded was written
    assert not (shared.build_dir / "graph").exists()
    again = build_all(shared)  # current: a second build is a no-op
    assert {r.status for r in again} == {"skipped"}


async def test_turn_reads_from_the_servers(shared: Settings) -> None:
    runtime = AppRuntime.open(shared)
    try:
        assert not runtime.stores.graph.embedded
        assert runtime.stores.graph.location == shared.falkordb_url
        graph_turn = await runtime.ask("Which movies did Christopher Nolan direct?", "srv-g")
        vector_turn = await runtime.ask("Thrillers about a heist inside people's dreams", "srv-v")
    finally:
        runtime.close()
    graph_ok = {r["tool"] for r in graph_turn["results"].values() if r["status"] == "ok"}
    vector_ok = {r["tool"] for r in vector_turn["results"].values() if r["status"] == "ok"}
    assert graph_ok & {"cypher", "graph_expand"}, graph_turn["results"]
    assert "semantic" in vector_ok, vector_turn["results"]
    assert "Inception" in graph_turn["answer"]
    assert "Inception" in vector_turn["answer"]
