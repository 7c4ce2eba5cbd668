"""Years, dates, durations, season counts and "top N" in a question, as tags with spans. A date
is "added to Netflix" when an adding verb is the nearest verb before it, else a release year;
relative windows ("in the last 3 years") are anchored on the catalog's latest date. Durations
and season counts are read by `amounts`."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.amounts import NUMBER, amount_tags, num
from agentic_rag.agent.rules.bound_pairs import paired_bounds
from agentic_rag.agent.rules.dated_by import when as _when
from agentic_rag.agent.rules.eras import era_tags, year_span
from agentic_rag.agent.rules.limits import limit_tags
from agentic_rag.agent.rules.periods import MONTH_NAMES, period_tags
from agentic_rag.agent.rules.tags import Tag, at
from agentic_rag.agent.rules.vocab import alternation
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
_Y = r"((?:19|20)\d\d)"
MONTHS = {m: i for i, m in enumerate(MONTH_NAMES, start=1)}
_MON = r"(" + "|".join([*MONTHS, *(m[:3] for m in MONTHS)]) + r")\.?"
_WHEN = (
    rf"({alternation(WORDS.until_words)}|on\s+or\s+after|in|during|since|after|before|by|on|from|"
    r"prior\s+to|as\s+of|pre-?|post-?|"
    r"(?:later|newer|more\s+recent|older|earlier)\s+than)"
)
_DATE = re.compile(
    rf"\b{_WHEN}?\s*(?:{_MON}\s+(?:(\d{{1,2}})(?:st|nd|rd|th)?,?\s+)?(?:of\s+)?)?{_Y}\b"
    rf"(?:-(\d\d)-(\d\d))?",
    _I,
)
#: what joins the two ends of a span: "to", "through", "up to and including", "till"
#: (`span_joins` in `words.yaml`)
_JOINS = sorted(WORDS.span_joins, key=len, reverse=True)
_TO = r"\s*(?:-|–|" + "|".join(r"\s+".join(map(re.escape, j.split())) for j in _JOINS) + r")\s*"
#: a span of months in one year: "june to august 2019", "2019 (june-august)"
_FROM = r"(?:between\s+|from\s+)?"
_MONTH_SPAN = re.compile(
    rf"\b{_FROM}{_MON}{_TO}{_MON},?\s*(?:of\s+)?{_Y}\b|"
    rf"\b{_Y}\W{{0,3}}{_FROM}{_MON}{_TO}{_MON}\b",
    _I,
)
_OPEN_END = re.compile(  # not a bound of its own after it: "after 2015 and before 2020"
    r"\s*(?:(?:or|and)\s+(later|after|since|newer|earlier|before|older|beyond)(?!\s+['’]?\d)|"
    r"(onwards?|forward|on(?!\s*[\w'’-])))\b",
    _I,
)
_EARLIER = {"earlier", "before", "older"}
#: "on or after D" includes D (since); "on or before D", "up to D" too (until: `until_words`)
_INCLUSIVE = dict.fromkeys(WORDS.until_words, "until") | {"on or after": "since"}
#: a prefix on the year ("pre-2000 comedies", "post 2015 thrillers"): before / after it
_PREFIXES = {"pre": "before", "post": "after"}
#: a month with no year, after a word that makes it a time ("what about april", "in may")
_BARE_MONTH = re.compile(
    rf"(?:^|\b(in|about|during|for|and|or|to|from|than|of|only|just|but|then)\s+)({'|'.join(MONTHS)})\b"
    r"(?!\s*,?\s*(?:\d|of\s+(?:19|20)\d\d))",
    _I,
)


def _ends(phrases: list[str]) -> str:
    return "|".join(r"\s+".join(map(re.escape, p.split())) for p in sorted(phrases, key=len)[::-1])


#: a span of years, with what it says of its two ends ("between 1995 and 2005, both years
#: included", "1990-2000 exclusive": `range_ends` in `words.yaml`)
_RANGE = re.compile(
    rf"\b(?:between|from)?\s*{_Y}{_TO}((?:19|20)\d\d|(?<=[-–])\d\d)\b(?![-/]\d)"
    rf"(?:\s*[,(]?\s*(?:(?P<incl>{_ends(WORDS.range_ends['inclusive'])})|"
    rf"(?P<excl>{_ends(WORDS.range_ends['exclusive'])}))\b\)?"
    # "… not counting 2005", "…, but not 2000": one end left out
    rf"|\s*[,(]?\s*(?:{_ends(WORDS.range_ends['without'])})\s+(?P<out>(?:19|20)\d\d)\b\)?)?",
    _I,
)
#: years said one or another, in a row: "from 2015 or 2016", "2018/2019/2020", "either 2019
#: or 2020" (a span when they follow each other; else no span: the reading drops one, unsure)
_EITHER = re.compile(rf"\b(?:either\s+)?{_Y}(?:\s*(?:,|/|,?\s*or)\s*(?:19|20)\d\d\b)+", _I)
_LAST = re.compile(
    rf"\b(?:in\s+|over\s+|during\s+|within\s+)?(?:the\s+)?(?:last|past|previous)\s+{NUMBER}\s+"
    r"(?:years?|yrs?)\b",
    _I,
)


def yields(t: Tag) -> bool:
    """A number tag a name may take over: a limit ("the two" of "The Two Popes") or a month of
    no year ("August: Osage County")."""
    return t.kind == "limit" or (t.kind == "added" and not t.value + t.value2)


def _month_end(year: int, month: int) -> str:
    return f"{year + (month == 12)}-{month % 12 + 1:02d}-01"


def _month(word: str) -> int:
    return next(i for k, i in MONTHS.items() if k.startswith(word.casefold()[:3]))


def _month_span(m: re.Match[str], text: str) -> Tag:
    """Months a to b of one year: dates added in them, else (years only) that release year."""
    g = m.groups()
    a, b, year = (g[0], g[1], int(g[2])) if g[2] else (g[4], g[5], int(g[3]))
    first, last = sorted((_month(a), _month(b)))
    if _when(text, m.start(), m.end()) == "release":
        note = f"release dates are years only: read '{m.group().strip()}' as {year}"
        return at("release", m, lo=year, hi=year, label=str(year), note=note)
    label = f"{year}-{first:02d} to {year}-{last:02d}"
    return at(
        "added", m, value=f"{year}-{first:02d}-01", value2=_month_end(year, last), label=label
    )


#: "not … until": what comes before the until word that makes the date the time it came, not
#: a bound ("released in 2015 but not added till 2021", "wasn't released until 2019")
_NOT_UNTIL = re.compile(
    r"(?:\bnot|n['’]t)\s+(?:(?:been|be|get|got|getting|added|put|released|out|on|onto|to|"
    r"netflix|streaming|available|arrive|arrived|come|came|land|landed|show|showed|up|"
    r"uploaded|there|here|the|platform|service)\s+)*$",
    _I,
)


def _date_tag(m: re.Match[str], text: str) -> Tag:
    """The date `m` as a tag; after "not … until" the year it came in ("not added till 2021":
    added in 2021), the words from "not" on the date's own."""
    said = " ".join((m.group(1) or "in").casefold().split())
    word = _INCLUSIVE.get(said, said.split()[0].rstrip("-"))
    no = _NOT_UNTIL.search(text, 0, m.start()) if word == "until" else None
    tag = _dated(m, text, "in" if no else word)
    if no is None:
        return tag
    return tag.model_copy(update={"start": no.start(), "text": text[no.start() : tag.end]})


