"""PostgreSQL, Chroma and FalkorDB servers on loopback, loaded with the full catalog, for the
replicas and faults benchmarks: the graph by the data build, the vectors copied from the
embedded build (embedding 8,807 descriptions again would take minutes)."""

from __future__ import annotations

import contextlib
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from agentic_rag.bench.report import Figure
from agentic_rag.bench.skip import BenchSkipped
from agentic_rag.config import Settings, load_settings
from agentic_rag.errors import StoreUnavailableError
from agentic_rag.local_servers import (
    LocalServer,
    chroma_server,
    falkordb_server,
    postgres_server,
    running,
)
from agentic_rag.stores.build import build_all
from agentic_rag.stores.vectors import (
    ReadOnlyChroma,
    chroma_client,
    copy_collection,
    open_collection,
)


@dataclass
class ServerStack:
    postgres: LocalServer
    chroma: LocalServer
    falkordb: LocalServer
    workdir: Path
    setup: list[Figure] = field(default_factory=list)

    @property
    def urls(self) -> dict[str, str]:
        return {
            "DATABASE_URL": self.postgres.url,
            "CHROMA_URL": self.chroma.url,
            "FALKORDB_URL": self.falkordb.url,
        }


def _copy_vectors(settings: Settings, url: str) -> int:
    reader = ReadOnlyChroma(Path(settings.chroma_path))
    try:
        source = open_collection(reader.client, settings.chroma_collection, settings.model_dir)
        return copy_collection(
            source, chroma_client(url=url), settings.chroma_collection, settings.model_dir
        )
    finally:
        reader.close()


@contextlib.contextmanager
def server_stack(settings: Settings) -> Iterator[ServerStack]:
    """Raises `BenchSkipped` when a server cannot run on this machine."""
    with contextlib.ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-servers-")))
        try:
            servers = ServerStack(
                stack.enter_context(running(postgres_server())),
                stack.enter_context(running(chroma_server(tmp / "chroma"))),
                stack.enter_context(running(falkordb_server(tmp / "falkordb"))),
                tmp,
            )
        except StoreUnavailableError as exc:
            raise BenchSkipped(str(exc).splitlines()[0]) from exc
        loader = load_settings(
            build_dir=tmp / "loader",
            csv_path=settings.csv_path,
            model_dir=settings.model_dir,
            chroma_url=servers.chroma.url,
            falkordb_url=servers.falkordb.url,
        )
        start = time.perf_counter()
        build_all(loader, stages=("graph",))
        graph_s = time.perf_counter() - start
        start = time.perf_counter()
        copied = _copy_vectors(settings, servers.chroma.url)
        servers.setup = [
            Figure("data build into the FalkorDB server (full catalog)", graph_s, "s"),
            Figure(
                f"copy the built embeddings ({copied:,}) into the Chroma server",
                time.perf_counter() - start,
                "s",
            ),
        ]
        yield servers
