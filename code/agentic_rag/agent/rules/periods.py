"""Parts of years and spans across years, as date-added windows (release dates are years only).

The grammar (case-insensitive; YEAR is 19xx or 20xx; every window is [first day, day after)):

* halves: "the first half of 2020", "H1 2020", "the second/latter/back half of 2019", "H2 2019"
  (the words naming a half or a quarter are `halves` and `quarters` in `words.yaml`)
  -> 2020-01-01 to 2020-07-01, 2019-07-01 to 2020-01-01;
* quarters: "Q3 2019", "the third quarter of 2019", "the last quarter of 2020", "Q1 of 2021"
  -> 2019-07-01 to 2019-10-01 ...;
* seasons: "spring 2020", "the summer of 2019", "in fall of 2018" (`year_seasons` in
  `words.yaml`, the three months from the first) -> 2020-03-01 to 2020-06-01 ...;
* months at either end of a year: "the first three months of 2021", "the last 6 months of 2020";
* month spans across years: "between March 2019 and May 2020", "from Nov 2019 to Feb 2020"
  -> 2019-03-01 to 2020-06-01 (months within one year are read by `numbers`);
* "in the last N months": the N calendar months up to and including the catalog's latest
  date_added (not today: the catalog ends in 2021), said so in the label;
* a year's edge after a bound: "since the start of 2020" (2020-01-01 on), "by the end of 2019"
  and "before the end of 2019" (up to 2020-01-01), "after the beginning of 2018", or said
  with a verb: "before 2015 even started" (up to 2015-01-01), "after 2019 ended" (2020 on);
* one day: "on 1 January 2020", "the 4th of July 2019", a day by its name ("new year's day
  2020", "christmas eve 2019": `holidays` in `words.yaml`) -> [that day, the next day), or
  open after a bound ("since christmas day 2020", "before the 1st of march 2019").

A window in a question about release dates keeps its year only (the catalog has release years,
not dates), with a note saying so.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from agentic_rag.agent.rules.tags import Tag, at
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
_Y = r"((?:19|20)\d\d)"
MONTH_NAMES = WORDS.months
_NUMBER_WORDS = {w: n for w, n in WORDS.numbers.items() if n > 1}
_MON = r"(" + "|".join([*MONTH_NAMES, *(m[:3] for m in MONTH_NAMES)]) + r")\.?"
_HALVES, _QUARTERS = WORDS.halves, WORDS.quarters  # which part a word names (0: the last)
_SEASONS = WORDS.year_seasons  # a season of a year by its first month


def _ords(table: dict[str, int]) -> str:
    return "|".join(map(re.escape, sorted(table, key=len, reverse=True)))


_HALF = re.compile(
    rf"\b(?:(?:the\s+)?({_ords(_HALVES)})\s+half\s+of\s+(?:the\s+year\s+)?{_Y}|"
    rf"h([12])\s*(?:of\s+)?{_Y})\b",
    _I,
)
_QUARTER = re.compile(
    rf"\b(?:(?:the\s+)?({_ords(_QUARTERS)})\s+quarter\s+of\s+(?:the\s+year\s+)?{_Y}|"
    rf"q([1-4])\s*(?:of\s+)?{_Y})\b",
    _I,
)
_SEASON = re.compile(rf"\b(?:the\s+)?({_ords(_SEASONS)})\s+(?:of\s+)?{_Y}\b", _I)
#: "the first three months of 2020", "the last 6 months of 2019": months at a year's either end
_END_MONTHS = re.compile(
    rf"\b(?:the\s+)?(first|opening|last|final|closing)\s+(\d+|{'|'.join(_NUMBER_WORDS)})\s+"
    rf"months\s+of\s+(?:the\s+year\s+)?{_Y}\b",
    _I,
)
_SPAN = re.compile(
    rf"\b(?:between|from)\s+{_MON}\s+{_Y}\s*(?:and|to|until|through|-|–)\s*"
    rf"{_MON}\s+{_Y}\b",
    _I,
)
_LAST_MONTHS = re.compile(
    rf"\b(?:in\s+)?(?:the\s+)?(?:last|past|previous)\s+(\d+|{'|'.join(_NUMBER_WORDS)})\s+"
    r"months\b(?!\s+of\s+(?:the\s+year\s+)?(?:19|20)\d\d)",
    _I,
)


#: a bound before a year's edge or a day: lower bounds first ("since"), then upper ones ("by")
_LOWER = ("since", "after", "from", "as of", "starting", "starting from")
_UPPER = ("before", "until", "till", "by", "prior to", "up to", "up until", "by the time")
_BOUND = "(" + "|".join(w.replace(" ", r"\s+") for w in sorted(_LOWER + _UPPER, key=len)[::-1])
_BOUND += ")"
_EDGE = re.compile(
    rf"\b{_BOUND}\s+(?:the\s+)?(start|beginning|end|close)\s+of\s+(?:the\s+year\s+)?{_Y}\b", _I
)
#: a bound at a year's edge said with a verb: "before 2015 even started", "after 2019 ended",
#: "since 2020 began", "until 2018 was over" (`year_edges` in `words.yaml`: start or end)
_EDGE_VERBS = WORDS.year_edges
_EDGE_VERB = re.compile(
    rf"\b{_BOUND}\s+{_Y}\s+(?:(?:had|has|have|even|was|had\s+even|even\s+had)\s+)?"
    rf"({_ords(_EDGE_VERBS)})\b",
    _I,
)
_HOLIDAY = "|".join(
    re.escape(h).replace("'", "['’]?").replace(r"\ ", r"\s+")
    for h in sorted(WORDS.holidays, key=len, reverse=True)
)
_DAY = re.compile(
    rf"\b(?:{_BOUND}\s+|on\s+)?(?:the\s+)?(?:(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MON}|"
    rf"({_HOLIDAY}))(?:,?\s+(?:of\s+)?|\s+in\s+){_Y}\b",
    _I,
)

#: a preposition before a holiday that makes it a day ("released on christmas day 2019")
_ON = re.compile(r"\b(?:on|over|at|during|around)\s+(?:the\s+)?\S+$", _I)


def _said_on(before: str, said: str) -> bool:
    return bool(_ON.search(before) or re.match(r"on\s", said, _I))


def _bound(said: str | None) -> str:
    """'lower', 'upper' or '' (none): which end a bound word sets."""
    word = " ".join((said or "").casefold().split())
    return "lower" if word in _LOWER else "upper" if word in _UPPER else ""


def _edge(
    m: re.Match[str], text: str, when: Callable[[str, int, int], str], verb: bool = False
) -> Tag:
    """A bound at a year's start or end ("before the end of 2019", with `verb` "before 2015
    even started"): the first day of that year or of the next."""
    said, year = m.group(3 if verb else 2).casefold(), int(m.group(2 if verb else 3))
    edge = _EDGE_VERBS[" ".join(said.split())] if verb else said
    end = edge in ("end", "close")
    edge = "end" if end else "start" if verb else said
    lower, word = _bound(m.group(1)) == "lower", " ".join(m.group(1).casefold().split())
    if when(text, m.start(), m.end()) == "release":
        lo, hi = (year + end, None) if lower else (None, year - 1 + end)
        return at("release", m, lo=lo, hi=hi, label=f"{word} the {edge} of {year}")
    point = f"{year + end}-01-01"
    lo_d, hi_d = (point, "") if lower else ("", point)
    return at("added", m, value=lo_d, value2=hi_d, label=f"{word} {point}")


