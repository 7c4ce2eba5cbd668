"""Faults on the scale path: a store server killed or paused in the middle of a turn, and
PostgreSQL killed under a conversation. Each turn still ends inside its deadline with an answer
that names the failed source; the next turn works once the server is back; nothing stored
before is lost.

These tests start their own servers (they kill them); the build-directory faults are in
test_build_dir_faults.py. A hung external API (a port that never answers) is the last test.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from pathlib import Path

import pytest

from agentic_rag.bench.faults import CALL_SITES, tripwire
from agentic_rag.config import Settings
from agentic_rag.local_servers import LocalServer, chroma_server, falkordb_server, postgres_server
from agentic_rag.runtime import AppRuntime
from agentic_rag.stores.build import build_all
from tests.servers.conftest import _falkor_missing, _pg_missing, _start, server_settings

DEADLINE_S = 25.0
MARGIN_S = 2.0  # closing the turn's connections after its deadline
GRAPH_Q = "Which movies did Christopher Nolan direct?"
VECTOR_Q = "Thrillers about a heist inside people's dreams"


@pytest.fixture(scope="module")
def own_postgres() -> Iterator[LocalServer]:
    yield from _start(lambda: postgres_server(), _pg_missing())


@pytest.fixture(scope="module")
def own_chroma(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    yield from _start(lambda: chroma_server(tmp_path_factory.mktemp("fault-chroma")), None)


@pytest.fixture(scope="module")
def own_falkordb(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    yield from _start(
        lambda: falkordb_server(tmp_path_factory.mktemp("fault-falkordb")), _falkor_missing()
    )


@pytest.fixture(scope="module")
def stack(
    tmp_path_factory: pytest.TempPathFactory,
    own_postgres: LocalServer,
    own_chroma: LocalServer,
    own_falkordb: LocalServer,
) -> Settings:
    settings = server_settings(
        tmp_path_factory.mktemp("fault-build"),
        own_postgres,
        own_chroma,
        own_falkordb,
        cypher_timeout_s=2.0,
        semantic_timeout_s=3.0,
        turn_deadline_s=DEADLINE_S,
        semantic_cache_ttl_s=0,  # every turn must reach the server, never a cached result
    )
    build_all(settings)
    return settings


@pytest.fixture
def runtime(stack: Settings) -> Iterator[AppRuntime]:
    rt = AppRuntime.open(stack)
    yield rt
    rt.close()


def statuses(values: dict) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for r in values["results"].values():
        out.setdefault(r["tool"], set()).add(r["status"])
    return out


async def timed_ask(
    rt: AppRuntime, question: str, thread: str, fault: tuple[str, Callable[[], None]] | None = None
) -> tuple[dict, float]:
    """Ask; with `fault` = (tool, action), run the action inside that tool's first query."""
    start = time.perf_counter()
    with tripwire(rt.stores, *CALL_SITES[fault[0]], fault[1]) if fault else nullcontext():
        values = await rt.ask(question, thread)
    return values, time.perf_counter() - start


@pytest.mark.parametrize("fault", ["pause", "kill"])
async def test_graph_server_fault_mid_turn(
    runtime: AppRuntime, own_falkordb: LocalServer, fault: str
) -> None:
    action = own_falkordb.pause if fault == "pause" else own_falkordb.kill
    try:
        values, took = await timed_ask(runtime, GRAPH_Q, f"graph-{fault}", ("cypher", action))
    finally:
        own_falkordb.resume() if fault == "pause" else own_falkordb.restart()
    assert took < DEADLINE_S
    assert statuses(values)["cypher"] <= {"timeout", "error"}, values["results"]
    assert "cypher" in values["answer"]  # the answer names the source that failed
    after, _ = await timed_ask(runtime, GRAPH_Q, f"graph-{fault}-after")
    assert "ok" in statuses(after)["cypher"]  # back, with the graph it had before the fault
    assert "Inception" in after["answer"]


