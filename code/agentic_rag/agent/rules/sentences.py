"""The offline answer's sentences over rows: a part as the writer sees it, titles and people
named from rows, a capped listing with its real count ("showing 20 of 145"), the one title of
"the longest X" with its ties, and the leaders of a ranking of groups or people ("which genre
has the most": one, "top 4 genres": four, each with the rows tied with the last one named)."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

from agentic_rag.agent.rules.phrasing import reading
from agentic_rag.agent.rules.rows import cell
from agentic_rag.agent.rules.shape import hours
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.ties import TIED_ROWS
from agentic_rag.tools.base import ToolResult

MAX_NAMED = 20


def _subject(reading: str) -> str:
    return re.sub(r"^(?:Counting|Listing|The catalog entry of) ", "", reading)


def _agreeing(n: int, subject: str) -> str:
    """The subject with its first noun agreeing with `n`: '1 movie directed by …'."""
    if n != 1:
        return subject
    return re.sub(r"\b(movie|TV show|title)s\b", r"\1", subject, count=1)


def _once(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows of titles, each title once (by its id, else its name and year), in their order."""
    keyed = {
        (r.get("show_id") or (r.get("title"), r.get("release_year"))): r for r in reversed(rows)
    }
    return list(reversed(keyed.values()))


def _titles(rows: list[dict[str, Any]], extra: str | None = None) -> str:
    out = []
    for r in rows[:MAX_NAMED]:
        bits = [str(r.get("release_year") or r.get("year") or "")]
        if extra and r.get(extra) is not None:
            unit = " season" if extra == "seasons" and r[extra] == 1 else _UNITS.get(extra, "")
            bits.append(f"{r[extra]}{unit}")
        out.append(f"**{cell(r.get('title'))}** ({', '.join(b for b in bits if b)})")
    more = f", and {len(rows) - MAX_NAMED} more" if len(rows) > MAX_NAMED else ""
    return "; ".join(out) + more


def _people(rows: list[dict[str, Any]], lead: bool = False, first: int | None = None) -> str:
    """The people of each title in the rows' order (`lead`: the first billed only, said so;
    `first`: the first so many billed of each, "name the first 2 actors listed for it")."""
    by_title: dict[str, list[str]] = {}
    for r in rows:
        if r.get("name"):
            by_title.setdefault(str(r.get("title") or "?"), []).append(str(r["name"]))
    if lead:
        said = (
            f"**{cell(t)}**: the lead (first billed) is **{cell(n[0])}**"
            for t, n in by_title.items()
        )
        return "; ".join(said)
    if first:
        return "; ".join(
            f"**{cell(t)}**: the first {min(first, len(n))} billed: "
            f"{', '.join(list(dict.fromkeys(n))[:first])}"
            for t, n in by_title.items()
        )
    return "; ".join(f"**{cell(t)}**: {', '.join(dict.fromkeys(n))}" for t, n in by_title.items())


class Part(BaseModel):
    """One part of the reading as the writer uses it: its number, its spec, its prose reading."""

    number: int
    spec: QuerySpec

    @property
    def op(self) -> str:
        return self.spec.op

    @property
    def reading(self) -> str:
        return reading(self.spec)


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def by_type(row: dict[str, Any]) -> str:
    """' (77 movies, 74 TV shows)' for a count of both types; '' when one type has none."""
    movies, shows = row.get("movies"), row.get("tv_shows")
    if not (isinstance(movies, int) and isinstance(shows, int) and movies and shows):
        return ""
    return f" ({_count(movies, 'movie')}, {_count(shows, 'TV show')})"


