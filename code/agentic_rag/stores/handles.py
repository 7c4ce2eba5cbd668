"""Open handles on the three built stores, shared by the tools (opened once per process)."""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentic_rag.config import Settings
from agentic_rag.errors import StoreUnavailableError
from agentic_rag.folding import sql_fold
from agentic_rag.stores.embeddings import OnnxEmbedder
from agentic_rag.stores.graph import GraphLimits, GraphStore, open_graph
from agentic_rag.stores.vectors import chroma_client, open_collection, shared_embedder


def connect_readonly(path: Path) -> sqlite3.Connection:
    """A `mode=ro` connection to the catalog (the SQL tool adds its own guards on top).

    It offers `fold(text)`, the folding of `agentic_rag.folding`, so that a query can compare
    `title_folded`/`name_folded` with `fold('Les Miserables')` or fold any other column.
    """
    path = Path(path)
    if not path.is_file():
        raise StoreUnavailableError(
            f"The SQLite catalog is not built ({path} is missing); run `make data`."
        )
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
    conn.create_function("fold", 1, sql_fold, deterministic=True)
    return conn


@dataclass
class Stores:
    settings: Settings
    sqlite_path: Path
    graph: GraphStore
    collection: Any
    embedder: OnnxEmbedder
    _closed: bool = field(default=False, repr=False)

    def sqlite(self) -> sqlite3.Connection:
        return connect_readonly(self.sqlite_path)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(Exception):
            self.graph.close()


def open_stores(settings: Settings, graph_limits: GraphLimits | None = None) -> Stores:
    """Open all three stores or raise `StoreUnavailableError` saying which one and how to fix it."""
    sqlite_path = Path(settings.sqlite_path)
    connect_readonly(sqlite_path).close()
    embedder = shared_embedder(Path(settings.model_dir))
    if settings.chroma_url:
        client = chroma_client(url=settings.chroma_url, timeout_s=settings.semantic_timeout_s)
    else:
        if not Path(settings.chroma_path).is_dir():
            raise StoreUnavailableError(
                f"The Chroma store is not built ({settings.chroma_path} is missing); "
                "run `make data`."
            )
        client = chroma_client(path=Path(settings.chroma_path))
    collection = open_collection(client, settings.chroma_collection, Path(settings.model_dir))
    limits = graph_limits or GraphLimits(
        timeout_max_ms=int(settings.cypher_timeout_s * 1000),
        timeout_default_ms=int(settings.cypher_timeout_s * 1000),
    )
    graph = open_graph(settings, limits)
    return Stores(settings, sqlite_path, graph, collection, embedder)
