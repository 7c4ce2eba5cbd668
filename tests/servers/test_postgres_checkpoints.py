"""Conversation checkpoints in PostgreSQL (DATABASE_URL): two app runtimes with their own build
directories share one thread, its history and its follow-ups."""

from __future__ import annotations

import time
from pathlib import Path

import psycopg
import pytest

from agentic_rag.agent.memory.checkpoints import backend, checkpoint_threads
from agentic_rag.config import Settings
from agentic_rag.local_servers import LocalServer
from agentic_rag.runtime import AppRuntime


async def test_thread_continues_on_another_runtime(
    shared: Settings,
    second_replica: Settings,
    postgres: LocalServer,
    fixture_rows: list[dict[str, str]],
) -> None:
    other = second_replica
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


async def test_a_paused_server_cannot_hold_a_checkpoint_read(
    postgres: LocalServer, tmp_path: Path
) -> None:
    """SIGSTOP: the kernel still accepts and acknowledges, so only the client's hold timeout
    ends the wait; the cut connection is not handed out again, and the next session works."""
    from agentic_rag.agent.memory.checkpoints import memory_errors, open_checkpointer
    from agentic_rag.agent.memory.pg_connections import HOLD_TIMEOUT_S
    from tests.conftest import make_settings

    settings = make_settings(tmp_path, database_url=postgres.url)
    config = {"configurable": {"thread_id": "paused-read", "checkpoint_ns": ""}}
    async with open_checkpointer(settings) as saver:
        assert await saver.aget_tuple(config) is None
        postgres.pause()
        try:
            start = time.perf_counter()
            with pytest.raises(memory_errors(), match="did not answer within"):
                try:
                    await saver.aget_tuple(config)
                finally:
                    took = time.perf_counter() - start
                await saver.aget_tuple(config)  # the session fails at once from now on
            again = time.perf_counter() - start - took
        finally:
            postgres.resume()
    assert took < HOLD_TIMEOUT_S + 1
    assert again < 0.5
    async with open_checkpointer(settings) as saver:  # back: a new session reads again
        assert await saver.aget_tuple(config) is None


def test_a_paused_server_cannot_hold_a_blocking_read(postgres: LocalServer) -> None:
    """The thread list and the table setup use blocking connections, bounded the same way."""
    from agentic_rag.agent.memory.pg_connections import cut_after

    with psycopg.connect(postgres.url, autocommit=True) as conn:
        postgres.pause()
        try:
            start = time.perf_counter()
            with pytest.raises(psycopg.OperationalError), cut_after(conn, 1.0):
                conn.execute("SELECT 1")
            took = time.perf_counter() - start
        finally:
            postgres.resume()
        assert conn.broken
    assert took < 2.0