def _of_type(part: Part, row: dict[str, Any]) -> tuple[Any, str]:
    """The count of the type asked for, from a count of both types ("beyblade movies": the
    phrase's titles were counted whole), and the other type's titles when none are of it."""
    kind = part.spec.titles.type
    if not kind or not {"movies", "tv_shows"} <= row.keys():
        return row.get("titles"), ""
    mine, theirs = ("movies", "tv_shows") if kind == "Movie" else ("tv_shows", "movies")
    k, n = row.get(mine), row.get(theirs)
    noun = "movie" if theirs == "movies" else "TV show"
    return (
        k,
        f"; the catalog has {_count(n, noun)} with those words in the title"
        if k == 0 and n
        else "",
    )


def listed(
    part: Part,
    key: tuple[int, ToolResult] | None,
    total: tuple[int, ToolResult],
    said: bool = False,
) -> str:
    """'There are **145** movies released in 2011 [2]; showing 20 of 145 [1]: …': the number
    comes from the count query, never from the length of a capped list of rows. `said`: an
    earlier part already gave that count ("how many … and name them"): only the names follow."""
    t, counted = total
    k, other = _of_type(part, counted.rows[0])

    subject = _agreeing(k, _subject(part.reading)) if isinstance(k, int) else ""
    if key is None:
        said = f"{other} [{t}]" if other else ""  # "…; the catalog has 5 TV shows with …"
        return f"There are **0** {subject} [{t}]{said}." if k == 0 else ""
    n, result = key
    if not isinstance(k, int):
        return ""  # no count came back: the key result's own sentence stands
    rows = _once(result.rows)  # a person's title in two roles ("directed and starred in"): once
    shown = min(len(rows), MAX_NAMED)
    names = "; ".join(_titles(rows[:shown]).split("; "))
    kinds = "" if part.spec.titles.type else by_type(counted.rows[0])
    if said:
        return f"{'They are' if k <= shown else f'The first {shown} of {k:,}'} [{n}]: {names}."
    if k <= shown:
        return f"There {'is' if k == 1 else 'are'} **{k:,}** {subject}{kinds} [{t}]: {names} [{n}]."
    if part.spec.limit == shown:  # "give me a horror movie from spain": the ones asked for
        some = "One" if shown == 1 else f"{shown}"
        return f"{some} of the **{k:,}** {subject}{kinds} [{t}]: {names} [{n}]."
    return f"There are **{k:,}** {subject}{kinds} [{t}]; showing {shown} of {k:,} [{n}]: {names}."


_UNITS = {"duration_minutes": " min", "seasons": " seasons", "year": "", "date_added": ""}


def top_one(part: Part, rows: list[dict[str, Any]], n: int) -> str:
    """'The longest X is **T** (2019, 155 min)': a ranking whose rows all share the top value
    (one title, or the titles tied with it); '' for a ranked list."""
    key = next((k for k in _UNITS if k in rows[0] and k != "date_added"), "date_added")
    values = {str(r.get(key)) for r in rows}
    if len(values) != 1 or not re.match(r"^The \w", part.reading):
        return ""
    value = f"{rows[0].get(key)}{_UNITS[key]}"
    value = value.removesuffix("s") if value == "1 seasons" else value
    if key == "duration_minutes" and part.spec.in_hours and isinstance(rows[0].get(key), int):
        value += f", {hours(rows[0][key])}"  # "the longest movie in hours"
    if len(rows) >= TIED_ROWS:  # the query returns at most that many of the tied titles
        return (
            f"{part.reading}: at least {len(rows)} titles tied at {value} [{n}]: {_titles(rows)}."
        )
    if len(rows) == 1:
        r = rows[0]
        when = ", ".join(dict.fromkeys(str(x) for x in (r.get("release_year"), value) if x))
        return f"{part.reading} is **{cell(r['title'])}** ({when}) [{n}]."
    return f"{part.reading}: {len(rows)} titles tied at {value} [{n}]: {_titles(rows)}."