def _dated(m: re.Match[str], text: str, word: str) -> Tag:
    word = _PREFIXES.get(word, word)
    after = _OPEN_END.match(text, m.end())  # "2019 or later", "2015 onwards", "2010 or earlier"
    if after:
        word = "until" if (after.group(1) or "").casefold() in _EARLIER else "since"
    mon, day, year = m.group(2), m.group(3), int(m.group(4))
    iso_m, iso_d = m.group(5), m.group(6)
    if iso_m and iso_d:
        mon_i, day_i = int(iso_m), int(iso_d)
    else:
        mon_i = MONTHS.get(next((k for k in MONTHS if mon and k.startswith(mon.casefold())), ""), 0)
        day_i = int(day) if day else 0
    if mon_i and day_i:
        lo = f"{year}-{mon_i:02d}-{day_i:02d}"
        nxt = re.sub(r"-(\d\d)$", lambda d: f"-{int(d.group(1)) + 1:02d}", lo)
        hi, label = nxt, lo
    elif mon_i:
        lo, hi, label = f"{year}-{mon_i:02d}-01", _month_end(year, mon_i), f"{year}-{mon_i:02d}"
    else:
        lo, hi, label = f"{year}-01-01", f"{year + 1}-01-01", str(year)
    kind = _when(text, m.start(), m.end() if mon_i else None)
    if kind == "release":
        bounds = {
            "since": (year, None),
            "from": (year, year),
            "after": (year + 1, None),
            "later": (year + 1, None),
            "before": (None, year - 1),
            "prior": (None, year - 1),
            "newer": (year + 1, None),
            "more": (year + 1, None),
            "older": (None, year - 1),
            "earlier": (None, year - 1),
            "until": (None, year),
            "by": (None, year),
        }.get(word, (year, year))
        return _reaching(at("release", m, lo=bounds[0], hi=bounds[1], label=label), after, text)
    span = {
        "since": (lo, None),
        "from": (lo, hi),
        "as": (lo, None),
        "after": (hi, None),
        "later": (hi, None),
        "before": (None, lo),
        "prior": (None, lo),
        "until": (None, hi),
        "newer": (hi, None),
        "more": (hi, None),
        "older": (None, lo),
        "earlier": (None, lo),
        "by": (None, hi),
    }.get(word, (lo, hi))
    tag = at("added", m, value=span[0] or "", value2=span[1] or "", label=f"{word} {label}")
    return _reaching(tag, after, text)


