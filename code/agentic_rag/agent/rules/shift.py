"""A time moved by whole years, said relative to the one before it: "and the year after that?",
"what about the following year", "the year before", "two years later", "3 years earlier". A
follow-up saying one, with no time of its own, asks the previous question over the previous
window moved by that many years (a release year or a window of dates added alike)."""

from __future__ import annotations

import re
from datetime import date

from agentic_rag.agent.rules.amounts import NUMBER, num
from agentic_rag.agent.rules.spec import TitleSet

_I = re.IGNORECASE
_LATER = ("after", "later", "following", "next", "on")
SHIFT = re.compile(
    rf"\b(?:(?:the\s+)?(?:(?P<n>{NUMBER[1:-1]})\s+years?|(?:a|one)\s+year|year)\s+"
    r"(?P<way>after|later|before|earlier|prior|on)(?:\s+(?:that|this|it|then))?|"
    r"(?:the\s+)?(?P<adj>following|next|previous|prior|preceding)\s+year)\b",
    _I,
)


def shift_of(text: str) -> int:
    """The years a text moves a time by (negative: back), 0 when it says none."""
    m = SHIFT.search(text)
    if m is None:
        return 0
    n = int(num(m.group("n"))) if m.group("n") else 1
    way = (m.group("way") or m.group("adj")).casefold()
    return n if way in _LATER else -n


def _moved(iso: str | None, years: int) -> str | None:
    if not iso:
        return iso
    d = date.fromisoformat(iso)
    return d.replace(year=d.year + years, day=min(d.day, 28) if d.month == 2 else d.day).isoformat()


def shifted(s: TitleSet, years: int) -> TitleSet | None:
    """The set with its release years and dates added moved by `years`; None when it has no
    time to move."""
    if s.year_from is None and s.year_to is None and not s.added_from and not s.added_to:
        return None
    return s.model_copy(
        update={
            "year_from": None if s.year_from is None else s.year_from + years,
            "year_to": None if s.year_to is None else s.year_to + years,
            "added_from": _moved(s.added_from, years),
            "added_to": _moved(s.added_to, years),
        }
    )


def has_time(s: TitleSet) -> bool:
    return any(v is not None for v in (s.year_from, s.year_to, s.added_from, s.added_to))


def moved(base: TitleSet, own: TitleSet, text: str) -> tuple[TitleSet, int]:
    """`base` moved by the years `text` says ("and the year after that?") unless `own`, the
    part's own set, names a time: the set and the years it moved (0: not moved)."""
    years = 0 if has_time(own) else shift_of(text)
    out = shifted(base, years) if years else None
    return (out, years) if out is not None else (base, 0)