def _day(m: re.Match[str], text: str, when: Callable[[str, int, int], str]) -> Tag | None:
    """One day of a year, or the days after or before it; None for a date that is no day."""
    year = int(m.group(5))
    if m.group(4):
        key = " ".join(m.group(4).casefold().replace("’", "'").split())
        month, day = WORDS.holidays.get(key) or WORDS.holidays[key.replace("'", "")]
    else:
        month, day = _month(m.group(3)), int(m.group(2))
    try:
        first = date(year, month, day)
    except ValueError:
        return None
    if when(text, m.start(), m.end()) == "release":
        holiday = m.group(4)
        if holiday and not m.group(1) and not _said_on(text[: m.start()] + holiday, m.group()):
            return None  # "christmas 2020 movies": said as no day, its words are the title's
        note = f"release dates are years only: read '{m.group().strip()}' as {year}"
        return at("release", m, lo=year, hi=year, label=str(year), note=note)
    day_iso, next_iso = first.isoformat(), (first + timedelta(days=1)).isoformat()
    side = _bound(m.group(1))
    word = " ".join((m.group(1) or "on").casefold().split())
    lo, hi = {
        "lower": (next_iso if word == "after" else day_iso, ""),
        "upper": ("", day_iso if word in ("before", "prior to") else next_iso),
    }.get(side, (day_iso, next_iso))
    return at("added", m, value=lo, value2=hi, label=f"{word} {day_iso}")


def _month(word: str) -> int:
    return next(i for i, m in enumerate(MONTH_NAMES, start=1) if m.startswith(word.casefold()[:3]))


def _first(year: int, month: int) -> str:
    """The first day of a month, months past 12 rolling into the next years."""
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
    return f"{year}-{month:02d}-01"


def _window(
    m: re.Match[str],
    text: str,
    when: Callable[[str, int, int], str],
    year: int,
    first: int,
    months: int,
    label: str,
) -> Tag:
    if when(text, m.start(), m.end()) == "release":
        note = f"release dates are years only: read '{m.group().strip()}' as {year}"
        return at("release", m, lo=year, hi=year, label=str(year), note=note)
    return at(
        "added", m, value=_first(year, first), value2=_first(year, first + months), label=label
    )


