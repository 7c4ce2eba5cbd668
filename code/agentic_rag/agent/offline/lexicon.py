"""What the offline planner knows about the catalog: genres, countries, ratings, people, titles.

`Lexicon` holds the vocabulary and its indexes; the matching lives in two mixins:
`vocab.VocabMatcher` (genres, countries, ratings, type, years) and `lookups.NameLookups`
(people and titles). Names they define are re-exported here.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field

from agentic_rag.agent.offline.lookups import NameLookups, norm_key, norm_keys
from agentic_rag.agent.offline.vocab import (
    AMBIGUOUS_COUNTRIES,
    COMMON,
    DEMONYMS,
    GENRE_SYNONYMS,
    MONTHS,
    TYPES,
    WORD,
    Span,
    VocabMatcher,
)

__all__ = [
    "AMBIGUOUS_COUNTRIES", "COMMON", "DEMONYMS", "GENRE_SYNONYMS", "MONTHS", "TYPES", "WORD",
    "Lexicon", "Span", "norm_key", "norm_keys",
]  # fmt: skip


@dataclass
class Lexicon(NameLookups, VocabMatcher):
    """Known catalog vocabulary; build with `from_sqlite(conn)` or from explicit lists."""

    genres: Sequence[str]
    countries: Sequence[str]
    ratings: Sequence[str]
    people: Sequence[str] = ()
    titles: Sequence[str] = ()
    #: title -> (show_id, type, release_year, description) for titles of the catalog
    shows: dict[str, tuple[str, str, int | None, str]] = field(default_factory=dict)
    types: Sequence[str] = TYPES

    def __post_init__(self) -> None:
        self._people = {k: n for k, n in zip(norm_keys(self.people), self.people, strict=True) if k}
        titles = [*self.titles, *self.shows]
        self._titles = {k: x for k, x in zip(norm_keys(titles), titles, strict=True) if k}
        parts = {w for k in self._people if " " in k for w in k.split()}
        self._ambiguous_single = parts | set(self._titles)
        self._max_title = max((k.count(" ") + 1 for k in self._titles), default=1)
        self._genre_keys = {norm_key(g): g for g in self.genres}
        self._country_keys = {norm_key(c): c for c in self.countries}
        #: unquoted scans skip titles that are just a country or genre name ("India")
        self._scan_titles = {
            k: v
            for k, v in self._titles.items()
            if k not in self._genre_keys and k not in self._country_keys
        }

    @classmethod
    def from_sqlite(cls, conn: sqlite3.Connection) -> Lexicon:
        """Load the vocabulary from the catalog database (about 0.1 s on the full catalog)."""

        def column(sql: str) -> list[str]:
            return [r[0] for r in conn.execute(sql) if r[0]]

        shows = {
            title: (sid, typ, year, desc or "")
            for sid, title, typ, year, desc in conn.execute(
                "SELECT show_id, title, type, release_year, description FROM shows "
                "ORDER BY release_year, show_id"
            )
            if title
        }
        return cls(
            genres=column("SELECT name FROM genres ORDER BY name"),
            countries=column("SELECT name FROM countries ORDER BY name"),
            ratings=column("SELECT DISTINCT rating FROM shows WHERE rating IS NOT NULL"),
            people=column("SELECT name FROM people"),
            shows=shows,
        )
