"""SQL text from values: escaped literals, LIKE patterns, title words, id lists. User text only
ever enters a compiled query through these."""

from __future__ import annotations

import re
from collections.abc import Iterable

from agentic_rag.folding import fold

SHOW_ID = re.compile(r"^s\d+$")


def lit(value: str) -> str:
    """A SQL string literal: NULs dropped, single quotes doubled."""
    return "'" + str(value).replace("\x00", "").replace("'", "''") + "'"


def like(value: str) -> str:
    """A case-insensitive '%value%' pattern (LIKE wildcards in the value removed)."""
    return lit("%" + re.sub(r"[%_\\]", "", value).strip().casefold() + "%")


def title_words(column: str) -> str:
    """SQL: the folded title's words (punctuation and a possessive 's as spaces, '&' as the
    word 'and'), between single spaces."""
    expr = f"replace({column}, '&', ' and ')"  # "Fast & Furious": fast and furious
    for mark in ':-,.!?()/;"':
        expr = f"replace({expr}, {lit(mark)}, ' ')"
    spaced = f"replace(' ' || {expr} || ' ', {lit("'s ")}, ' ')"  # "Marvel's": marvel
    return f"replace(replace({spaced}, '  ', ' '), '  ', ' ')"


def whole_words(phrase: str) -> str:
    """A LIKE pattern for the phrase's words in a row, as whole words of `title_words` (a
    possessive 's dropped as there: "god's not dead" is "god not dead")."""
    words = re.findall(r"[\w']+", fold(phrase).replace("&", " and "))
    return lit("% " + " ".join(re.sub(r"'s$", "", w) for w in words) + " %")


def in_list(values: Iterable[str]) -> str:
    return ", ".join(lit(v) for v in values)


def ids_in(ids: Iterable[str]) -> str:
    return ", ".join(f"'{i}'" for i in dict.fromkeys(ids) if SHOW_ID.match(str(i))) or "''"


def stem(word: str) -> str:
    """A word's stem for a prefix match: 'volcanoes' and 'volcano' both match 'volcano*',
    'zombies' 'zomb*' (one ending taken off); short words are kept whole."""
    w = word.casefold()
    for end in ("ing", "ies", "es", "s"):
        if w.endswith(end) and len(w) - len(end) >= 4:
            return w[: -len(end)]
    return w
