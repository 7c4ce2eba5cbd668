"""ChromaDB: the description collection and the embedding function it is built with.

Chroma never sees its default (downloading) model: every collection is created
and opened with `CatalogEmbeddingFunction`, which wraps the shipped ONNX model.

Readers never open the build's directory itself (`ReadOnlyChroma`): chromadb has no read-only
mode, and every `PersistentClient` open writes its write lock into `chroma.sqlite3`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from chromadb.api.types import Documents, EmbeddingFunction, Embeddings
from chromadb.utils.embedding_functions import register_embedding_function

from agentic_rag.errors import StoreUnavailableError
from agentic_rag.stores.catalog import Title
from agentic_rag.stores.embeddings import OnnxEmbedder
from agentic_rag.stores.owned_dir import OwnedDir

WORKING_COPY_KIND = "chroma"  # temp dirs: agentic-rag-chroma-<pid>-…
_EMBEDDERS: dict[str, OnnxEmbedder] = {}


def shared_embedder(model_dir: Path) -> OnnxEmbedder:
    """One embedder per model directory per process (loading the model takes ~0.3 s)."""
    key = str(Path(model_dir).resolve())
    if key not in _EMBEDDERS:
        _EMBEDDERS[key] = OnnxEmbedder(Path(model_dir))
    return _EMBEDDERS[key]


@register_embedding_function
class CatalogEmbeddingFunction(EmbeddingFunction[Documents]):
    """all-MiniLM-L6-v2 via onnxruntime, padded per batch (see `OnnxEmbedder`)."""

    def __init__(self, model_dir: str | Path):
        self.model_dir = str(model_dir)
        self._embedder = shared_embedder(Path(model_dir))

    def __call__(self, input: Documents) -> Embeddings:
        return list(self._embedder.embed(list(input)))

    @staticmethod
    def name() -> str:
        return "agentic_rag_minilm_onnx"

    def get_config(self) -> dict[str, Any]:
        return {"model_dir": self.model_dir}

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> CatalogEmbeddingFunction:
        return CatalogEmbeddingFunction(config["model_dir"])

    def default_space(self) -> str:  # type: ignore[override]
        return "cosine"


def chroma_client(path: Path | None = None, url: str | None = None, timeout_s: float | None = None):
    """A persistent client at `path`, or an HTTP client for a Chroma server at `url`.

    chromadb's HTTP client waits forever (`httpx` timeout None): a stalled server would hold
    the tool's worker thread long after the tool gave up, and enough of them starve the thread
    pool every tool shares. With `timeout_s` each request gives up on its own."""
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False, allow_reset=False)
    if url:
        parsed = urlparse(url)
        try:
            client = chromadb.HttpClient(
                host=parsed.hostname or "localhost",
                port=parsed.port or (443 if parsed.scheme == "https" else 8000),
                ssl=parsed.scheme == "https",
                settings=chroma_settings,
            )
            if timeout_s is not None:
                _bound_requests(client, timeout_s)
            client.heartbeat()
        except Exception as exc:
            raise StoreUnavailableError(
                f"Cannot reach Chroma at {url} ({exc}); start the server or unset CHROMA_URL."
            ) from exc
        return client
    assert path is not None
    return chromadb.PersistentClient(path=str(path), settings=chroma_settings)


class ReadOnlyChroma:
    """An embedded client that never writes the built directory `source`.

    chromadb (1.5) has no read-only mode: opening a `PersistentClient` inserts a row into
    `chroma.sqlite3` (its write lock), so a reader would mutate the build and could not open
    it on a read-only filesystem at all. The client opens a private working copy instead, in
    a temp dir this process owns (`OwnedDir`): removed on `close()`, at exit, and by its
    guardian when the process crashes or is killed. Only the data build writes `source`."""

    def __init__(self, source: Path):
        self.source = Path(source)
        owned: OwnedDir | None = None
        try:
            owned = OwnedDir(WORKING_COPY_KIND)
            owned.guard()
            self.path = owned.path / "chroma"
            _copy_writable(self.source, self.path)
            self.client = chroma_client(path=self.path)
        except BaseException as exc:
            if owned is not None:
                owned.close()
            if isinstance(exc, OSError):
                raise StoreUnavailableError(
                    f"Cannot make a working copy of the Chroma store {self.source} in "
                    f"{tempfile.gettempdir()} ({exc}); free space there or point TMPDIR at a "
                    "writable directory with room for the copy."
                ) from exc
            raise
        self._dir = owned

    def close(self) -> None:
        """Stop the client (its SQLite connections), then remove the working copy."""
        with contextlib.suppress(Exception):  # already stopped
            self.client.close()
        self._dir.close()


def _copy_writable(source: Path, target: Path) -> None:
    """Copy a directory tree as files of our own (`copyfile`: new files, default modes), and
    give its directories owner write access: `copytree` copies their modes, and a read-only
    image's would keep Chroma from writing its lock and journal into the copy."""
    shutil.copytree(source, target, copy_function=shutil.copyfile)
    for root, _dirs, _files in os.walk(target):
        os.chmod(root, stat.S_IMODE(os.stat(root).st_mode) | stat.S_IRWXU)


