"""Build the SQLite store: the cleaned `shows` table, normalised people/genres/countries, FTS5.

Every searchable name has a folded, indexed shadow (`title_folded`, `name_folded`: see
`agentic_rag.folding`) so queries match "Michael Pena" to "Michael Peña" and still return the
catalog's own spelling; connections opened by `stores.handles` also offer `fold(text)` in SQL.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path

from agentic_rag.folding import fold
from agentic_rag.stores.catalog import Title

SCHEMA = """
CREATE TABLE shows (
    show_id          TEXT PRIMARY KEY,
    type             TEXT NOT NULL CHECK (type IN ('Movie', 'TV Show')),
    title            TEXT NOT NULL,
    title_folded     TEXT NOT NULL,
    director         TEXT,
    cast_members     TEXT,
    country          TEXT,
    date_added       TEXT,
    release_year     INTEGER,
    rating           TEXT,
    duration         TEXT,
    duration_minutes INTEGER,
    seasons          INTEGER,
    listed_in        TEXT,
    description      TEXT
);
CREATE TABLE people (
    person_id   INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    name_folded TEXT NOT NULL
);
CREATE TABLE show_people (
    show_id   TEXT NOT NULL REFERENCES shows(show_id),
    person_id INTEGER NOT NULL REFERENCES people(person_id),
    role      TEXT NOT NULL CHECK (role IN ('director', 'cast')),
    position  INTEGER NOT NULL,
    PRIMARY KEY (show_id, person_id, role)
);
CREATE TABLE genres (
    genre_id    INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    name_folded TEXT NOT NULL
);
CREATE TABLE show_genres (
    show_id  TEXT NOT NULL REFERENCES shows(show_id),
    genre_id INTEGER NOT NULL REFERENCES genres(genre_id),
    PRIMARY KEY (show_id, genre_id)
);
CREATE TABLE countries (
    country_id  INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    name_folded TEXT NOT NULL
);
CREATE TABLE show_countries (
    show_id    TEXT NOT NULL REFERENCES shows(show_id),
    country_id INTEGER NOT NULL REFERENCES countries(country_id),
    PRIMARY KEY (show_id, country_id)
);
CREATE VIRTUAL TABLE shows_fts USING fts5(
    show_id UNINDEXED, title, description, tokenize = 'unicode61 remove_diacritics 2'
);
"""

INDEXES = """
CREATE INDEX idx_shows_type_year ON shows(type, release_year);
CREATE INDEX idx_shows_year ON shows(release_year);
CREATE INDEX idx_shows_rating ON shows(rating);
CREATE INDEX idx_shows_date_added ON shows(date_added);
CREATE INDEX idx_shows_title ON shows(title COLLATE NOCASE);
CREATE INDEX idx_show_people_person ON show_people(person_id, role);
CREATE INDEX idx_show_genres_genre ON show_genres(genre_id);
CREATE INDEX idx_show_countries_country ON show_countries(country_id);
CREATE INDEX idx_people_name_nocase ON people(name COLLATE NOCASE);
CREATE INDEX idx_shows_title_folded ON shows(title_folded);
CREATE INDEX idx_people_name_folded ON people(name_folded);
CREATE INDEX idx_genres_name_folded ON genres(name_folded);
CREATE INDEX idx_countries_name_folded ON countries(name_folded);
"""

TABLES = ("shows", "people", "show_people", "genres", "show_genres", "countries", "show_countries")


def _ids(names: Sequence[str]) -> dict[str, int]:
    return {name: i for i, name in enumerate(sorted(set(names)), start=1)}


def build_sqlite(
    titles: Sequence[Title], path: Path, progress: Callable[[int], None] | None = None
) -> dict[str, int]:
    """Write a fresh database at `path` (which must not exist) and return row counts per table."""
    path = Path(path)
    conn = sqlite3.connect(path)
    try:
        conn.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;")
        conn.executescript(SCHEMA)
        people = _ids([n for t in titles for n in (*t.directors, *t.cast)])
        genres = _ids([g for t in titles for g in t.genres])
        countries = _ids([c for t in titles for c in t.countries])
        with conn:
            for table, ids in (("people", people), ("genres", genres), ("countries", countries)):
                conn.executemany(
                    f"INSERT INTO {table} VALUES (?, ?, ?)",
                    [(i, n, fold(n)) for n, i in ids.items()],
                )
            for start in range(0, len(titles), 500):
                chunk = titles[start : start + 500]
                _insert_titles(conn, chunk, people, genres, countries)
                if progress:
                    progress(len(chunk))
        conn.executescript(INDEXES)
        conn.execute("INSERT INTO shows_fts(shows_fts) VALUES ('optimize')")
        conn.execute("ANALYZE")
        conn.commit()
        counts = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}
    finally:
        conn.close()
    return counts


def _insert_titles(
    conn: sqlite3.Connection,
    chunk: Sequence[Title],
    people: dict[str, int],
    genres: dict[str, int],
    countries: dict[str, int],
) -> None:
    conn.executemany(
        "INSERT INTO shows VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                t.show_id,
                t.type,
                t.title,
                fold(t.title),
                t.director_text,
                t.cast_text,
                t.country_text,
                t.date_added,
                t.release_year,
                t.rating,
                t.duration,
                t.duration_minutes,
                t.seasons,
                t.genre_text,
                t.description,
            )
            for t in chunk
        ],
    )
    conn.executemany(
        "INSERT INTO show_people VALUES (?, ?, ?, ?)",
        [
            (t.show_id, people[name], role, pos)
            for t in chunk
            for role, names in (("director", t.directors), ("cast", t.cast))
            for pos, name in enumerate(names)
        ],
    )
    conn.executemany(
        "INSERT INTO show_genres VALUES (?, ?)",
        [(t.show_id, genres[g]) for t in chunk for g in t.genres],
    )
    conn.executemany(
        "INSERT INTO show_countries VALUES (?, ?)",
        [(t.show_id, countries[c]) for t in chunk for c in t.countries],
    )
    conn.executemany(
        "INSERT INTO shows_fts(show_id, title, description) VALUES (?, ?, ?)",
        [(t.show_id, t.title, t.description or "") for t in chunk],
    )
