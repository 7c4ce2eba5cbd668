"""The data build on the fixture slice: real facts in all three stores, idempotence, --force."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from agentic_rag.errors import DataBuildError
from agentic_rag.stores.build import build_all, read_manifest, stale_stages
from agentic_rag.stores.catalog import split_multi
from agentic_rag.stores.schema import describe_graph
from tests.conftest import make_settings


def _expected(rows):
    people = {n for r in rows for f in ("director", "cast") for n in split_multi(r[f])}
    genres = {g for r in rows for g in split_multi(r["listed_in"])}
    countries = {c for r in rows for c in split_multi(r["country"])}
    return people, genres, countries


def test_sqlite_counts_match_csv(built_settings, fixture_rows):
    people, genres, countries = _expected(fixture_rows)
    conn = sqlite3.connect(built_settings.sqlite_path)
    count = lambda t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # noqa: E731
    assert count("shows") == len(fixture_rows)
    assert count("people") == len(people)
    assert count("genres") == len(genres)
    assert count("countries") == len(countries)
    assert count("shows_fts") == len(fixture_rows)


def test_sqlite_cleaning(built_settings):
    conn = sqlite3.connect(built_settings.sqlite_path)
    row = conn.execute(
        "SELECT date_added, duration_minutes, seasons, director FROM shows "
        "WHERE title = 'Inception'"
    ).fetchone()
    assert row == ("2021-08-01", 148, None, "Christopher Nolan")
    # no empty strings survive: they are NULL
    empties = conn.execute(
        "SELECT count(*) FROM shows WHERE director = '' OR cast_members = '' "
        "OR country = '' OR rating = ''"
    ).fetchone()[0]
    assert empties == 0
    # the three source rows with the duration in the rating column are repaired
    moved = conn.execute(
        "SELECT rating, duration, duration_minutes FROM shows WHERE show_id = 's5542'"
    ).fetchone()
    assert moved == (None, "74 min", 74)
    seasons = conn.execute(
        "SELECT seasons FROM shows WHERE type = 'TV Show' AND seasons IS NULL"
    ).fetchone()
    assert seasons is None


def test_inception_director_and_cast_in_sqlite(built_settings, fixture_rows):
    src = next(r for r in fixture_rows if r["title"] == "Inception")
    conn = sqlite3.connect(built_settings.sqlite_path)
    rows = conn.execute(
        "SELECT p.name, sp.role FROM show_people sp JOIN people p USING (person_id) "
        "JOIN shows s USING (show_id) WHERE s.title = 'Inception' ORDER BY sp.role, sp.position"
    ).fetchall()
    assert [n for n, role in rows if role == "director"] == ["Christopher Nolan"]
    assert [n for n, role in rows if role == "cast"] == list(split_multi(src["cast"]))


def test_fts_finds_title_words(built_settings):
    conn = sqlite3.connect(built_settings.sqlite_path)
    hits = conn.execute("SELECT title FROM shows_fts WHERE shows_fts MATCH 'dreams'").fetchall()
    assert ("Inception",) in hits


def test_graph_counts_and_inception(stores, fixture_rows):
    people, genres, countries = _expected(fixture_rows)
    q = stores.graph.ro_query
    assert q("MATCH (s:Show) RETURN count(s)").result_set[0][0] == len(fixture_rows)
    assert q("MATCH (p:Person) RETURN count(p)").result_set[0][0] == len(people)
    assert q("MATCH (g:Genre) RETURN count(g)").result_set[0][0] == len(genres)
    assert q("MATCH (c:Country) RETURN count(c)").result_set[0][0] == len(countries)
    directors = q(
        "MATCH (p:Person)-[:DIRECTED]->(:Show {title: 'Inception'}) RETURN p.name"
    ).result_set
    assert directors == [["Christopher Nolan"]]
    cast = q("MATCH (p:Person)-[:ACTED_IN]->(:Show {title: 'Inception'}) RETURN p.name").result_set
    src = next(r for r in fixture_rows if r["title"] == "Inception")
    assert {c[0] for c in cast} == set(split_multi(src["cast"]))
    billed = q(
        "MATCH (p:Person)-[r:ACTED_IN]->(:Show {title: 'Inception'}) "
        "RETURN p.name ORDER BY r.position"
    ).result_set
    assert [c[0] for c in billed] == list(split_multi(src["cast"]))  # the billing order
    schema = describe_graph(stores.graph)
    assert schema.rel_properties["ACTED_IN"] == ["position"]
    assert "(:Person)-[:ACTED_IN {position}]->(:Show)" in schema.render()


def test_semantic_query_ranks_expected_title_first(stores):
    hits = stores.collection.query(
        query_embeddings=[
            stores.embedder.embed_one("thieves steal secrets from inside people's dreams")
        ],
        n_results=3,
    )
    assert hits["metadatas"][0][0]["title"] == "Inception"
    assert stores.collection.count() > 200 - 10


def test_schema_description_is_generated_from_stores(stores):
    from agentic_rag.stores.schema import describe_stores

    schema = describe_stores(stores)
    text = schema.render()
    assert "(:Person)-[:DIRECTED {position}]->(:Show)" in text
    assert "cast_members" in text and "duration_minutes" in text
    assert "genre_list" in schema.chroma_fields
    assert set(schema.graph.labels) == {"Show", "Person", "Genre", "Country"}


def test_second_build_skips_and_force_rebuilds(tmp_path):
    settings = make_settings(tmp_path / "b")
    first = build_all(settings, stages=("sqlite", "graph"))
    assert {r.status for r in first} == {"built"}
    mtime = Path(settings.sqlite_path).stat().st_mtime_ns
    again = build_all(settings, stages=("sqlite", "graph"))
    assert {r.status for r in again} == {"skipped"}
    assert Path(settings.sqlite_path).stat().st_mtime_ns == mtime
    forced = build_all(settings, stages=("sqlite",), force=True)
    assert [r.status for r in forced] == ["built"]
    assert Path(settings.sqlite_path).stat().st_mtime_ns != mtime
    manifest = read_manifest(settings)
    assert manifest["stages"]["sqlite"]["counts"]["shows"] > 200
    assert "chroma" in stale_stages(settings)


def test_changed_csv_makes_stages_stale(tmp_path, fixture_rows):
    csv_copy = tmp_path / "slice.csv"
    csv_copy.write_bytes(Path(make_settings(tmp_path).csv_path).read_bytes())
    settings = make_settings(tmp_path / "b", csv_path=csv_copy)
    build_all(settings, stages=("sqlite",))
    assert "sqlite" not in stale_stages(settings)
    csv_copy.write_bytes(csv_copy.read_bytes().replace(b"Inception", b"Inception II"))
    assert "sqlite" in stale_stages(settings)


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (None, "not found"),
        (b"a,b,c\n1,2,3\n", "missing columns"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
    ],
)
def test_bad_csv_stops_with_one_clear_line(tmp_path, content, needle):
    csv_path = tmp_path / "bad.csv"
    if content is not None:
        csv_path.write_bytes(content)
    settings = make_settings(tmp_path / "b", csv_path=csv_path)
    with pytest.raises(DataBuildError, match=needle):
        build_all(settings)
    assert not Path(settings.sqlite_path).exists()


def test_missing_model_stops_build_and_leaves_nothing_current(tmp_path):
    settings = make_settings(tmp_path / "b", model_dir=tmp_path / "nomodel")
    with pytest.raises(DataBuildError, match="model files"):
        build_all(settings, stages=("chroma",))
    assert not Path(settings.chroma_path).exists()
    assert "chroma" in stale_stages(settings)
    leftovers = [p.name for p in Path(settings.build_dir).iterdir() if "building" in p.name]
    assert leftovers == []


def test_unwritable_build_dir(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    settings = make_settings(blocker / "build")
    with pytest.raises(DataBuildError, match="Cannot write"):
        build_all(settings)


def test_manifest_is_json_with_sha(built_settings):
    manifest = json.loads(Path(built_settings.manifest_path).read_text())
    assert len(manifest["csv_sha256"]) == 64
    assert set(manifest["stages"]) == {"sqlite", "chroma", "graph"}


def test_cli_build_error_is_one_clear_line(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "BUILD_DIR": str(tmp_path / "b"), "CSV_PATH": str(tmp_path / "no.csv")}
    out = subprocess.run(
        [sys.executable, "-m", "agentic_rag", "build-data", "--quiet"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: Catalog CSV not found")
    assert "Traceback" not in out.stdout + out.stderr
