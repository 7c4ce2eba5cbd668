"""Parts of years and spans across years, as date-added windows (release dates are years only).

The grammar (case-insensitive; YEAR is 19xx or 20xx; every window is [first day, day after)):

* halves: "the first half of 2020", "H1 2020", "the second/latter half of 2019", "H2 2019"
  -> 2020-01-01 to 2020-07-01, 2019-07-01 to 2020-01-01;
* quarters: "Q3 2019", "the third quarter of 2019", "the last quarter of 2020", "Q1 of 2021"
  -> 2019-07-01 to 2019-10-01 ...;
* month spans across years: "between March 2019 and May 2020", "from Nov 2019 to Feb 2020"
  -> 2019-03-01 to 2020-06-01 (months within one year are read by `numbers`);
* "in the last N months": the N calendar months up to and including the catalog's latest
  date_added (not today: the catalog ends in 2021), said so in the label.

A window in a question about release dates keeps its year only (the catalog has release years,
not dates), with a note saying so.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from agentic_rag.agent.rules.tags import Tag, at
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
_Y = r"((?:19|20)\d\d)"
MONTH_NAMES = WORDS.months
_MON = r"(" + "|".join([*MONTH_NAMES, *(m[:3] for m in MONTH_NAMES)]) + r")\.?"
_ORD = {
    "first": 1,
    "1st": 1,
    "second": 2,
    "2nd": 2,
    "third": 3,
    "3rd": 3,
    "fourth": 4,
    "4th": 4,
    "latter": 2,
    "last": 0,
}
_HALF = re.compile(
    rf"\b(?:(?:the\s+)?(first|second|1st|2nd|latter|last)\s+half\s+of\s+{_Y}|"
    rf"h([12])\s*(?:of\s+)?{_Y})\b",
    _I,
)
_QUARTER = re.compile(
    rf"\b(?:(?:the\s+)?(first|second|third|fourth|1st|2nd|3rd|4th|last)\s+"
    rf"quarter\s+of\s+{_Y}|q([1-4])\s*(?:of\s+)?{_Y})\b",
    _I,
)
_SPAN = re.compile(
    rf"\b(?:between|from)\s+{_MON}\s+{_Y}\s*(?:and|to|until|through|-|–)\s*"
    rf"{_MON}\s+{_Y}\b",
    _I,
)
_LAST_MONTHS = re.compile(
    r"\b(?:in\s+)?(?:the\s+)?(?:last|past|previous)\s+(\d+|two|three|"
    r"four|five|six|nine|twelve)\s+months\b",
    _I,
)
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "nine": 9, "twelve": 12}


def _month(word: str) -> int:
    return next(i for i, m in enumerate(MONTH_NAMES, start=1) if m.startswith(word.casefold()[:3]))


def _first(year: int, month: int) -> str:
    """The first day of a month, months past 12 rolling into the next years."""
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
    return f"{year}-{month:02d}-01"


def _window(
    m: re.Match[str],
    text: str,
    when: Callable[[str, int], str],
    year: int,
    first: int,
    months: int,
    label: str,
) -> Tag:
    if when(text, m.start()) == "release":
        note = f"release dates are years only: read '{m.group().strip()}' as {year}"
        return at("release", m, lo=year, hi=year, label=str(year), note=note)
    return at(
        "added", m, value=_first(year, first), value2=_first(year, first + months), label=label
    )


def period_tags(text: str, latest_added: str, when: Callable[[str, int], str]) -> list[Tag]:
    """Halves, quarters, month spans across years and "the last N months" in `text`."""
    tags = []
    for m in _HALF.finditer(text):
        word, digit = (m.group(1) or "").casefold(), m.group(3)
        half = int(digit) if digit else (_ORD[word] or 2)
        year = int(m.group(2) or m.group(4))
        tags.append(_window(m, text, when, year, 6 * half - 5, 6, f"H{half} {year}"))
    for m in _QUARTER.finditer(text):
        word, digit = (m.group(1) or "").casefold(), m.group(3)
        q = int(digit) if digit else (_ORD[word] or 4)
        year = int(m.group(2) or m.group(4))
        tags.append(_window(m, text, when, year, 3 * q - 2, 3, f"Q{q} {year}"))
    for m in _SPAN.finditer(text):
        a, ya, b, yb = _month(m.group(1)), int(m.group(2)), _month(m.group(3)), int(m.group(4))
        (ya, a), (yb, b) = sorted([(ya, a), (yb, b)])
        label = f"{ya}-{a:02d} to {yb}-{b:02d}"
        tags.append(at("added", m, value=_first(ya, a), value2=_first(yb, b + 1), label=label))
    for m in _LAST_MONTHS.finditer(text):
        n = int(_WORDS.get(m.group(1).casefold(), 0) or m.group(1))
        year, month = int(latest_added[:4]), int(latest_added[5:7])
        start = _first(year, month - n + 1)
        label = f"{start[:7]} to {latest_added[:7]}, the catalog's last {n} months"
        tags.append(at("added", m, value=start, value2=_first(year, month + 1), label=label))
    return tags