def _bound_requests(client: Any, timeout_s: float) -> None:
    import httpx

    session = getattr(getattr(client, "_server", None), "_session", None)
    if isinstance(session, httpx.Client):
        session.timeout = httpx.Timeout(timeout_s, connect=min(timeout_s, 5.0))


def _metadata(t: Title) -> dict[str, Any]:
    meta: dict[str, Any] = {
        "show_id": t.show_id,
        "title": t.title,
        "type": t.type,
        "genres": t.genre_text or "",
        "countries": t.country_text or "",
    }
    if t.release_year is not None:
        meta["release_year"] = t.release_year
    if t.rating:
        meta["rating"] = t.rating
    # Chroma's `where` has no substring operator on strings; array metadata gives `$contains`.
    if t.genres:
        meta["genre_list"] = list(t.genres)
    if t.countries:
        meta["country_list"] = list(t.countries)
    return meta


def build_collection(
    titles: Sequence[Title],
    client: Any,
    name: str,
    model_dir: Path,
    progress: Callable[[int], None] | None = None,
    batch: int = 256,
) -> dict[str, int]:
    """Create collection `name` (replacing one of that name) and add every description."""
    embed_fn = CatalogEmbeddingFunction(model_dir)
    with contextlib.suppress(Exception):  # absent: nothing to replace
        client.delete_collection(name)
    collection = client.create_collection(
        name=name,
        embedding_function=embed_fn,
        configuration={"hnsw": {"space": "cosine"}},
        metadata={"source": "netflix_titles.csv", "model": "all-MiniLM-L6-v2"},
    )
    docs = [t for t in titles if t.description]
    for start in range(0, len(docs), batch):
        chunk = docs[start : start + batch]
        texts = [t.description or "" for t in chunk]
        collection.add(
            ids=[t.show_id for t in chunk],
            documents=texts,
            embeddings=embed_fn._embedder.embed(texts),
            metadatas=[_metadata(t) for t in chunk],
        )
        if progress:
            progress(len(chunk))
    return {"descriptions": collection.count()}


def open_collection(client: Any, name: str, model_dir: Path):
    try:
        return client.get_collection(
            name=name, embedding_function=CatalogEmbeddingFunction(model_dir)
        )
    except Exception as exc:
        raise StoreUnavailableError(
            f"Chroma collection {name!r} is missing ({exc}); run `make data`."
        ) from exc


def copy_collection(source: Any, client: Any, name: str, model_dir: Path, batch: int = 512) -> int:
    """Copy a built collection (ids, documents, embeddings, metadata) into `client` as `name`,
    replacing one of that name: loads a Chroma server from an embedded build without
    embedding again. Returns the number of items copied."""
    with contextlib.suppress(Exception):  # absent: nothing to replace
        client.delete_collection(name)
    target = client.create_collection(
        name=name,
        embedding_function=CatalogEmbeddingFunction(model_dir),
        configuration={"hnsw": {"space": "cosine"}},
        metadata=source.metadata,
    )
    total = source.count()
    for offset in range(0, total, batch):
        part = source.get(
            limit=batch, offset=offset, include=["documents", "embeddings", "metadatas"]
        )
        target.add(
            ids=part["ids"],
            documents=part["documents"],
            embeddings=part["embeddings"],
            metadatas=part["metadatas"],
        )
    return target.count()
