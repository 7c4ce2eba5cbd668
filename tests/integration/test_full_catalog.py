"""The whole catalog (slow: builds it if `make data` has not): counts and known facts."""

from __future__ import annotations

import sqlite3

import pytest

from tests.conftest import full_catalog_settings

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def full_stores(tmp_path_factory):
    from agentic_rag.stores.handles import open_stores

    settings = full_catalog_settings(tmp_path_factory.mktemp("full"), offline_mode=True)
    stores = open_stores(settings)
    yield stores
    stores.close()


def test_full_counts(full_stores):
    q = full_stores.graph.ro_query
    counts = {
        label: q(f"MATCH (n:{label}) RETURN count(n)").result_set[0][0]
        for label in ("Show", "Person", "Genre", "Country")
    }
    assert counts == {"Show": 8807, "Person": 40948, "Genre": 42, "Country": 122}
    conn = sqlite3.connect(full_stores.sqlite_path)
    assert conn.execute("SELECT count(*) FROM shows").fetchone()[0] == 8807
    assert conn.execute("SELECT count(*) FROM shows WHERE type = 'Movie'").fetchone()[0] == 6131
    assert conn.execute("SELECT count(*) FROM people").fetchone()[0] == 40948
    assert full_stores.collection.count() == 8807


def test_inception_director_in_sql_and_graph(full_stores):
    conn = sqlite3.connect(full_stores.sqlite_path)
    sql = conn.execute(
        "SELECT p.name FROM shows s JOIN show_people sp USING (show_id) "
        "JOIN people p USING (person_id) "
        "WHERE s.title = 'Inception' AND sp.role = 'director'"
    ).fetchall()
    graph = full_stores.graph.ro_query(
        "MATCH (p:Person)-[:DIRECTED]->(:Show {title: 'Inception'}) RETURN p.name"
    ).result_set
    assert sql == [("Christopher Nolan",)]
    assert graph == [["Christopher Nolan"]]


def test_dream_heist_query_ranks_inception_top3(full_stores):
    hits = full_stores.collection.query(
        query_embeddings=[
            full_stores.embedder.embed_one("thieves steal secrets from inside people's dreams")
        ],
        n_results=3,
    )
    assert "Inception" in [m["title"] for m in hits["metadatas"][0]]