def _reaching(tag: Tag, after: re.Match[str] | None, text: str) -> Tag:
    """The tag with the open end said after it ("2015 and before", "2019 or later"): its
    words are the bound's, read."""
    if after is None:
        return tag
    return tag.model_copy(update={"end": after.end(), "text": text[tag.start : after.end()]})


def number_tags(text: str, latest_added: str, latest_release: int, after: str = "") -> list[Tag]:
    """Every date, year range, duration, season count and top-N of `text`. `after`: the rest
    of the question when `text` is a part of it, read for the adding verb a date finer than a
    year may have after it ("first half of 2019 - how many tv shows got added")."""
    tags: list[Tag] = []
    full = f"{text} {after}" if after else text

    def free(s: int, e: int) -> bool:
        return not any(t.start < e and s < t.end for t in tags)

    spans = [m.span() for m in _MONTH_SPAN.finditer(text)]
    tags += period_tags(text, latest_added, lambda _, s, e: _when(full, s, e), spans)
    for m in _LAST.finditer(text):
        if not free(*m.span()):
            continue
        n = int(num(m.group(1)))
        if _when(text, m.start()) == "added":
            first, last = int(latest_added[:4]) - n + 1, latest_added[:4]
            label = f"{first}–{last}, the catalog's last {n} years"
            tags.append(at("added", m, value=f"{first}-01-01", label=label))
        else:
            first = latest_release - n + 1
            label = f"{first}–{latest_release}, the last {n} years"
            tags.append(at("release", m, lo=first, label=label))
    for m in _MONTH_SPAN.finditer(text):
        if free(*m.span()):
            tags.append(_month_span(m, full))
    for m in _RANGE.finditer(text):  # "1970-79": the second year in the first one's century
        first, second = int(m.group(1)), int(m.group(2))
        a, b = sorted((first, second + (first // 100 * 100 if second < 100 else 0)))
        if not free(*m.span()) or (second < 100 and a != first):
            continue
        if m.group("excl") and b - a > 1:  # "between 1990 and 2000 exclusive": 1991–1999
            a, b = a + 1, b - 1
        out = int(m.group("out") or 0)
        if out not in (0, a, b) or a == b:  # a year inside the span left out: not one span
            continue
        a, b = (a + 1 if out == a else a), (b - 1 if out == b else b)
        tags.append(year_span(m, text, _when, a, b, f"{a}–{b}"))
    for m in _EITHER.finditer(text):
        years = sorted({int(y) for y in re.findall(r"(?:19|20)\d\d", m.group())})
        if free(*m.span()) and len(years) > 1 and years[-1] - years[0] == len(years) - 1:
            a, b = years[0], years[-1]
            tags.append(year_span(m, text, _when, a, b, f"{a}–{b}"))
    tags += era_tags(text, _when, latest_added, latest_release, free)
    for m in _DATE.finditer(text):
        if free(*m.span()):
            tags.append(_date_tag(m, full))
    for m in _BARE_MONTH.finditer(text):
        word, before = m.group(2).casefold(), (m.group(1) or "").casefold()
        if free(*m.span(2)) and (word != "may" or before in ("in", "about", "during")):
            month = MONTHS[word]
            tags.append(
                Tag(
                    kind="added",
                    start=m.start(2),
                    end=m.end(2),
                    text=m.group(2),
                    lo=month,
                    hi=month,
                    label=word,
                )
            )
    tags += amount_tags(text, tags)
    tags += paired_bounds(text, tags)
    tags += limit_tags(text, free)
    return sorted(tags, key=lambda t: t.start)
