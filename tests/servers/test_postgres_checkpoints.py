"""Conversation checkpoints in PostgreSQL (DATABASE_URL): two app runtimes with their own build
directories share one thread, its history and its follow-ups."""

from __future__ import annotations

from pathlib import Path

import psycopg

from agentic_rag.agent.checkpoints import backend, checkpoint_threads
from agentic_rag.config import Settings
from agentic_rag.local_servers import LocalServer
from agentic_rag.runtime import AppRuntime
from tests.servers.conftest import replica_settings


async def test_thread_continues_on_another_runtime(
    shared: Settings,
    postgres: LocalServer,
    chroma: LocalServer,
    falkordb: LocalServer,
    fixture_rows: list[dict[str, str]],
    tmp_path: Path,
) -> None:
    other = replica_settings(shared, tmp_path / "replica-b", postgres, chroma, falkordb)
    assert backend(other) == "postgres"
    first, second = AppRuntime.open(shared), AppRuntime.open(other)
    try:
        await first.ask("Which titles star Leonardo DiCaprio?", "pg-thread")
        values = await second.ask("And which of those are from the United Kingdom?", "pg-thread")
        listed = [t.thread_id for t in second.past_threads()]
    finally:
        first.close()
        second.close()
    expected = [
        r["title"]
        for r in fixture_rows
        if "Leonardo DiCaprio" in r["cast"] and "United Kingdom" in r["country"]
    ]
    assert expected and all(t in values["answer"] for t in expected)
    assert "Leonardo DiCaprio" in values["resolved_question"]
    assert len(values["turns"]) == 2  # the history came from PostgreSQL
    assert "pg-thread" in listed
    assert not Path(other.threads_path).exists()  # no SQLite checkpoints on either replica
    assert not Path(shared.threads_path).exists()
    with psycopg.connect(postgres.url) as conn:
        stored = conn.execute(
            "SELECT count(*) FROM checkpoints WHERE thread_id = 'pg-thread'"
        ).fetchone()
    assert stored is not None and stored[0] >= 2


def test_thread_list_is_empty_before_any_turn(postgres: LocalServer, tmp_path: Path) -> None:
    from tests.conftest import make_settings

    fresh = postgres.url.rsplit("/", 1)[0] + "/template1"  # a database with no checkpoint table
    assert checkpoint_threads(make_settings(tmp_path, database_url=fresh)) == []
