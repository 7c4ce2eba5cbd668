"""One compiler from a spec to SQL over the catalog tables (shows, people, genres, countries).

User text only ever enters a query as an escaped string literal or a validated int / show id;
names are the catalog's own spellings, found by the tagger through folded keys."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.sql_text import (
    ids_in,
    in_list,
    like,
    lit,
    stem,
    title_words,
    whole_words,
)
from agentic_rag.agent.rules.ties import TIED_ROWS

SHOW_COLS = "s.show_id, s.title, s.type, s.release_year"
LIST_COLS = f"{SHOW_COLS}, s.rating, s.duration, s.date_added, s.listed_in"
MISSING_COLUMNS = {
    "director": "director",
    "cast": "cast_members",
    "country": "country",
    "rating": "rating",
}
GROUPS = {
    "release_year": ("s.release_year", ""),
    "added_year": ("substr(s.date_added, 1, 4)", ""),
    "added_month": ("substr(s.date_added, 1, 7)", ""),
    "added_calendar_month": (  # its name: "Jul"
        "substr('JanFebMarAprMayJunJulAugSepOctNovDec', 3 * CAST(substr(s.date_added, 6, 2) AS "
        "INTEGER) - 2, 3)",
        "",
    ),
    "rating": ("s.rating", ""),
    "type": ("s.type", ""),
    "country": (
        "c.name",
        " JOIN show_countries sc ON sc.show_id = s.show_id "
        "JOIN countries c ON c.country_id = sc.country_id",
    ),
    "genre": (
        "g.name",
        " JOIN show_genres sg ON sg.show_id = s.show_id JOIN genres g ON g.genre_id = sg.genre_id",
    ),
    "director": (
        "p.name",
        " JOIN show_people sp ON sp.show_id = s.show_id AND sp.role = "
        "'director' JOIN people p ON p.person_id = sp.person_id",
    ),
    "cast": (
        "p.name",
        " JOIN show_people sp ON sp.show_id = s.show_id AND sp.role = 'cast' "
        "JOIN people p ON p.person_id = sp.person_id",
    ),
}
ALIASES = {"cast": "actor", "added_year": "year_added", "added_month": "month_added"}
ALIASES["added_calendar_month"] = "month_of_year_added"


def _where(conds: Sequence[str]) -> str:
    return f" WHERE {' AND '.join(conds)}" if conds else ""


def conditions(s: TitleSet, a: str = "s") -> list[str]:
    """The WHERE conditions of a title set."""
    out: list[str] = []
    if s.type:
        out.append(f"{a}.type = {lit(s.type)}")
    for col, op, val in (
        ("release_year", ">=", s.year_from),
        ("release_year", "<=", s.year_to),
        ("duration_minutes", ">=", s.minutes_min),
        ("duration_minutes", "<=", s.minutes_max),
        ("seasons", ">=", s.seasons_min),
        ("seasons", "<=", s.seasons_max),
    ):
        if val is not None:
            out.append(f"{a}.{col} {op} {int(val)}")
    if s.added_from:
        out.append(f"{a}.date_added >= {lit(s.added_from)}")
    if s.added_to:
        out.append(f"{a}.date_added < {lit(s.added_to)}")
    if s.added_same_year:
        out.append(f"CAST(substr({a}.date_added, 1, 4) AS INTEGER) = {a}.release_year")
    for group in s.genres:
        out.append(
            "EXISTS (SELECT 1 FROM show_genres sg JOIN genres g ON g.genre_id = sg.genre_id"
            f" WHERE sg.show_id = {a}.show_id AND g.name IN ({in_list(group)}))"
        )
    if s.countries:
        out.append(
            "EXISTS (SELECT 1 FROM show_countries sc JOIN countries c ON c.country_id = "
            f"sc.country_id WHERE sc.show_id = {a}.show_id AND c.name IN "
            f"({in_list(s.countries)}))"
        )
    for p in s.people:
        role = f" AND sp.role = {lit(p.role)}" if p.role else ""
        out.append(
            "EXISTS (SELECT 1 FROM show_people sp JOIN people p ON p.person_id = "
            f"sp.person_id WHERE sp.show_id = {a}.show_id AND p.name = {lit(p.name)}{role})"
        )
    if s.ratings:
        out.append(f"{a}.rating IN ({in_list(s.ratings)})")
    if s.keywords:
        out.append(
            "(" + " OR ".join(f"lower({a}.description) LIKE {like(k)}" for k in s.keywords) + ")"
        )
    out.extend(f"{a}.{MISSING_COLUMNS[m]} IS NULL" for m in s.missing if m in MISSING_COLUMNS)
    if s.titles:
        out.append(f"{a}.title IN ({in_list(s.titles)})")
    if s.show_ids:
        out.append(f"{a}.show_id IN ({ids_in(s.show_ids)})")
    if s.title_has:  # folded title words, the phrase's whole words in a row ("marvel" is not
        words = title_words(f"{a}.title_folded")  # "Marvelous"; "star trek" is in "Star Trek:")
        out.append("(" + " OR ".join(f"{words} LIKE {whole_words(p)}" for p in s.title_has) + ")")
    if s.same_people is not None:  # "… by the same director": a person of those titles
        r = s.same_people.role
        role = f" AND x.role = {lit(r)} AND y.role = x.role" if r else ""
        out.append(
            f"EXISTS (SELECT 1 FROM show_people x JOIN show_people y ON y.person_id = "
            f"x.person_id WHERE x.show_id = {a}.show_id AND y.show_id IN "
            f"({ids_in(s.same_people.show_ids)}){role})"
        )
    if s.excluded:  # "what else did he direct": not the titles the earlier part found
        out.append(f"{a}.show_id NOT IN ({ids_in(s.excluded)})")
    if s.within is not None:  # the earlier set it narrows: its constraints hold too
        out += conditions(s.within, a)
    for w in s.without:  # "not from the US": none of a left-out set's titles (a NULL is none)
        out.append(f"NOT COALESCE(({' AND '.join(conditions(w, a)) or '1'}), 0)")
    return out


def count(s: TitleSet) -> str:
    return f"SELECT count(*) AS titles FROM shows s{_where(conditions(s))}"


def count_by_type(s: TitleSet) -> str:
    """The set's count, and how many of it are movies and TV shows."""
    return (
        "SELECT count(*) AS titles, coalesce(sum(s.type = 'Movie'), 0) AS movies, "
        f"coalesce(sum(s.type = 'TV Show'), 0) AS tv_shows FROM shows s{_where(conditions(s))}"
    )


