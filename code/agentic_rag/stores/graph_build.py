"""Load the catalog into FalkorDB as a graph of shows, people, genres and countries.

Nodes:  Show {show_id, title, title_folded, type, release_year, date_added, rating, duration,
              duration_minutes, seasons}
        Person {name, name_folded}, Genre {name, name_folded}, Country {name, name_folded}
`date_added` is an ISO 'YYYY-MM-DD' string (absent where the catalog has none), so it compares
and sorts as text; `*_folded` is `agentic_rag.folding.fold` of the name, for accent-blind matches.
Edges:  (:Person)-[:DIRECTED {position}]->(:Show), (:Person)-[:ACTED_IN {position}]->(:Show),
        (:Show)-[:IN_GENRE]->(:Genre), (:Show)-[:PRODUCED_IN]->(:Country)
`position` is the credit's place in the title's billing, 0 first, as the CSV lists them.
Everything is bulk loaded with UNWIND batches after the lookup indexes exist.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from agentic_rag.folding import fold
from agentic_rag.stores.catalog import Title
from agentic_rag.stores.graph import GraphStore

BATCH = 2_000

INDEXES = (
    "CREATE INDEX FOR (s:Show) ON (s.show_id)",
    "CREATE INDEX FOR (s:Show) ON (s.title)",
    "CREATE INDEX FOR (s:Show) ON (s.title_folded)",
    "CREATE INDEX FOR (s:Show) ON (s.release_year)",
    "CREATE INDEX FOR (s:Show) ON (s.date_added)",
    "CREATE INDEX FOR (p:Person) ON (p.name)",
    "CREATE INDEX FOR (p:Person) ON (p.name_folded)",
    "CREATE INDEX FOR (g:Genre) ON (g.name)",
    "CREATE INDEX FOR (g:Genre) ON (g.name_folded)",
    "CREATE INDEX FOR (c:Country) ON (c.name)",
    "CREATE INDEX FOR (c:Country) ON (c.name_folded)",
)

NODE_QUERIES = {
    "Show": (
        "UNWIND $rows AS r CREATE (:Show {show_id: r.show_id, title: r.title, "
        "title_folded: r.title_folded, type: r.type, release_year: r.release_year, "
        "date_added: r.date_added, rating: r.rating, duration: r.duration, "
        "duration_minutes: r.duration_minutes, seasons: r.seasons})"
    ),
    "Person": "UNWIND $rows AS r CREATE (:Person {name: r[0], name_folded: r[1]})",
    "Genre": "UNWIND $rows AS r CREATE (:Genre {name: r[0], name_folded: r[1]})",
    "Country": "UNWIND $rows AS r CREATE (:Country {name: r[0], name_folded: r[1]})",
}

EDGE_QUERIES = {
    "DIRECTED": (
        "UNWIND $rows AS r MATCH (p:Person {name: r[0]}), (s:Show {show_id: r[1]}) "
        "CREATE (p)-[:DIRECTED {position: r[2]}]->(s)"
    ),
    "ACTED_IN": (
        "UNWIND $rows AS r MATCH (p:Person {name: r[0]}), (s:Show {show_id: r[1]}) "
        "CREATE (p)-[:ACTED_IN {position: r[2]}]->(s)"
    ),
    "IN_GENRE": (
        "UNWIND $rows AS r MATCH (s:Show {show_id: r[1]}), (g:Genre {name: r[0]}) "
        "CREATE (s)-[:IN_GENRE]->(g)"
    ),
    "PRODUCED_IN": (
        "UNWIND $rows AS r MATCH (s:Show {show_id: r[1]}), (c:Country {name: r[0]}) "
        "CREATE (s)-[:PRODUCED_IN]->(c)"
    ),
}


def _batches(rows: Sequence[Any], size: int = BATCH) -> Iterable[list[Any]]:
    for start in range(0, len(rows), size):
        yield list(rows[start : start + size])


def _show_row(t: Title) -> dict[str, Any]:
    return {
        "show_id": t.show_id,
        "title": t.title,
        "title_folded": fold(t.title),
        "type": t.type,
        "release_year": t.release_year,
        "date_added": t.date_added,
        "rating": t.rating,
        "duration": t.duration,
        "duration_minutes": t.duration_minutes,
        "seasons": t.seasons,
    }


def _named(names: set[str]) -> list[list[str]]:
    return [[name, fold(name)] for name in sorted(names)]


def graph_work(titles: Sequence[Title]) -> dict[str, list[Any]]:
    """Everything to load, keyed by node label or relationship type."""
    return {
        "Show": [_show_row(t) for t in titles],
        "Person": _named({n for t in titles for n in (*t.directors, *t.cast)}),
        "Genre": _named({g for t in titles for g in t.genres}),
        "Country": _named({c for t in titles for c in t.countries}),
        #: a credit's place in the title's billing (0: first credited), as in the CSV
        "DIRECTED": [[n, t.show_id, i] for t in titles for i, n in enumerate(t.directors)],
        "ACTED_IN": [[n, t.show_id, i] for t in titles for i, n in enumerate(t.cast)],
        "IN_GENRE": [[g, t.show_id] for t in titles for g in t.genres],
        "PRODUCED_IN": [[c, t.show_id] for t in titles for c in t.countries],
    }


def build_graph(
    titles: Sequence[Title], store: GraphStore, progress: Callable[[int], None] | None = None
) -> dict[str, int]:
    """Load `titles` into the (empty) graph of `store`; return node and edge counts."""
    work = graph_work(titles)
    for query in INDEXES:
        store.write(query)
    for key, query in (*NODE_QUERIES.items(), *EDGE_QUERIES.items()):
        for batch in _batches(work[key]):
            store.write(query, {"rows": batch})
            if progress:
                progress(len(batch))
    return graph_counts(store)


def total_items(titles: Sequence[Title]) -> int:
    return sum(len(v) for v in graph_work(titles).values())


def graph_counts(store: GraphStore) -> dict[str, int]:
    counts: dict[str, int] = {}
    for label in NODE_QUERIES:
        counts[label] = store.ro_query(f"MATCH (n:{label}) RETURN count(n)").result_set[0][0]
    for rel in EDGE_QUERIES:
        counts[rel] = store.ro_query(f"MATCH ()-[r:{rel}]->() RETURN count(r)").result_set[0][0]
    return counts