def top_titles(part: Part, rows: list[dict[str, Any]], extra: str | None, n: int) -> str:
    """'The 5 newest X [1]: A; …; E; tied with the last of them: F': the titles asked for, then
    those tied with the last (`compile_sql.top` returns them); a list of ten when no number;
    '' when the reading names no ranking ("The …")."""
    if part.spec.limit == 1 and (one := top_one(part, rows, n)):
        return one
    if not _subject(part.reading).startswith("The "):
        return ""
    want = part.spec.limit or len(rows)
    key = next((k for k in _UNITS if k in rows[0]), "")
    tied = [r for r in rows[want:] if key and r.get(key) == rows[want - 1].get(key)]
    more = " (more may be tied)" if tied and len(rows) >= want - 1 + TIED_ROWS else ""
    also = f"; tied with the last of them: {_titles(tied, extra)}{more}" if tied else ""
    subject = _subject(part.reading)[4:]
    return f"The {len(rows[:want])} {subject} [{n}]: {_titles(rows[:want], extra)}{also}."


def leaders(
    rows: list[dict[str, Any]], value: str, limit: int | None
) -> tuple[list[dict[str, Any]], bool]:
    """The first `limit` rows of a ranking (one when no number was asked) and every row tied
    with the last of them; True when the rows run out while still tied (more may tie)."""
    want = max(1, limit or 1)
    named = rows[:want]
    if not named:
        return [], False
    last = named[-1].get(value)
    named += [r for r in rows[want:] if r.get(value) == last]
    return named, len(named) == len(rows) and len(rows) > want


def ranking_lead(
    rows: list[dict[str, Any]], key: str, value: str, unit: str, limit: int | None, n: int
) -> str:
    """The lead of a ranking: only the leaders are named ('**International Movies**, with
    **2,752** titles [1]'; 'tied, with 16 titles each'; 'the top 4: A (207), B (167), …')."""
    named, more = leaders(rows, value, limit)
    if not named:
        return ""
    maybe = " (more may be tied)" if more else ""
    if limit is None or limit == 1:
        v = named[0].get(value)
        unit = unit[:-1] if v == 1 and unit.endswith("s") else unit  # "1 title"
        if len(named) == 1:
            return f"**{cell(named[0][key])}**, with **{v:,}** {unit} [{n}]"
        names = ", ".join(f"**{cell(r[key])}**" for r in named[:MAX_NAMED])
        rest = f" and {len(named) - MAX_NAMED} more" if len(named) > MAX_NAMED else ""
        return f"{len(named)} tied{maybe}: {names}{rest}, with **{v:,}** {unit} each [{n}]"
    want = min(limit, len(rows))
    top = "; ".join(f"**{cell(r[key])}** ({r.get(value):,})" for r in named[:want])
    tied = named[want:]
    also = (
        f"; tied with the last: {', '.join(f'**{cell(r[key])}**' for r in tied)}{maybe}"
        if tied
        else ""
    )
    return f"The top {want} by {unit}: {top}{also} [{n}]"


#: the entries a part that looks titles up describes: "the newest french show… what's it about"
#: over four tied titles describes each; beyond this many the table holds them
ENTRIES = 5


def entry(row: dict[str, Any], in_hours: bool = False) -> str:
    """A title's catalog entry in one sentence: its type, year, rating, running time (with hours
    when asked "in hours"), description, director, countries, genres and date added."""
    bits = [str(row.get(k)) for k in ("type", "release_year", "rating", "duration") if row.get(k)]
    said = re.fullmatch(r"(\d+) min", str(row.get("duration") or ""))
    if in_hours and said:  # "how long is X in hours"
        bits[-1] += f", {hours(int(said.group(1)))}"
    extra = f" Directed by {row['director']}." if row.get("director") else ""
    extra += f" From {row['country']}." if row.get("country") else ""
    extra += f" Genres: {row['listed_in']}." if row.get("listed_in") else ""
    added = f" Added to Netflix {row['date_added']}." if row.get("date_added") else ""
    return (
        f"**{cell(row['title'])}** ({', '.join(bits)}): {cell(row.get('description'))}"
        f"{' ' + cell(extra.strip()) if extra else ''}{added}"
    )