def listing(s: TitleSet, order: str = "s.release_year DESC, s.title", limit: int = 25) -> str:
    return (
        f"SELECT {LIST_COLS} FROM shows s{_where(conditions(s))} ORDER BY {order} "
        f"LIMIT {int(limit)}"
    )


def top(spec: QuerySpec) -> str:
    """The first `limit` titles by an order and all tied with the last (else the first ten)."""
    col = spec.by or "release_year"
    way = "ASC" if spec.ascending else "DESC"
    s = spec.titles
    if col in ("duration_minutes", "seasons") and s.type is None:
        s = s.model_copy(update={"type": "TV Show" if col == "seasons" else "Movie"})
    cond = [*conditions(s), f"s.{col} IS NOT NULL"]
    alias, want = (col if col != "release_year" else "year"), spec.limit
    if want:  # the value at place `want` (all of them when fewer): ties with it are named too
        nth = f"SELECT s.{col} FROM shows s{_where(cond)} ORDER BY s.{col} {way}"
        end = f"SELECT {'max' if spec.ascending else 'min'}(s.{col}) FROM shows s{_where(cond)}"
        at = f"coalesce(({nth} LIMIT 1 OFFSET {want - 1}), ({end}))"
        cond.append(f"s.{col} {'<=' if spec.ascending else '>='} {at}")
    return (
        f"SELECT {LIST_COLS}, s.{col} AS {alias} FROM shows s{_where(cond)} "
        f"ORDER BY s.{col} {way}, s.title LIMIT {want - 1 + TIED_ROWS if want else 10}"
    )


BREAKDOWN_ROWS = 60  # groups of a breakdown ("titles added per year": every year)

#: the set field naming a group of each ranked dimension a left-out set may name
_GROUP_FIELDS = {"country": "countries", "genre": "genres", "rating": "ratings"}


def _left_out_groups(s: TitleSet, dim: str) -> tuple[TitleSet, list[str]]:
    """A ranking of countries "apart from the US" leaves the US group out, not the titles the
    US co-produced: a left-out set naming only groups of the ranked dimension."""
    field = _GROUP_FIELDS.get(dim)
    if field is None:
        return s, []
    groups = [w for w in s.without if w.model_dump(exclude_defaults=True).keys() == {field}]
    values = [v for w in groups for v in getattr(w, field)]
    names = [n for v in values for n in ([v] if isinstance(v, str) else v)]
    return s.model_copy(update={"without": [w for w in s.without if w not in groups]}), names


