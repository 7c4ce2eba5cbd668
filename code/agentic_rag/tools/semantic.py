"""Semantic search over the descriptions in ChromaDB, with optional metadata filters."""

from __future__ import annotations

import asyncio
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from agentic_rag import fuzzy
from agentic_rag.folding import fold
from agentic_rag.tools.base import (
    SourceRef,
    ToolResult,
    ToolStatus,
    cap_rows,
    error_result,
    guarded,
)
from agentic_rag.tools.deps import ToolDeps

TOOL = "semantic"
NAME_CUTOFF = 75.0  # rapidfuzz ratio (0-100) a misspelt genre or country must reach


class SemanticArgs(BaseModel):
    """Find titles whose description is closest in meaning to a text."""

    query: str = Field(
        min_length=2,
        max_length=500,
        description="What the title is about, in plain words (a plot, a mood, a theme).",
    )
    n_results: int = Field(8, ge=1, le=20, description="How many titles to return (max 20).")
    type: Literal["Movie", "TV Show"] | None = Field(None, description="Only movies or TV shows.")
    year_from: int | None = Field(None, ge=1900, le=2100, description="Earliest release year.")
    year_to: int | None = Field(None, ge=1900, le=2100, description="Latest release year.")
    genre: str | None = Field(None, description="One genre name exactly as in the catalog.")
    country: str | None = Field(None, description="One production country, e.g. India.")

    @model_validator(mode="after")
    def _years_in_order(self) -> SemanticArgs:
        if self.year_from and self.year_to and self.year_from > self.year_to:
            self.year_from, self.year_to = self.year_to, self.year_from
        return self


@lru_cache(maxsize=8)
def _known_names(sqlite_path: Path, table: str) -> tuple[str, ...]:
    from agentic_rag.stores.handles import connect_readonly

    conn = connect_readonly(sqlite_path)
    try:
        return tuple(r[0] for r in conn.execute(f"SELECT name FROM {table}"))
    finally:
        conn.close()


def resolve_name(value: str, known: tuple[str, ...]) -> str | None:
    """Match a genre/country to the catalog's spelling: exact, folded (case, accents and curly
    quotes ignored), then close."""
    if value in known:
        return value
    folded = {fold(k): k for k in known}
    key = fold(value)
    if key in folded:
        return folded[key]
    close = fuzzy.closest(key, folded, NAME_CUTOFF)
    return folded[close[0]] if close else None


def build_where(
    args: SemanticArgs, genres: tuple[str, ...], countries: tuple[str, ...]
) -> dict | None:
    """Translate the filters to a Chroma `where`; unknown genre/country names raise ValueError."""
    clauses: list[dict[str, Any]] = []
    if args.type:
        clauses.append({"type": args.type})
    if args.year_from:
        clauses.append({"release_year": {"$gte": args.year_from}})
    if args.year_to:
        clauses.append({"release_year": {"$lte": args.year_to}})
    for value, known, field, what in (
        (args.genre, genres, "genre_list", "genre"),
        (args.country, countries, "country_list", "country"),
    ):
        if not value:
            continue
        name = resolve_name(value, known)
        if name is None:
            sample = ", ".join(sorted(known)[:12])
            raise ValueError(f"Unknown {what} {value!r}. Known {what}s include: {sample}, ...")
        clauses.append({field: {"$contains": name}})
    if not clauses:
        return None
    return clauses[0] if len(clauses) == 1 else {"$and": clauses}


OVERFETCH = 60


def matches(meta: dict[str, Any], where: dict[str, Any]) -> bool:
    """Evaluate the subset of Chroma's `where` that `build_where` produces."""
    if "$and" in where:
        return all(matches(meta, clause) for clause in where["$and"])
    ((field, cond),) = where.items()
    value = meta.get(field)
    if not isinstance(cond, dict):
        return value == cond
    ((op, target),) = cond.items()
    if op == "$contains":
        return isinstance(value, list) and target in value
    if value is None:
        return False
    return value >= target if op == "$gte" else value <= target if op == "$lte" else False


def filter_hits(hits: dict[str, Any], where: dict[str, Any], n: int) -> dict[str, Any] | None:
    """The first `n` hits that satisfy `where`, or None when the over-fetch holds fewer."""
    keep = [i for i, meta in enumerate(hits["metadatas"][0]) if matches(meta or {}, where)][:n]
    if len(keep) < n:
        return None
    return {
        key: [[hits[key][0][i] for i in keep]]
        for key in ("ids", "distances", "metadatas", "documents")
    }


def _rows_from(hits: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for show_id, distance, meta, doc in zip(
        hits["ids"][0],
        hits["distances"][0],
        hits["metadatas"][0],
        hits["documents"][0],
        strict=True,
    ):
        meta = meta or {}
        rows.append(
            {
                "show_id": show_id,
                "title": meta.get("title"),
                "type": meta.get("type"),
                "release_year": meta.get("release_year"),
                "genres": meta.get("genres"),
                "distance": round(float(distance), 4),
                "description": doc,
            }
        )
    return rows


async def semantic_tool(args: SemanticArgs, deps: ToolDeps, call_id: str) -> ToolResult:
    async def work() -> ToolResult:
        stores = deps.stores
        if stores is None:
            return error_result(TOOL, call_id, ToolStatus.ERROR, "The Chroma store is not open.")
        cache_args = args.model_dump(exclude_none=True)
        if deps.cache is not None:
            hit = await asyncio.to_thread(deps.cache.get, TOOL, cache_args)
            if hit is not None:
                return ToolResult.model_validate({**hit, "call_id": call_id, "cached": True})
        try:
            where = build_where(
                args,
                _known_names(stores.sqlite_path, "genres"),
                _known_names(stores.sqlite_path, "countries"),
            )
        except ValueError as exc:
            return error_result(TOOL, call_id, ToolStatus.ERROR, str(exc))

        def query() -> dict[str, Any]:
            vector = stores.embedder.embed_one(args.query)
            include = ["metadatas", "documents", "distances"]
            if where is not None:
                # Broad filters (e.g. type=Movie) are slow in Chroma's filtered search; the exact
                # top-n usually sits inside a small unfiltered over-fetch, filtered here.
                wide = stores.collection.query(
                    query_embeddings=[vector], n_results=OVERFETCH, include=include
                )
                hits = filter_hits(wide, where, args.n_results)
                if hits is not None:
                    return hits
            return stores.collection.query(
                query_embeddings=[vector], n_results=args.n_results, where=where, include=include
            )

        rows, truncated = cap_rows(_rows_from(await asyncio.to_thread(query)))
        result = ToolResult(
            tool=TOOL,
            call_id=call_id,
            status=ToolStatus.OK if rows else ToolStatus.EMPTY,
            rows=rows,
            message=f"{len(rows)} titles by meaning"
            if rows
            else "No description matched the filters.",
            truncated=truncated,
            untrusted=True,
            query=args.query,
            sources=[
                SourceRef(
                    kind="show",
                    ref=r["show_id"],
                    show_id=r["show_id"],
                    label=r["title"],
                    detail={"distance": r["distance"]},
                )
                for r in rows
            ],
        )
        if deps.cache is not None and rows:
            ttl = deps.settings.semantic_cache_ttl_s
            await asyncio.to_thread(
                deps.cache.set, TOOL, cache_args, result.model_dump(mode="json"), ttl
            )
        return result

    return await guarded(TOOL, call_id, deps.settings.semantic_timeout_s, work)
