"""The cypher tool on the fixture graph: refusals change nothing, real answers match the CSV."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from agentic_rag.stores.catalog import split_multi
from agentic_rag.stores.graph import GraphStore
from agentic_rag.stores.graph_build import graph_counts
from agentic_rag.tools.audit import AuditLog
from agentic_rag.tools.base import ToolStatus
from agentic_rag.tools.cypher.tool import UNREACHABLE, CypherArgs, cypher_tool, graph_schema
from agentic_rag.tools.deps import ToolDeps

ADVERSARIAL = [
    "MATCH (n) DETACH DELETE n",
    "MATCH (s:Show) DELETE s",
    "MATCH (s:Show) SET s.title = 'pwned' RETURN s",
    "MERGE (p:Person {name: 'Intruder'}) RETURN p",
    "CREATE (n:Show {show_id: 's0', title: 'x'}) RETURN n",
    "MATCH (s:Show) REMOVE s.title RETURN s",
    "DROP INDEX ON :Show(title)",
    "CREATE INDEX FOR (s:Show) ON (s.rating)",
    "LOAD CSV FROM 'http://x' AS row RETURN row",
    "CALL dbms.procedures()",
    "CALL apoc.load.json('x')",
    "CALL db.idx.fulltext.createNodeIndex('Show', 'title')",
    "MATCH (n) RETURN n; MATCH (m) DELETE m",
    "MATCH p=(a)-[*]->(b) RETURN p",
    "MATCH p=(a)-[*1..]->(b) RETURN p",
    "MATCH p=(a)-[*..50]->(b) RETURN p",
    "MATCH (s:Show) FOREACH (x IN [1] | SET s.seen = 1) RETURN s",
    "MATCH (s:Show) WITH s DETACH DELETE s",
    "UNWIND range(1, 5) AS i CREATE (:Show {show_id: toString(i)})",
    "MATCH (a:Person), (b:Person) MERGE (a)-[:KNOWS]->(b)",
]


@pytest.fixture
def deps(built_settings, stores, tmp_path: Path) -> ToolDeps:
    audit = AuditLog(tmp_path / "audit.jsonl")
    return ToolDeps(settings=built_settings, stores=stores, audit=audit)


async def run(deps: ToolDeps, query: str, max_rows: int = 50):
    return await cypher_tool(CypherArgs(query=query, max_rows=max_rows), deps, "c1")


@pytest.mark.parametrize("query", ADVERSARIAL)
async def test_adversarial_queries_are_refused_and_change_nothing(deps, stores, query) -> None:
    before = graph_counts(stores.graph)
    result = await run(deps, query)
    assert result.status in (ToolStatus.REFUSED, ToolStatus.TIMEOUT), result
    assert result.message and result.error
    assert result.rows == []
    assert graph_counts(stores.graph) == before
    assert result.attempts and result.attempts[0].query.startswith(query.split(";")[0][:20])
    audited = deps.audit.entries()
    assert audited and audited[-1]["tool"] == "cypher"
    assert audited[-1]["status"] in ("refused", "timeout")


async def test_forbidden_query_is_not_repaired(deps) -> None:
    result = await run(deps, "MATCH (n:Movie) DETACH DELETE n")
    assert result.status is ToolStatus.REFUSED
    assert len(result.attempts) == 1
    assert "read-only" in result.message


async def test_cartesian_blow_up_is_refused_before_it_is_sent(
    built_settings, stores, tmp_path
) -> None:
    settings = built_settings.model_copy(update={"cypher_timeout_s": 1.0})
    deps = ToolDeps(settings=settings, stores=stores, audit=AuditLog(tmp_path / "a.jsonl"))
    start = time.perf_counter()
    result = await run(deps, "MATCH (a:Person), (b:Person), (c:Person) RETURN count(*)")
    elapsed = time.perf_counter() - start
    assert result.status is ToolStatus.REFUSED
    assert "cartesian" in result.message
    assert elapsed < 1.0
    assert deps.audit.entries()[-1]["status"] == "refused"
    # the server is still healthy afterwards
    ok = await run(deps, "MATCH (s:Show {title: 'Inception'}) RETURN s.title")
    assert ok.status is ToolStatus.OK


async def test_inception_director(deps, fixture_rows) -> None:
    result = await run(
        deps, "MATCH (p:Person)-[:DIRECTED]->(s:Show {title: 'Inception'}) RETURN p.name, s.show_id"
    )
    assert result.status is ToolStatus.OK
    assert result.rows == [{"p.name": "Christopher Nolan", "s.show_id": "s341"}]
    assert result.attempts == []
    assert result.query.endswith("LIMIT 50")
    assert [s.ref for s in result.sources] == ["show:s341"]
    entry = deps.audit.entries()[-1]
    assert entry["status"] == "ok" and entry["rows"] == 1 and entry["query"] == result.query


async def test_dicaprio_titles_match_the_csv(deps, fixture_rows) -> None:
    expected = {
        r["show_id"]: r["title"]
        for r in fixture_rows
        if "Leonardo DiCaprio" in split_multi(r["cast"])
    }
    assert len(expected) >= 5
    result = await run(
        deps,
        "MATCH (:Person {name: 'Leonardo DiCaprio'})-[:ACTED_IN]->(s:Show) "
        "RETURN s.show_id AS show_id, s.title AS title ORDER BY title",
    )
    assert result.status is ToolStatus.OK
    assert {r["show_id"]: r["title"] for r in result.rows} == expected
    assert {s.show_id for s in result.sources} == set(expected)
    assert {s.label for s in result.sources} == set(expected.values())


async def test_nodes_edges_and_paths_become_plain_values(deps) -> None:
    result = await run(
        deps,
        "MATCH path=(p:Person)-[r:DIRECTED]->(s:Show {title: 'Inception'}) RETURN s, p, r, path",
    )
    assert result.status is ToolStatus.OK
    row = result.rows[0]
    assert row["s"]["labels"] == ["Show"]
    assert row["s"]["title"] == "Inception" and row["s"]["release_year"] == 2010
    assert row["p"]["name"] == "Christopher Nolan"
    assert row["r"] == {"type": "DIRECTED", "src": row["p"]["id"], "dst": row["s"]["id"]}
    assert row["path"] == ["Christopher Nolan", "Inception"]
    refs = {s.ref: s for s in result.sources}
    assert refs["show:s341"].label == "Inception"
    assert refs[f"node:{row['p']['id']}"].label == "Christopher Nolan"


async def test_rows_without_nodes_still_have_sources(deps, fixture_rows) -> None:
    costars = await run(
        deps,
        "MATCH (a:Person {name: 'Leonardo DiCaprio'})-[:ACTED_IN]->(s:Show)<-[:ACTED_IN]-"
        "(b:Person) WHERE b <> a RETURN b.name AS name, count(s) AS shared, "
        "collect(s.title) AS titles ORDER BY shared DESC, name",
    )
    assert costars.status is ToolStatus.OK and costars.rows
    names = [r["name"] for r in costars.rows]
    assert [s.label for s in costars.sources] == names
    assert [s.ref for s in costars.sources] == [f"row:{n}" for n in names]
    assert [s.detail for s in costars.sources] == [{"row": i} for i in range(len(names))]
    assert all(s.kind == "graph_node" and s.show_id is None for s in costars.sources)

    count = await run(deps, "MATCH (s:Show) RETURN count(s) AS titles")
    (source,) = count.sources
    assert (source.ref, source.label) == ("row:0", f"titles = {len(fixture_rows)}")

    capped = await run(deps, "MATCH (s:Show) RETURN s.title ORDER BY s.title", max_rows=3)
    assert [s.label for s in capped.sources] == [r["s.title"] for r in capped.rows]
    assert len(capped.sources) == 3


async def test_empty_result_and_row_caps(deps, fixture_rows) -> None:
    empty = await run(deps, "MATCH (s:Show {title: 'No Such Title'}) RETURN s.title")
    assert empty.status is ToolStatus.EMPTY and empty.rows == []
    assert "matched nothing" in empty.message

    capped = await run(deps, "MATCH (s:Show) RETURN s.title LIMIT 500", max_rows=5)
    assert capped.query.endswith("LIMIT 200")
    assert len(capped.rows) == 5 and capped.truncated
    assert f"{min(200, len(fixture_rows))} rows" in capped.message

    limited = await run(deps, "MATCH (s:Show) RETURN s.title", max_rows=3)
    assert limited.query.endswith("LIMIT 3") and len(limited.rows) == 3


async def test_allowed_procedure_and_schema_cache(deps, stores) -> None:
    result = await run(deps, "CALL db.labels()")
    assert result.status is ToolStatus.OK
    assert {r["label"] for r in result.rows} == {"Show", "Person", "Genre", "Country"}
    schema = graph_schema(stores.graph)
    assert graph_schema(stores.graph) is schema
    assert schema.relationships["DIRECTED"] == [("Person", "Show")]


async def test_server_errors_are_errors_not_crashes(deps) -> None:
    result = await run(deps, "MATCH (s:Show) RETURN abs(s.title, 1, 2, 3)")
    assert result.status is ToolStatus.ERROR
    assert "abs" in result.error.lower()
    assert len(result.attempts) == 1


async def test_unknown_functions_are_refused_by_the_guard(deps) -> None:
    result = await run(deps, "MATCH (s:Show) RETURN nosuchfunction(s.title)")
    assert result.status is ToolStatus.REFUSED
    assert "nosuchfunction() is not allowed" in result.error


async def test_no_graph_store(built_settings) -> None:
    result = await cypher_tool(CypherArgs(query="RETURN 1"), ToolDeps(settings=built_settings), "c")
    assert result.status is ToolStatus.ERROR and "not open" in result.message


class _DeadGraph:
    """A graph handle whose server has gone away."""

    def config_value(self, key: str) -> int:
        raise RedisConnectionError("Connection refused")

    def ro_query(self, *args, **kwargs):
        raise RedisConnectionError("Connection refused")


class _GraphOnly:
    def __init__(self, graph) -> None:
        self.graph = graph


async def test_unreachable_graph_server(built_settings) -> None:
    deps = ToolDeps(settings=built_settings, stores=_GraphOnly(_DeadGraph()))  # type: ignore[arg-type]
    result = await run(deps, "MATCH (s:Show) RETURN s.title")
    assert result.status is ToolStatus.ERROR
    assert result.message == UNREACHABLE
    assert result.message.startswith("The graph server is not reachable")


async def test_server_killed_after_start(built_settings, tmp_path) -> None:
    graph = GraphStore.open_embedded(tmp_path / "g" / "tiny.rdb", "tiny")
    try:
        graph.write("CREATE (:Show {show_id: 's1', title: 'Tiny'})")
        deps = ToolDeps(settings=built_settings, stores=_GraphOnly(graph))  # type: ignore[arg-type]
        first = await run(deps, "MATCH (s:Show) RETURN s.title")
        assert first.status is ToolStatus.OK and first.rows == [{"s.title": "Tiny"}]
        pid = graph.pid()
        assert pid
        os.kill(pid, signal.SIGKILL)
        for _ in range(50):
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)
        result = await run(deps, "MATCH (s:Show) RETURN s.title")
        assert result.status is ToolStatus.ERROR
        assert "not reachable" in result.message
    finally:
        graph.close()


async def test_server_refuses_a_write_the_guard_let_through(deps, stores, monkeypatch) -> None:
    """Defence in depth: GRAPH.RO_QUERY itself rejects writes."""
    import agentic_rag.tools.cypher.tool as cypher_module

    monkeypatch.setattr(cypher_module, "check_cypher", lambda q, *a, **k: q)
    before = graph_counts(stores.graph)
    result = await run(deps, "CREATE (n:Show {show_id: 's0'}) RETURN n")
    assert result.status is ToolStatus.REFUSED
    assert "read-only" in result.message
    assert len(result.attempts) == 1
    assert graph_counts(stores.graph) == before
