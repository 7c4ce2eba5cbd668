"""Eras: spans of whole years said without a year range ("the 90s", "the early 2010s", "the
fifties", "the 21st century", "'95", "this year", "last year", "the last decade"). Each is a
release-year span, or a window of dates added when the nearest verb before it is an adding one
(`dated_by.when`: "shows added in the 2010s" are added 2010-01-01 to 2020-01-01).

* decades: "the 90s", "1990s", "the '80s", "the mid-2000s", words ("the fifties": `decades` of
  `words.yaml`); a part: early (years 0-3), mid (4-6), late (7-9); "the 1900s" is the century;
* centuries: "the 20th century" 1900-1999, "the 21st century" 2000 on (as commonly meant);
* a two-digit year after an apostrophe: "'95" 1995, "'08" 2008 (30 and above: the 1900s);
* years relative to the catalog, never today (the catalog ends in 2021): "this year" is its
  latest year, "last year" the one before (not "the last year"), "the last decade" / "the past
  two decades" its last 10 / 20 years; the label says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from agentic_rag.agent.rules.amounts import NUMBER, num
from agentic_rag.agent.rules.tags import Tag, at
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
_DECADE = re.compile(
    r"\b(?:the\s+)?(?:(early|mid|middle|late)[\s-]+)?(?:(19|20)?['’]?(\d)0['’]?s|"
    rf"({'|'.join(WORDS.decades)}))\b",
    _I,
)
#: the years of a decade's part: "the early 90s" 1990–1993, "the mid 80s" 1984–1986
_DECADE_PARTS = {"early": (0, 3), "mid": (4, 6), "middle": (4, 6), "late": (7, 9)}
_CENTURY = re.compile(
    r"\b(?:the\s+)?(?:(20|21)(?:st|th)|(twentieth|twenty[\s-]first))\s+century\b", _I
)
_TWO_DIGITS = re.compile(r"(?<![\w'’])['’](\d\d)\b(?!['’]?s\b)")
_THIS_YEAR = re.compile(r"\b(?:this(?:\s+past)?|(?<!the\s)last)\s+year\b", _I)
_DECADES_BACK = re.compile(
    rf"\b(?:in\s+)?(?:the\s+)?(?:last|past|previous)\s+(?:{NUMBER}\s+)?decades?\b", _I
)

When = Callable[[str, int], str]


def year_span(
    m: re.Match[str], text: str, when: When, lo: int, hi: int | None, label: str, note: str = ""
) -> Tag:
    """Years lo..hi (None: open) as a release span or a window of dates added."""
    if when(text, m.start()) == "added":
        upper = f"{hi + 1}-01-01" if hi is not None else ""
        return at("added", m, value=f"{lo}-01-01", value2=upper, label=label, note=note)
    return at("release", m, lo=lo, hi=hi, label=label, note=note)


def era_tags(
    text: str, when: When, latest_added: str, latest_release: int, free: Callable[[int, int], bool]
) -> list[Tag]:
    """The eras of `text` whose span `free` allows (no other tag there)."""
    out: list[Tag] = []

    def add(tag: Tag) -> None:
        if free(tag.start, tag.end) and all(t.end <= tag.start or tag.end <= t.start for t in out):
            out.append(tag)

    for m in _DECADE.finditer(text):
        if m.group(4):
            lo = WORDS.decades[m.group(4).casefold()]
        else:
            century = m.group(2) or ("20" if m.group(3) in "012" else "19")
            lo = int(f"{century}{m.group(3)}0")
        part = (m.group(1) or "").casefold()
        if lo == 1900 and m.group(2) and not part:  # "the 1900s": the century, not 1900–1909
            note = "read 'the 1900s' as the whole century (1900–1999), not its first decade"
            add(year_span(m, text, when, 1900, 1999, "the 1900s (1900–1999)", note))
            continue
        a, b = _DECADE_PARTS.get(part, (0, 9))
        add(year_span(m, text, when, lo + a, lo + b, f"the {part + ' ' if part else ''}{lo}s"))
    for m in _CENTURY.finditer(text):
        twentieth = m.group(1) == "20" or (m.group(2) or "").casefold() == "twentieth"
        lo, hi = (1900, 1999) if twentieth else (2000, None)
        add(year_span(m, text, when, lo, hi, f"{m.group().strip()} ({lo} on)"))
    for m in _TWO_DIGITS.finditer(text):
        year = int(m.group(1)) + (1900 if int(m.group(1)) >= 30 else 2000)
        add(year_span(m, text, when, year, year, str(year)))
    for m in _THIS_YEAR.finditer(text):
        latest = int(latest_added[:4]) if when(text, m.start()) == "added" else latest_release
        year = latest - m.group().casefold().startswith("last")
        note = f"read '{m.group()}' as {year} (the catalog's latest year is {latest}, not today's)"
        add(year_span(m, text, when, year, year, str(year), note))
    for m in _DECADES_BACK.finditer(text):
        n = int(num(m.group(1))) if m.group(1) else 1
        latest = int(latest_added[:4]) if when(text, m.start()) == "added" else latest_release
        first = latest - 10 * n + 1
        note = f"read '{m.group().strip()}' as {first}–{latest}, the catalog's last {10 * n} years"
        add(year_span(m, text, when, first, None, f"{first}–{latest}", note))
    return out
