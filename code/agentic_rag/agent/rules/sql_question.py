"""A question typed as one read-only SQL query over the catalog ("SELECT COUNT(*) FROM titles
WHERE country = 'Jordan';") is read as the question it asks ("how many titles from Jordan"), not
run and not set aside as code: a count, a listing or a ranking (ORDER BY a date, the running
time or the seasons, with LIMIT) of one table of titles, filtered by AND-ed comparisons of the
catalog's columns (country, type, rating, release year, director, cast, genre) with a literal.
Anything else (another statement, a comment, OR, a join, a sub-query, a column of no meaning
here) is no question of this form, and `code_text` sets it aside as before."""

from __future__ import annotations

import re

from pydantic import BaseModel

_I = re.IGNORECASE
_QUERY = re.compile(
    r"^\s*select\s+(?P<what>count\s*\(\s*(?:\*|1|\w+)\s*\)|\*|[\w\s,]+?)\s+from\s+(?P<table>\w+)"
    r"(?:\s+where\s+(?P<where>.+?))?(?:\s+order\s+by\s+(?P<order>\w+)(?:\s+(?P<dir>asc|desc))?)?"
    r"(?:\s+limit\s+(?P<limit>\d{1,2}))?\s*;?\s*$",
    _I | re.DOTALL,
)
#: one comparison: a column, an operator and a literal (a quoted string or a number)
_COMPARE = re.compile(
    r"^\s*(?P<col>\w+)\s*(?P<op>=|==|like|>=|<=|>|<)\s*(?:'(?P<text>[\w\s&.%:!,-]{1,60})'|"
    r"(?P<num>\d{1,4}))\s*$",
    _I,
)
#: the tables of titles, and the noun each is read as
_TABLES = {
    "titles": "titles",
    "shows": "titles",
    "netflix": "titles",
    "netflix_titles": "titles",
    "catalog": "titles",
    "movies": "movies",
    "films": "movies",
    "tv_shows": "tv shows",
}
_TYPES = {"movie": "movies", "tv show": "tv shows"}
#: how each column is said with its value, by its operator
_SAID = {
    "country": "from {v}",
    "rating": "rated {v}",
    "director": "directed by {v}",
    "cast": "starring {v}",
    "listed_in": "listed in {v}",
    "genre": "listed in {v}",
}
_YEAR = {
    "=": "released in {v}",
    "==": "released in {v}",
    ">": "released after {v}",
    "<": "released before {v}",
}
#: ORDER BY a column, each way: the ranking's words
_ORDER = {
    ("release_year", "desc"): "newest",
    ("release_year", "asc"): "oldest",
    ("date_added", "desc"): "most recently added",
    ("date_added", "asc"): "earliest added",
    ("duration_minutes", "desc"): "longest",
    ("duration_minutes", "asc"): "shortest",
    ("seasons", "desc"): "longest running",
}


class Asked(BaseModel):
    """The question a query asks, and the reading's note of it."""

    question: str
    note: str


def _condition(text: str) -> tuple[str, str] | None:
    """One comparison as words: ("type", "movies") for the type, else ("", the words)."""
    m = _COMPARE.match(text)
    if m is None:
        return None
    col, op = m.group("col").casefold(), m.group("op").casefold()
    value = (m.group("text") or m.group("num") or "").strip("% ")
    if not value:
        return None
    if col == "type" and op in ("=", "==", "like"):
        return ("type", _TYPES[value.casefold()]) if value.casefold() in _TYPES else None
    if col in ("release_year", "year") and m.group("num") and op in _YEAR:
        return "", _YEAR[op].format(v=value)
    if col in _SAID and m.group("text") and op in ("=", "==", "like"):
        return "", _SAID[col].format(v=value)
    return None


def sql_asked(text: str) -> Asked | None:
    """The question `text` asks when it is one read-only query of the form above, else None."""
    m = _QUERY.match(text)
    if m is None or (noun := _TABLES.get(m.group("table").casefold())) is None:
        return None
    said: list[str] = []
    for part in (
        re.split(r"\s+and\s+", m.group("where") or "", flags=_I) if m.group("where") else []
    ):
        cond = _condition(part)
        if cond is None:
            return None
        noun, said = (cond[1], said) if cond[0] == "type" else (noun, [*said, cond[1]])
    what = m.group("what").strip().casefold()
    rest = " ".join([noun, *said])
    if what.startswith("count"):
        if m.group("order") or m.group("limit"):
            return None
        question = f"how many {rest}"
    elif m.group("order"):
        key = (m.group("order").casefold(), (m.group("dir") or "asc").casefold())
        if key not in _ORDER:
            return None
        n = m.group("limit")
        question = f"the {n + ' ' if n and n != '1' else ''}{_ORDER[key]} {rest}"
    else:
        question = f"list {rest}"
    return Asked(question=question, note=f"read the SQL query as the question '{question}'")
