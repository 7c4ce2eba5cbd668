"""Query literals and the `Filters` shared by the offline SQL, Cypher and semantic templates.

User text only ever enters a query as an escaped string literal (`sql_str`, `cy_str`, `like_str`,
`fts_phrase`) or as a validated int / show id (`ids_in`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

SHOW_ID = re.compile(r"^s\d+$")
FTS_WORD = re.compile(r"\w+")


#: what a "no director / no cast / unknown country / no rating" filter tests (NULL = not listed)
MISSING_COLUMNS = {
    "director": "director", "cast": "cast_members", "country": "country", "rating": "rating",
}  # fmt: skip


def sql_str(value: str) -> str:
    """A SQL string literal: NULs dropped, single quotes doubled."""
    return "'" + str(value).replace("\x00", "").replace("'", "''") + "'"


def cy_str(value: str) -> str:
    """A Cypher string literal: NULs dropped, backslashes and single quotes backslash-escaped."""
    clean = str(value).replace("\x00", "").replace("\\", "\\\\").replace("'", "\\'")
    return "'" + clean + "'"


def like_str(value: str) -> str:
    """A case-insensitive '%value%' pattern literal (LIKE wildcards in the value removed)."""
    return sql_str("%" + re.sub(r"[%_\\]", "", value).strip().casefold() + "%")


def fts_phrase(terms: Iterable[str], op: str = "OR") -> str:
    """An FTS5 MATCH string: each word a quoted phrase, joined by `op`, as a SQL literal."""
    words = list(dict.fromkeys(w for t in terms for w in FTS_WORD.findall(t)))
    return sql_str(f" {op} ".join(f'"{w}"' for w in words[:12]))


def ids_in(ids: Iterable[str]) -> str:
    kept = [i for i in dict.fromkeys(ids) if SHOW_ID.match(i)]
    return ", ".join(f"'{i}'" for i in kept)


def in_list(values: Sequence[str], lit: Any = sql_str) -> str:
    return ", ".join(lit(v) for v in values)


def where_clause(conds: Sequence[str]) -> str:
    return f" WHERE {' AND '.join(conds)}" if conds else ""


@dataclass(frozen=True)
class Filters:
    """Constraints on shows shared by the SQL, Cypher and semantic templates."""

    type: str | None = None
    year_from: int | None = None
    year_to: int | None = None
    genres: tuple[tuple[str, ...], ...] = ()  # groups AND-ed, names in a group OR-ed
    countries: tuple[str, ...] = ()
    rating: str | None = None
    added_from: str | None = None
    added_to: str | None = None
    min_minutes: int | None = None
    max_minutes: int | None = None
    min_seasons: int | None = None
    max_seasons: int | None = None
    show_ids: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()  # fields with no value: director, cast, country, rating

    def _numeric(self) -> list[str]:
        bounds = (
            ("release_year", ">=", self.year_from), ("release_year", "<=", self.year_to),
            ("duration_minutes", ">", self.min_minutes),
            ("duration_minutes", "<", self.max_minutes),
            ("seasons", ">", self.min_seasons), ("seasons", "<", self.max_seasons),
        )  # fmt: skip
        return [f"{col} {op} {int(val)}" for col, op, val in bounds if val is not None]

    def sql(self, a: str = "s") -> list[str]:
        out: list[str] = []
        if self.type:
            out.append(f"{a}.type = {sql_str(self.type)}")
        out.extend(f"{a}.{cond}" for cond in self._numeric())
        for group in self.genres:
            out.append(
                "EXISTS (SELECT 1 FROM show_genres sg JOIN genres g ON g.genre_id = sg.genre_id "
                f"WHERE sg.show_id = {a}.show_id AND g.name IN ({in_list(group)}))"
            )
        if self.countries:
            out.append(
                "EXISTS (SELECT 1 FROM show_countries sc JOIN countries c ON c.country_id = "
                f"sc.country_id WHERE sc.show_id = {a}.show_id "
                f"AND c.name IN ({in_list(self.countries)}))"
            )
        if self.rating:
            out.append(f"{a}.rating = {sql_str(self.rating)}")
        if self.added_from:
            out.append(f"{a}.date_added >= {sql_str(self.added_from)}")
        if self.added_to:
            out.append(f"{a}.date_added < {sql_str(self.added_to)}")
        if self.show_ids and ids_in(self.show_ids):
            out.append(f"{a}.show_id IN ({ids_in(self.show_ids)})")
        cols = [MISSING_COLUMNS[k] for k in self.missing if k in MISSING_COLUMNS]
        out.extend(f"{a}.{col} IS NULL" for col in cols)
        return out

    @property
    def cypher_ok(self) -> bool:
        """The graph has no date_added and no 'missing field' test: those filters need SQL."""
        return not (self.added_from or self.added_to or self.missing)

    def cypher(self, v: str = "s") -> tuple[list[str], list[str]]:
        """(extra MATCH clauses, WHERE conditions) for Show variable `v`."""
        where: list[str] = []
        if self.type:
            where.append(f"{v}.type = {cy_str(self.type)}")
        where.extend(f"{v}.{cond}" for cond in self._numeric())
        if self.rating:
            where.append(f"{v}.rating = {cy_str(self.rating)}")
        if self.show_ids and ids_in(self.show_ids):
            where.append(f"{v}.show_id IN [{ids_in(self.show_ids)}]")
        matches = [
            f"MATCH ({v})-[:IN_GENRE]->(g{i}:Genre) WHERE g{i}.name IN [{in_list(group, cy_str)}]"
            for i, group in enumerate(self.genres)
        ]
        if self.countries:
            matches.append(
                f"MATCH ({v})-[:PRODUCED_IN]->(c0:Country) "
                f"WHERE c0.name IN [{in_list(self.countries, cy_str)}]"
            )
        return matches, where

    def semantic(self) -> dict[str, Any]:
        """Semantic filters: one genre only when it is unambiguous (the tool takes one)."""
        genres = [group[0] for group in self.genres if len(group) == 1]
        return {
            "type": self.type, "year_from": self.year_from, "year_to": self.year_to,
            "genre": genres[0] if genres else None,
            "country": self.countries[0] if self.countries else None,
        }  # fmt: skip
