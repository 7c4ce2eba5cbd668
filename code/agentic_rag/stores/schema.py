"""Describe the three stores for prompts, generated from the live stores so it cannot drift.

`GraphSchema` is also what the Cypher guard checks labels, relationship types
and properties against.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from typing import Any

from agentic_rag.stores.graph import GraphStore

SAMPLE_COLUMNS = {
    # (table, column): how many distinct sample values to show, most frequent first
    ("shows", "type"): 5,
    ("shows", "rating"): 20,
    ("genres", "name"): 50,
    ("countries", "name"): 15,
}
HIDDEN_TABLE_PREFIXES = ("sqlite_", "shows_fts_")


@dataclass
class TableInfo:
    name: str
    columns: list[tuple[str, str]]
    rows: int
    samples: dict[str, list[Any]] = field(default_factory=dict)


@dataclass
class GraphSchema:
    labels: dict[str, list[str]]  # label -> property keys
    relationships: dict[str, list[tuple[str, str]]]  # type -> [(from label, to label)]
    counts: dict[str, int] = field(default_factory=dict)
    rel_properties: dict[str, list[str]] = field(default_factory=dict)  # type -> property keys

    @property
    def all_properties(self) -> set[str]:
        return {p for props in self.labels.values() for p in props}

    def render(self) -> str:
        lines = ["Graph (FalkorDB, openCypher):"]
        for label, props in self.labels.items():
            n = self.counts.get(label)
            lines.append(
                f"  (:{label} {{{', '.join(props)}}})" + (f"  -- {n:,} nodes" if n else "")
            )
        for rel, pairs in self.relationships.items():
            props = self.rel_properties.get(rel)
            shown = f" {{{', '.join(props)}}}" if props else ""
            for a, b in pairs:
                lines.append(f"  (:{a})-[:{rel}{shown}]->(:{b})")
        return "\n".join(lines)


@dataclass
class StoreSchema:
    tables: list[TableInfo]
    graph: GraphSchema
    chroma_fields: list[str]
    chroma_count: int
    #: (earliest, latest) `date_added` in the catalog, ISO dates
    added_range: tuple[str | None, str | None] = (None, None)

    def render_sql(self) -> str:
        lines = ["SQLite tables:"]
        for t in self.tables:
            cols = ", ".join(f"{c} {ty}".strip() for c, ty in t.columns)
            lines.append(f"  {t.name}({cols})  -- {t.rows:,} rows")
            for col, values in t.samples.items():
                lines.append(f"    {col} values: {', '.join(map(str, values))}")
        return "\n".join(lines)

    def render_rules(self) -> str:
        """How to match names and read dates in every store (the planner's query rules)."""
        first, last = self.added_range
        return "\n".join(
            (
                "Matching names and titles (people type them without accents, in any case, "
                "with straight apostrophes):",
                "  SQL: compare the folded shadow with fold():"
                " p.name_folded = fold('Michael Pena'),"
                " s.title_folded LIKE '%' || fold('les miserables') || '%';"
                " fold() works on any column too (fold(s.cast_members) LIKE '%pena%')."
                " Return name/title, never the *_folded columns.",
                "  Graph: p.name_folded = 'michael pena', s.title_folded CONTAINS 'miserables'"
                " (lower case, no accents, straight apostrophes).",
                "Dates: date_added is when a title was added to Netflix (ISO 'YYYY-MM-DD' text,"
                " NULL for a few titles); release_year is when it was released. 'Added in 2020':"
                " date_added LIKE '2020-%'; 'added after 2021-06-01': date_added > '2021-06-01'.",
                f"  The catalog's dates run from {first} to {last}: 'the last N years' means the"
                f" N calendar years up to {(last or '????')[:4]}, not today's date.",
            )
        )

    def render_chroma(self) -> str:
        return (
            f"Chroma collection of {self.chroma_count:,} descriptions "
            "(one per show, id = show_id); "
            f"metadata fields: {', '.join(self.chroma_fields)}"
        )

    def render(self) -> str:
        parts = (self.render_sql(), self.graph.render(), self.render_chroma(), self.render_rules())
        return "\n\n".join(parts)


def describe_sqlite(conn: sqlite3.Connection) -> list[TableInfo]:
    names = [
        r[0]
        for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")
        if not r[0].startswith(HIDDEN_TABLE_PREFIXES)
    ]
    tables = []
    for name in names:
        cols = [(r[1], r[2]) for r in conn.execute(f"PRAGMA table_info({name})")]
        if name == "shows_fts":
            cols = [(c, "") for c, _ in cols]
        rows = conn.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
        info = TableInfo(name, cols, rows)
        for (table, column), limit in SAMPLE_COLUMNS.items():
            if table == name:
                info.samples[column] = _top_values(conn, table, column, limit)
        if name == "show_people":
            info.samples["role"] = ["director", "cast"]
        tables.append(info)
    return tables


def _top_values(conn: sqlite3.Connection, table: str, column: str, limit: int) -> list[Any]:
    if table in ("genres", "countries"):
        link = "show_genres" if table == "genres" else "show_countries"
        key = "genre_id" if table == "genres" else "country_id"
        sql = (
            f"SELECT t.{column} FROM {table} t JOIN {link} l ON l.{key} = t.{key} "
            f"GROUP BY t.{column} ORDER BY count(*) DESC LIMIT ?"
        )
    else:
        sql = (
            f"SELECT {column} FROM {table} WHERE {column} IS NOT NULL "
            f"GROUP BY {column} ORDER BY count(*) DESC LIMIT ?"
        )
    return [r[0] for r in conn.execute(sql, (limit,))]


def describe_graph(store: GraphStore) -> GraphSchema:
    labels: dict[str, list[str]] = {}
    counts: dict[str, int] = {}
    for (label,) in store.ro_query("CALL db.labels()").result_set:
        props = store.ro_query(
            f"MATCH (n:`{label}`) WITH n LIMIT 200 UNWIND keys(n) AS k RETURN DISTINCT k"
        ).result_set
        labels[label] = sorted(p[0] for p in props)
        counts[label] = store.ro_query(f"MATCH (n:`{label}`) RETURN count(n)").result_set[0][0]
    relationships: dict[str, list[tuple[str, str]]] = {}
    rel_properties: dict[str, list[str]] = {}
    for (rel,) in store.ro_query("CALL db.relationshipTypes()").result_set:
        pairs = store.ro_query(
            f"MATCH (a)-[:`{rel}`]->(b) WITH a, b LIMIT 500 "
            "RETURN DISTINCT labels(a)[0], labels(b)[0]"
        ).result_set
        relationships[rel] = [(a, b) for a, b in pairs]
        keys = store.ro_query(
            f"MATCH ()-[r:`{rel}`]->() WITH r LIMIT 200 UNWIND keys(r) AS k RETURN DISTINCT k"
        ).result_set
        if keys:
            rel_properties[rel] = sorted(k[0] for k in keys)
    return GraphSchema(labels, relationships, counts, rel_properties)


def describe_chroma(collection: Any) -> tuple[list[str], int]:
    sample = collection.get(limit=20, include=["metadatas"])
    fields = sorted({k for meta in sample.get("metadatas") or [] for k in (meta or {})})
    return fields, collection.count()


def describe_stores(stores: Any) -> StoreSchema:
    """Describe the open `Stores` (see `agentic_rag.stores.handles`)."""
    conn = stores.sqlite()
    try:
        tables = describe_sqlite(conn)
        first, last = conn.execute("SELECT min(date_added), max(date_added) FROM shows").fetchone()
    finally:
        conn.close()
    fields, count = describe_chroma(stores.collection)
    return StoreSchema(tables, describe_graph(stores.graph), fields, count, (first, last))
