"""Handles on the three built stores, shared by the tools (one set per process).

Each store opens on first use, at most once, and `prefetch` opens several in parallel
threads: a turn opens only what its plan needs (a count over SQLite never starts the graph
server nor loads the embedding model), and the page warms everything in the background.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agentic_rag.config import Settings
from agentic_rag.errors import StoreUnavailableError
from agentic_rag.folding import sql_fold
from agentic_rag.stores.graph import GraphLimits, GraphStore, open_graph

if TYPE_CHECKING:
    from agentic_rag.stores.embeddings import OnnxEmbedder

#: Store names a tool can need (see `ToolSpec.stores`).
STORE_NAMES = ("sqlite", "chroma", "graph")


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


@dataclass(frozen=True)
class OpenChroma:
    """The description collection, the embedder, and how to release the client: the embedded
    store's working copy (`ReadOnlyChroma`) or the HTTP client's connections."""

    collection: Any
    embedder: OnnxEmbedder
    close: Callable[[], None]


def _open_chroma(settings: Settings) -> OpenChroma:
    from agentic_rag.stores.vectors import (
        ReadOnlyChroma,
        chroma_client,
        open_collection,
        shared_embedder,
    )

    embedder = shared_embedder(Path(settings.model_dir))
    if settings.chroma_url:
        client = chroma_client(url=settings.chroma_url, timeout_s=settings.semantic_timeout_s)
        close = client.close
    else:
        if not Path(settings.chroma_path).is_dir():
            raise StoreUnavailableError(
                f"The Chroma store is not built ({settings.chroma_path} is missing); "
                "run `make data`."
            )
        reader = ReadOnlyChroma(Path(settings.chroma_path))
        client, close = reader.client, reader.close
    try:
        collection = open_collection(client, settings.chroma_collection, Path(settings.model_dir))
    except BaseException:
        close()
        raise
    return OpenChroma(collection, embedder, close)


class Stores:
    """SQLite path (connections are cheap, one per use), Chroma + embedder, and the graph."""

    def __init__(self, settings: Settings, graph_limits: GraphLimits | None = None):
        self.settings = settings
        self.sqlite_path = Path(settings.sqlite_path)
        self._limits = graph_limits or GraphLimits(
            timeout_max_ms=int(settings.cypher_timeout_s * 1000),
            timeout_default_ms=int(settings.cypher_timeout_s * 1000),
        )
        self._lock = threading.Lock()
        self._futures: dict[str, Future] = {}
        self._pool: ThreadPoolExecutor | None = None
        self._closed = False

    # -- opening --------------------------------------------------------------
    def _opener(self, name: str) -> Callable[[], Any]:
        if name == "graph":
            return lambda: open_graph(self.settings, self._limits)
        if name == "chroma":
            return lambda: _open_chroma(self.settings)
        if name == "sqlite":
            return lambda: connect_readonly(self.sqlite_path).close()
        raise ValueError(f"unknown store {name!r}; choose from {STORE_NAMES}")

    def _future(self, name: str, background: bool) -> Future:
        with self._lock:
            if self._closed:
                raise StoreUnavailableError("the stores were closed")
            future = self._futures.get(name)
            if future is not None:
                return future
            if background:
                if self._pool is None:
                    self._pool = ThreadPoolExecutor(len(STORE_NAMES), thread_name_prefix="store")
                future = self._pool.submit(self._opener(name))
                self._futures[name] = future
                return future
            future = Future()
            self._futures[name] = future
        try:  # opened in this thread, outside the lock; others wait on the future
            future.set_result(self._opener(name)())
        except BaseException as exc:
            future.set_exception(exc)
        return future

    def prefetch(self, names: Iterable[str]) -> list[Future]:
        """Start opening `names` in parallel threads; returns their futures."""
        return [self._future(n, background=True) for n in dict.fromkeys(names)]

    def _get(self, name: str) -> Any:
        future = self._future(name, background=False)
        try:
            return future.result()
        except StoreUnavailableError:
            with self._lock:  # let a later use retry (e.g. after `make data`)
                if self._futures.get(name) is future:
                    del self._futures[name]
            raise

    # -- the handles ----------------------------------------------------------
    def sqlite(self) -> sqlite3.Connection:
        return connect_readonly(self.sqlite_path)

    @property
    def graph(self) -> GraphStore:
        return self._get("graph")

    @property
    def collection(self) -> Any:
        return self._get("chroma").collection

    @property
    def embedder(self) -> OnnxEmbedder:
        return self._get("chroma").embedder

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            futures, pool = dict(self._futures), self._pool
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        for name in ("graph", "chroma"):
            future = futures.get(name)
            if future is not None and future.done() and future.exception() is None:
                with contextlib.suppress(Exception):
                    future.result().close()


def open_stores(
    settings: Settings, graph_limits: GraphLimits | None = None, *, eager: bool = True
) -> Stores:
    """The stores the settings point at. `eager` opens all three now (in parallel) and raises
    `StoreUnavailableError` naming the missing one; otherwise each opens on first use."""
    stores = Stores(settings, graph_limits)
    connect_readonly(stores.sqlite_path).close()  # the catalog is always needed: fail early
    if eager:
        try:
            for future in stores.prefetch(STORE_NAMES):
                future.result()
        except BaseException:
            stores.close()
            raise
    return stores
