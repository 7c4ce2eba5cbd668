"""A question typed as one read-only SQL query over the catalog ("SELECT COUNT(*) FROM titles
WHERE country = 'Jordan';") is read as the question it asks ("how many titles from Jordan"), not
run and not set aside as code: a count, a listing or a ranking (ORDER BY a date, the running
time or the seasons, with LIMIT) of one table of titles, filtered by AND-ed comparisons of the
catalog's columns (country, type, rating, release year, director, cast, genre) with a literal.
Anything else (another statement, a comment, OR, a join, a sub-query, a column of no meaning
here) is no question of this form, and `code_text` sets it aside as before. The query is parsed
by sqlglot (the SQL tool's guard parses with it too), never matched by pattern."""

from __future__ import annotations

import re

import sqlglot
from pydantic import BaseModel
from sqlglot import exp
from sqlglot.errors import SqlglotError

#: a literal compared with a column: words, spaces and a little punctuation, never quotes
_LITERAL = re.compile(r"[\w\s&.%:!,-]{1,60}")
_COMPARISONS = {
    exp.EQ: "=",
    exp.GT: ">",
    exp.LT: "<",
    exp.GTE: ">=",
    exp.LTE: "<=",
    exp.Like: "like",
}
_MAX_LIMIT = 99
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


def _condition(node: exp.Expression) -> tuple[str, str] | None:
    """One comparison as words: ("type", "movies") for the type, else ("", the words)."""
    op = _COMPARISONS.get(type(node))
    col, lit = node.args.get("this"), node.args.get("expression")
    if op is None or not isinstance(col, exp.Column) or not isinstance(lit, exp.Literal):
        return None
    name, value = col.name.casefold(), str(lit.this).strip("% ")
    if not value or not _LITERAL.fullmatch(value):
        return None
    if name == "type" and op in ("=", "like") and lit.is_string:
        return ("type", _TYPES[value.casefold()]) if value.casefold() in _TYPES else None
    if name in ("release_year", "year") and lit.is_number and value.isdigit() and op in _YEAR:
        return "", _YEAR[op].format(v=value)
    if name in _SAID and lit.is_string and op in ("=", "like"):
        return "", _SAID[name].format(v=value)
    return None


def _conditions(where: exp.Expression | None) -> list[exp.Expression]:
    """The comparisons AND-ed in a WHERE clause (an OR or anything else is one of them, and no
    comparison)."""
    if where is None:
        return []
    if isinstance(where, exp.And):
        return [*_conditions(where.this), *_conditions(where.expression)]
    return [where.unnest()]


def _select(text: str) -> exp.Select | None:
    """The one plain SELECT `text` is (one table, no join, sub-query, grouping or comment)."""
    if not text.lstrip().casefold().startswith("select"):
        return None  # most questions: no parse
    try:
        statements = [s for s in sqlglot.parse(text, read="sqlite") if s is not None]
    except SqlglotError:
        return None
    if len(statements) != 1 or not isinstance(q := statements[0], exp.Select):
        return None
    tables = list(q.find_all(exp.Table))
    extra = ("joins", "group", "having", "offset", "distinct", "with_")
    if (
        len(tables) != 1
        or any(q.args.get(k) for k in extra)
        or len(list(q.find_all(exp.Select))) > 1
    ):
        return None
    if any(n.comments for n in q.walk()) or "--" in text or "/*" in text:
        return None
    return q


def sql_asked(text: str) -> Asked | None:
    """The question `text` asks when it is one read-only query of the form above, else None."""
    q = _select(text)
    if q is None or (noun := _TABLES.get(q.find(exp.Table).name.casefold())) is None:
        return None
    said: list[str] = []
    where = q.args.get("where")
    for node in _conditions(where.this if where else None):
        cond = _condition(node)
        if cond is None:
            return None
        noun, said = (cond[1], said) if cond[0] == "type" else (noun, [*said, cond[1]])
    rest = " ".join([noun, *said])
    order = q.args.get("order")
    limit = q.args.get("limit")
    n = (
        limit.expression.this
        if limit is not None and isinstance(limit.expression, exp.Literal)
        else None
    )
    if limit is not None and (n is None or not str(n).isdigit() or int(n) > _MAX_LIMIT):
        return None
    if any(isinstance(e, exp.Count) for e in q.expressions):
        if order is not None or limit is not None or len(q.expressions) != 1:
            return None
        question = f"how many {rest}"
    elif order is not None:
        (by,) = order.expressions if len(order.expressions) == 1 else (None,)
        if by is None or not isinstance(by.this, exp.Column):
            return None
        key = (by.this.name.casefold(), "desc" if by.args.get("desc") else "asc")
        if key not in _ORDER:
            return None
        question = f"the {f'{n} ' if n and str(n) != '1' else ''}{_ORDER[key]} {rest}"
    else:
        question = f"list {rest}"
    return Asked(question=question, note=f"read the SQL query as the question '{question}'")