def group(spec: QuerySpec) -> str:
    dim = spec.by if spec.by in GROUPS else "country"
    expr, joins = GROUPS[dim]
    alias = ALIASES.get(dim, dim)
    way = "ASC" if spec.ascending else "DESC"
    titles, left_out = _left_out_groups(spec.titles, dim)
    conds = [*conditions(titles), f"{expr} IS NOT NULL"]
    named = [p.name for p in titles.people] if dim in ("director", "cast") else []
    if left_out or named:  # "which actor is in the most X movies": the others, not X
        conds.append(f"{expr} NOT IN ({in_list([*left_out, *named])})")
    return (
        f"SELECT {expr} AS {alias}, count(DISTINCT s.show_id) AS titles FROM shows s{joins}"
        f"{_where(conds)} GROUP BY {expr} ORDER BY titles {way}, {alias} "
        f"LIMIT {BREAKDOWN_ROWS if spec.breakdown else max(spec.limit or 10, 10)}"
    )


def share(base: TitleSet, part: TitleSet) -> str:
    inner = " AND ".join(conditions(part)) or "1"
    return (
        f"SELECT round(100.0 * sum(CASE WHEN {inner} THEN 1 ELSE 0 END) / count(*), 1) AS "
        f"percent, sum(CASE WHEN {inner} THEN 1 ELSE 0 END) AS matching, count(*) AS total "
        f"FROM shows s{_where(conditions(base))}"
    )


def compare(sets: Sequence[tuple[str, TitleSet]]) -> str:
    return " UNION ALL ".join(
        f"SELECT {lit(name)} AS label, count(*) AS titles FROM shows s{_where(conditions(s))}"
        for name, s in sets
    )


def labels(base: TitleSet, groups: dict[str, list[str]]) -> str:
    return compare(
        [(name, base.model_copy(update={"keywords": words})) for name, words in groups.items()]
    )


def title_rows(titles: Sequence[str], relaxed: bool = False, ids: Sequence[str] = ()) -> str:
    cond = (
        " OR ".join(f"lower(s.title) LIKE {like(t)}" for t in titles)
        if relaxed
        else f"s.title IN ({in_list(titles)})"
    )
    cond = f"s.show_id IN ({ids_in(ids)})" if ids else cond  # "what is that rated": found before
    return (
        f"SELECT {SHOW_COLS}, s.rating, s.duration, s.director, s.cast_members, "
        "s.country, s.date_added, s.listed_in, s.description FROM shows s "
        f"WHERE {cond} LIMIT 10"
    )


def people_of(role: str | None, s: TitleSet, relaxed: bool = False) -> str:
    """Directors / cast of the titles of a set, in billing order."""
    conds = conditions(s)
    if relaxed and s.titles:
        conds = [" OR ".join(f"lower(s.title) LIKE {like(t)}" for t in s.titles)]
    conds += [f"sp.role = {lit(role)}"] if role else []
    return (
        f"SELECT {SHOW_COLS}, p.name, sp.role FROM shows s JOIN show_people sp ON sp.show_id "
        f"= s.show_id JOIN people p ON p.person_id = sp.person_id{_where(conds)} "
        "ORDER BY s.show_id, sp.role DESC, sp.position LIMIT 100"
    )


def fts(words: Sequence[str], s: TitleSet, limit: int = 10) -> str:
    """Titles whose title or description has any of `words` (by stem), in the set `s`."""
    terms = list(dict.fromkeys(stem(w) for t in words for w in re.findall(r"\w+", t)))[:12]
    match = lit(" OR ".join(f'"{w}"*' for w in terms or ["netflix"]))
    return (
        f"SELECT {SHOW_COLS}, s.description FROM shows_fts JOIN shows s ON s.show_id = "
        f"shows_fts.show_id{_where([f'shows_fts MATCH {match}', *conditions(s)])} "
        f"ORDER BY rank LIMIT {int(limit)}"
    )


def summary() -> str:
    return (
        "SELECT s.type, count(*) AS titles, min(s.release_year) AS first_year, max(s."
        "release_year) AS last_year FROM shows s GROUP BY s.type ORDER BY 2 DESC"
    )
