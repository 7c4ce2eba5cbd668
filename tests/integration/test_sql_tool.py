"""The sql tool on the fixture catalog: real answers, clear errors, and an adversarial suite
that must be refused or stopped without writing anything."""

from __future__ import annotations

import asyncio
import hashlib
import os
import re
import signal
import threading
import time
from pathlib import Path

import pytest
from pydantic import ValidationError

from agentic_rag.config import Settings
from agentic_rag.errors import QueryTimeoutError
from agentic_rag.tools.audit import AuditLog
from agentic_rag.tools.base import ToolResult, ToolStatus
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.sql import workers as workers_module
from agentic_rag.tools.sql.tool import SqlArgs, sql_tool
from agentic_rag.tools.sql.workers import QueryRequest

ATTACK_PATHS = [Path("/tmp/agentic_rag_attack.db"), Path("/tmp/agentic_rag_attack_vacuum.db")]
BLOWUP = "SELECT count(*) FROM show_people a, show_people b, show_people c"
ENDLESS = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c"


def make_deps(settings: Settings, stores, tmp_path: Path, **overrides) -> ToolDeps:
    if overrides:
        settings = settings.model_copy(update=overrides)
    return ToolDeps(settings=settings, stores=stores, audit=AuditLog(tmp_path / "audit.jsonl"))


@pytest.fixture
def deps(built_settings, stores, tmp_path) -> ToolDeps:
    return make_deps(built_settings, stores, tmp_path)


@pytest.fixture
def fast_deps(built_settings, stores, tmp_path) -> ToolDeps:
    """sql_timeout_s = 1 s, so runaway queries stop quickly."""
    return make_deps(built_settings, stores, tmp_path, sql_timeout_s=1.0)


async def run(deps: ToolDeps, query: str, **kwargs) -> ToolResult:
    return await sql_tool(SqlArgs(query=query, **kwargs), deps, "call-1")


def snapshot(settings: Settings) -> tuple[str, list[str], list[bool]]:
    """The catalog's hash, every name under the build dir, and which attack paths exist."""
    digest = hashlib.sha256(Path(settings.sqlite_path).read_bytes()).hexdigest()
    build = Path(settings.build_dir)
    names = sorted(str(p.relative_to(build)) for p in build.rglob("*"))
    return digest, names, [p.exists() for p in ATTACK_PATHS]


# --- real answers ------------------------------------------------------------


async def test_movie_count_matches_the_csv(deps, fixture_rows):
    result = await run(deps, "SELECT count(*) AS movies FROM shows WHERE type = 'Movie'")
    assert result.status is ToolStatus.OK
    assert result.rows == [{"movies": sum(r["type"] == "Movie" for r in fixture_rows)}]
    assert result.message == "1 row"
    assert result.query == "SELECT COUNT(*) AS movies FROM shows WHERE type = 'Movie' LIMIT 50"
    (source,) = result.sources
    assert (source.ref, source.label) == ("query:shows", f"movies = {result.rows[0]['movies']}")
    assert source.detail == {"sql": result.query}
    assert result.untrusted is False


async def test_aggregate_rows_cite_the_query_and_its_tables(deps):
    result = await run(
        deps,
        "SELECT c.name AS country, count(*) AS n FROM show_countries sc JOIN countries c "
        "ON c.country_id = sc.country_id GROUP BY c.name ORDER BY n DESC, country LIMIT 12",
    )
    assert result.status is ToolStatus.OK and len(result.rows) > 1
    (source,) = result.sources
    assert source.kind == "sql_row" and source.show_id is None
    assert source.label == f"{len(result.rows)} rows of country, n"
    assert source.ref.startswith("query:")
    assert set(source.ref.removeprefix("query:").split(",")) == {"show_countries", "countries"}
    assert source.detail == {"sql": result.query}


async def test_inception_director_through_joins(deps, fixture_rows):
    src = next(r for r in fixture_rows if r["title"] == "Inception")
    result = await run(
        deps,
        "SELECT s.show_id, s.title, p.name AS director FROM shows s "
        "JOIN show_people sp ON sp.show_id = s.show_id JOIN people p ON p.person_id = sp.person_id "
        "WHERE s.title = 'Inception' AND sp.role = 'director'",
    )
    assert result.status is ToolStatus.OK
    assert result.rows == [
        {"show_id": src["show_id"], "title": "Inception", "director": src["director"]}
    ]
    (source,) = result.sources
    assert (source.kind, source.ref) == ("sql_row", f"shows:{src['show_id']}")
    assert (source.show_id, source.label) == (src["show_id"], "Inception")


async def test_people_rows_cite_people(deps):
    result = await run(deps, "SELECT person_id, name FROM people WHERE name = 'Christopher Nolan'")
    (row,) = result.rows
    assert [(s.ref, s.label, s.show_id) for s in result.sources] == [
        (f"people:{row['person_id']}", "Christopher Nolan", None)
    ]