@pytest.mark.parametrize("fault", ["pause", "kill"])
async def test_chroma_server_fault_mid_turn(
    runtime: AppRuntime, own_chroma: LocalServer, fault: str
) -> None:
    action = own_chroma.pause if fault == "pause" else own_chroma.kill
    stalled_call_s = 0.0
    try:
        values, took = await timed_ask(runtime, VECTOR_Q, f"chroma-{fault}", ("semantic", action))
        if fault == "pause":  # a request to the stalled server gives its thread back
            start = time.perf_counter()
            with pytest.raises(Exception, match=r"(?i)timed? ?out"):
                await asyncio.to_thread(runtime.stores.collection.count)
            stalled_call_s = time.perf_counter() - start
    finally:
        own_chroma.resume() if fault == "pause" else own_chroma.restart()
    assert stalled_call_s < runtime.settings.semantic_timeout_s + 3
    assert took < DEADLINE_S
    assert statuses(values)["semantic"] <= {"timeout", "error"}, values["results"]
    assert "semantic" in values["answer"]
    after, _ = await timed_ask(runtime, VECTOR_Q, f"chroma-{fault}-after")
    assert "ok" in statuses(after)["semantic"]
    assert "Inception" in after["answer"]


@pytest.mark.parametrize("fault", ["pause", "kill"])
async def test_postgres_fault_under_a_conversation(
    runtime: AppRuntime,
    own_postgres: LocalServer,
    fixture_rows: list[dict[str, str]],
    fault: str,
) -> None:
    """Paused (SIGSTOP: the kernel still accepts and acknowledges, nothing answers) or killed
    in the middle of a turn, and still down when the next turn starts."""
    thread = f"pg-{fault}"
    action = own_postgres.pause if fault == "pause" else own_postgres.kill
    first, _ = await timed_ask(runtime, "Which titles star Leonardo DiCaprio?", thread)
    assert "notices" not in first
    try:
        values, took = await timed_ask(runtime, GRAPH_Q, thread, ("cypher", action))
        down, down_took = await timed_ask(runtime, GRAPH_Q, thread)  # down when it starts
    finally:
        own_postgres.resume() if fault == "pause" else own_postgres.restart()
    print(f"\nPostgreSQL {fault}: mid-turn {took:.1f} s, down at the start {down_took:.1f} s")
    assert took < DEADLINE_S + MARGIN_S
    assert down_took < DEADLINE_S + MARGIN_S
    for turn in (values, down):
        assert "Inception" in turn["answer"]
        assert "Conversation memory (PostgreSQL" in turn["answer"]
        assert turn["answer"].count("Answered in") == 1  # one answer, not two run together
    # mid-turn: the earlier turn was read, only saving this one failed (it is not answered
    # twice); down at the start: answered again without the memory
    assert "used the earlier turns but is not saved" in values["notices"][0]
    assert "did not use earlier turns" in down["notices"][0]
    back = await runtime.ask("And which of those are from the United Kingdom?", thread)
    assert "notices" not in back
    assert len(back["turns"]) == 2  # turn 1 survived the fault; the failed turns were not saved
    assert "Leonardo DiCaprio" in back["resolved_question"]
    assert len(runtime.traces.load(thread)) == 4  # every answer is in the trace file
    expected = [
        r["title"]
        for r in fixture_rows
        if "Leonardo DiCaprio" in r["cast"] and "United Kingdom" in r["country"]
    ]
    assert all(t in back["answer"] for t in expected)


def test_fault_servers_keep_their_data_dirs(own_chroma: LocalServer) -> None:
    assert Path(own_chroma.workdir / "data").is_dir()


@pytest.fixture
def silent_http() -> Iterator[str]:
    """A loopback port that accepts connections and never answers (a hung API)."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}/"
    stop.set()
    thread.join()
    for conn in held:
        conn.close()
    server.close()


async def test_hung_tool_ends_inside_the_deadline(built_settings: Settings, silent_http: str):
    from pydantic import SecretStr

    settings = built_settings.model_copy(
        update={
            "omdb_api_key": SecretStr("dummy-key"),
            "omdb_base_url": silent_http,
            "omdb_timeout_s": 2.0,
            "turn_deadline_s": DEADLINE_S,
        }
    )
    rt = AppRuntime.open(settings)
    try:
        values, took = await timed_ask(rt, "What is the IMDb rating of Inception?", "hang")
        after, _ = await timed_ask(rt, GRAPH_Q, "hang-after")
    finally:
        rt.close()
    assert took < DEADLINE_S
    assert statuses(values)["omdb"] == {"timeout"}
    assert "omdb" in values["answer"]
    assert "Inception" in values["answer"]  # the catalog still answers
    assert "ok" in statuses(after)["cypher"]