def period_tags(
    text: str,
    latest_added: str,
    when: Callable[[str, int, int], str],
    named_months: list[tuple[int, int]],
) -> list[Tag]:
    """Halves, quarters, seasons, month spans across years and "the last N months" in `text`.
    A season whose words overlap a span of months the question names (`named_months`: "summer
    2019 (june to august)") is left to those months."""
    tags = [_edge(m, text, when) for m in _EDGE.finditer(text)]
    tags += [_edge(m, text, when, verb=True) for m in _EDGE_VERB.finditer(text)]
    tags += [t for m in _DAY.finditer(text) if (t := _day(m, text, when))]
    for m in _HALF.finditer(text):
        word, digit = (m.group(1) or "").casefold(), m.group(3)
        half = int(digit) if digit else (_HALVES[word] or 2)
        year = int(m.group(2) or m.group(4))
        tags.append(_window(m, text, when, year, 6 * half - 5, 6, f"H{half} {year}"))
    for m in _QUARTER.finditer(text):
        word, digit = (m.group(1) or "").casefold(), m.group(3)
        q = int(digit) if digit else (_QUARTERS[word] or 4)
        year = int(m.group(2) or m.group(4))
        tags.append(_window(m, text, when, year, 3 * q - 2, 3, f"Q{q} {year}"))
    for m in _SEASON.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in named_months):
            continue
        first, year = _SEASONS[m.group(1).casefold()], int(m.group(2))
        label = f"{m.group(1).casefold()} {year} ({year}-{first:02d} to {year}-{first + 2:02d})"
        tags.append(_window(m, text, when, year, first, 3, label))
    for m in _END_MONTHS.finditer(text):
        n = int(_NUMBER_WORDS.get(m.group(2).casefold(), 0) or m.group(2))
        year, first = int(m.group(3)), m.group(1).casefold() in ("first", "opening")
        if 1 <= n <= 12:
            start = 1 if first else 13 - n
            label = f"{year}-{start:02d} to {year}-{start + n - 1:02d}"
            tags.append(_window(m, text, when, year, start, n, label))
    for m in _SPAN.finditer(text):
        a, ya, b, yb = _month(m.group(1)), int(m.group(2)), _month(m.group(3)), int(m.group(4))
        (ya, a), (yb, b) = sorted([(ya, a), (yb, b)])
        label = f"{ya}-{a:02d} to {yb}-{b:02d}"
        tags.append(at("added", m, value=_first(ya, a), value2=_first(yb, b + 1), label=label))
    for m in _LAST_MONTHS.finditer(text):
        n = int(_NUMBER_WORDS.get(m.group(1).casefold(), 0) or m.group(1))
        year, month = int(latest_added[:4]), int(latest_added[5:7])
        start = _first(year, month - n + 1)
        label = f"{start[:7]} to {latest_added[:7]}, the catalog's last {n} months"
        tags.append(at("added", m, value=start, value2=_first(year, month + 1), label=label))
    return tags


_MONTH_WORD = re.compile(rf"\b{_MON}(?!\w)", _I)


def _months_of(iso: str, upper: bool = False) -> set[int]:
    """The month an ISO bound starts, and for an exclusive upper bound the month before it
    ("until june": up to July 1st; "before june": up to June 1st)."""
    if not re.match(r"\d{4}-\d\d", iso):
        return set()
    month = int(iso[5:7])
    return {month, (month - 2) % 12 + 1} if upper else {month}


#: words naming a part of a year that is no month: halves, quarters, seasons, "the first 3 months"
_PART_WORD = re.compile(rf"\b(?:half|quarter|months?|h[12]|q[1-4]|{_ords(_SEASONS)})\b", _I)


def _finer_than_years(t: Tag) -> bool:
    """A date-added window that is not whole years (its bounds are not all January 1st)."""
    bounds = [b for b in (t.value, t.value2) if b]
    return t.kind == "added" and any(not b.endswith("-01-01") for b in bounds)


def unread_parts(t: Tag) -> list[str]:
    """The words naming a part of a year that a tag spans but its value does not carry: a
    release year read from "between june and august 2021" or "the first half of 2018"
    (release dates are years only) leaves 'june', 'august' and 'half' unread, and the
    reading's usage counts them unused."""
    named = [(m.group(1), _month(m.group(1))) for m in _MONTH_WORD.finditer(t.text)]
    carried: set[int] = set()
    if t.kind == "added":
        carried = _months_of(t.value) | _months_of(t.value2, upper=True)
        carried |= {x for x in (t.lo, t.hi) if x is not None and not t.value + t.value2}
    dated = t.kind in ("release", "added") and not _finer_than_years(t)  # not "half an hour"
    parts = _PART_WORD.findall(t.text) if dated else []
    return [word for word, month in named if month not in carried] + parts