async def test_full_text_search_runs_inside_the_sandbox(deps, fixture_rows):
    expected = {
        r["show_id"]
        for r in fixture_rows
        if re.search(r"\bdreams\b", f"{r['title']} {r['description']}", re.IGNORECASE)
    }
    result = await run(
        deps, "SELECT show_id, title FROM shows_fts WHERE shows_fts MATCH 'dreams' ORDER BY rank"
    )
    assert expected, "the fixture slice should mention dreams"
    assert result.status is ToolStatus.OK
    assert {row["show_id"] for row in result.rows} == expected
    assert {s.ref for s in result.sources} == {f"shows:{i}" for i in expected}


async def test_guard_limit_marks_truncation(deps, fixture_rows):
    result = await run(deps, "SELECT show_id, title FROM shows ORDER BY show_id", max_rows=5)
    assert result.query.endswith("LIMIT 5")
    assert len(result.rows) == 5 and result.truncated
    assert "there may be more" in result.message
    assert len(result.sources) == 5
    assert all(s.ref.startswith("shows:s") and s.label for s in result.sources)
    own_limit = await run(deps, "SELECT show_id FROM shows ORDER BY show_id LIMIT 3")
    assert len(own_limit.rows) == 3 and not own_limit.truncated
    assert own_limit.message == "3 rows"


async def test_empty_result(deps):
    result = await run(deps, "SELECT show_id, title FROM shows WHERE title = 'No Such Title 123'")
    assert result.status is ToolStatus.EMPTY and result.ok
    assert result.rows == [] and "matched nothing" in result.message
    assert [(s.ref, s.label) for s in result.sources] == [("query:shows", "no rows")]


async def test_description_text_is_marked_untrusted(deps):
    result = await run(deps, "SELECT show_id, description FROM shows WHERE title = 'Inception'")
    assert result.status is ToolStatus.OK and result.untrusted


# --- errors the planner can act on -------------------------------------------


async def test_unknown_table_names_it_and_lists_tables(deps):
    result = await run(deps, "SELECT title FROM movies")
    assert result.status is ToolStatus.REFUSED
    assert "'movies'" in result.message
    for table in ("shows", "people", "show_people", "genres", "countries", "shows_fts"):
        assert table in result.message


async def test_unknown_qualified_column_lists_the_tables_columns(deps):
    result = await run(deps, "SELECT s.titel FROM shows s")
    assert result.status is ToolStatus.REFUSED
    assert "'s.titel'" in result.message
    assert "title" in result.message and "release_year" in result.message


async def test_unknown_column_found_by_sqlite_lists_columns(deps):
    result = await run(deps, "SELECT nme FROM shows s JOIN people p ON p.person_id = 1")
    assert result.status is ToolStatus.ERROR
    assert "no such column: nme" in result.message
    assert "people(person_id, name, name_folded)" in result.message
    assert result.query is not None


async def test_store_not_open(built_settings, tmp_path):
    deps = ToolDeps(settings=built_settings, stores=None, audit=AuditLog(tmp_path / "a.jsonl"))
    result = await run(deps, "SELECT 1")
    assert result.status is ToolStatus.ERROR
    assert result.message == "SQL store is not open"


def test_max_rows_is_bounded():
    with pytest.raises(ValidationError):
        SqlArgs(query="SELECT 1", max_rows=500)
    with pytest.raises(ValidationError):
        SqlArgs(query="SELECT 1", max_rows=0)


# --- adversarial -------------------------------------------------------------

REFUSED, TIMEOUT = ToolStatus.REFUSED, ToolStatus.TIMEOUT
ADVERSARIAL = [
    ("SELECT 1; DELETE FROM shows", REFUSED),
    ("SELECT 1; /* */ DELETE FROM shows", REFUSED),
    ("/* SELECT */ DELETE FROM shows", REFUSED),
    ("WITH x AS (SELECT 1) DELETE FROM shows", REFUSED),
    ("WITH d AS (DELETE FROM shows RETURNING *) SELECT * FROM d", REFUSED),
    ("SELECT 1 UNION SELECT 2; DROP TABLE shows", REFUSED),
    ("SELECT * FROM shows; ATTACH '/tmp/agentic_rag_attack.db' AS y", REFUSED),
    ("ATTACH DATABASE '/tmp/agentic_rag_attack.db' AS x", REFUSED),
    ("DETACH DATABASE main", REFUSED),
    ("PRAGMA query_only=0", REFUSED),
    ("PRAGMA writable_schema=1", REFUSED),
    ("VACUUM INTO '/tmp/agentic_rag_attack_vacuum.db'", REFUSED),
    ("SELECT * INTO t FROM shows", REFUSED),
    ("INSERT INTO shows(show_id, type, title) VALUES ('x', 'Movie', 'x')", REFUSED),
    ("INSERT OR REPLACE INTO genres VALUES (1, 'x')", REFUSED),
    ("REPLACE INTO genres VALUES (1, 'x')", REFUSED),
    ("UPDATE shows SET title = 'pwned'", REFUSED),
    ("DELETE FROM shows WHERE show_id IN (SELECT show_id FROM shows)", REFUSED),
    ("DROP TABLE shows", REFUSED),
    ("CREATE TABLE t(x)", REFUSED),
    ("CREATE TEMP TABLE t AS SELECT * FROM shows", REFUSED),
    ("ALTER TABLE shows RENAME TO s2", REFUSED),
    ("BEGIN", REFUSED),
    ("BEGIN IMMEDIATE", REFUSED),
    ("COMMIT", REFUSED),
    ("SAVEPOINT a", REFUSED),
    ("ANALYZE", REFUSED),
    ("SELECT load_extension('x')", REFUSED),
    ("SELECT \"load_extension\"('x')", REFUSED),
    ("SELECT readfile('/etc/passwd')", REFUSED),
    ("SELECT writefile('/tmp/agentic_rag_attack.db', 'x')", REFUSED),
    ("SELECT fts3_tokenizer('x')", REFUSED),
    ("SELECT * FROM pragma_table_info('shows')", REFUSED),  # stopped by the authorizer
    ("SELECT zeroblob(2000000000)", REFUSED),
    ("SELECT printf('%.*c', 2000000000, 'x')", REFUSED),
    ("SELECT length(replace(hex(zeroblob(100000000)),'0','00'))", REFUSED),
    ("SELECT length(replace(hex(zeroblob(400000)), '0', '00'))", REFUSED),  # 1 MB run-time limit
    ("SELECT randomblob(999999) || randomblob(999999)", REFUSED),  # 1 MB run-time limit
    (ENDLESS, TIMEOUT),
    (BLOWUP, TIMEOUT),
]


@pytest.mark.parametrize(("query", "expected"), ADVERSARIAL)
async def test_adversarial_input_is_refused_or_stopped(query, expected, fast_deps, built_settings):
    before = snapshot(built_settings)
    started = time.perf_counter()
    result = await run(fast_deps, query)
    waited_ms = (time.perf_counter() - started) * 1000
    assert result.status is expected, result.message
    assert result.message.strip() and result.error == result.message
    assert result.rows == []
    assert result.elapsed_ms < 3000 and waited_ms < 3000
    assert snapshot(built_settings) == before  # nothing written, no file created


async def test_timeout_message_names_the_limit(fast_deps):
    result = await run(fast_deps, ENDLESS)
    assert result.status is ToolStatus.TIMEOUT
    assert result.message == "SQL query ran past 1 s and was stopped; add filters or a LIMIT"
    assert result.query is not None and result.query.endswith("LIMIT 50")


def test_a_worker_that_does_not_answer_is_killed_and_replaced(built_settings):
    """A stopped worker stands for a C call that never reaches an interrupt check."""
    pool = workers_module.WorkerPool(size=1, warm=0)
    path = Path(built_settings.sqlite_path)
    worker = pool.acquire(1.0)
    os.kill(worker.pid, signal.SIGSTOP)
    pool.release(worker, healthy=True)
    holder: list[workers_module.Worker] = []
    started = time.perf_counter()
    with pytest.raises(QueryTimeoutError):
        workers_module.run_blocking(QueryRequest(path, "SELECT 1", 1, 0.3), 1.0, holder, pool)
    assert time.perf_counter() - started < 0.3 + workers_module.KILL_GRACE_S + 0.5
    assert holder == [worker] and worker.proc.poll() is not None and pool.killed == 1
    fresh = workers_module.run_blocking(
        QueryRequest(path, "SELECT 1 AS one", 1, 2.0), 2.0, [], pool
    )
    assert fresh.rows == [{"one": 1}]
    pool.close()


async def test_cancelled_call_stops_its_thread(built_settings, stores, tmp_path, monkeypatch):
    finished = threading.Event()
    real = workers_module.run_blocking

    def tracked(*args, **kwargs):
        try:
            return real(*args, **kwargs)
        finally:
            finished.set()

    monkeypatch.setattr(workers_module, "run_blocking", tracked)
    deps = make_deps(built_settings, stores, tmp_path, sql_timeout_s=60.0)
    task = asyncio.create_task(run(deps, BLOWUP))
    await asyncio.sleep(0.5)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await asyncio.to_thread(finished.wait, 2.0), "the worker thread kept running"
    assert [e["status"] for e in deps.audit.entries()] == ["cancelled"]


# --- audit log ---------------------------------------------------------------


async def test_every_call_is_audited(fast_deps):
    calls = [
        ("SELECT count(*) FROM shows", "ok"),
        ("SELECT title FROM shows WHERE title = 'No Such Title 123'", "empty"),
        ("DROP TABLE shows", "refused"),
        ("SELECT nme FROM shows s JOIN people p ON 1 = 1", "error"),
        (ENDLESS, "timeout"),
    ]
    for query, _ in calls:
        await run(fast_deps, query)
    entries = fast_deps.audit.entries()
    assert [(e["tool"], e["status"]) for e in entries] == [("sql", s) for _, s in calls]
    assert entries[0]["query"] == "SELECT COUNT(*) FROM shows LIMIT 50"  # the query actually run
    assert entries[0]["rows"] == 1 and "error" not in entries[0]
    assert entries[2]["query"] == "DROP TABLE shows" and "DROP" in entries[2]["error"]
    assert "no such column" in entries[3]["error"]
    assert entries[4]["ms"] >= 900
