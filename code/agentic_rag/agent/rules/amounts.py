"""Amounts with their units and bounds: running times and season counts ("under 75 minutes",
"90 minutes or less", "3+ seasons", "shorter than half an hour", "an hour and a half",
"2 hours and 15 minutes", "between 1 and 2 hours"), as `minutes` and `seasons` tags with
inclusive bounds. The bound words are `bounds` of `words.yaml`, the parts of a unit
`fractions`.
"""

from __future__ import annotations

import re

from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.tags import Tag, at, free, stretched
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
NUM_WORDS = {**WORDS.numbers, **WORDS.number_phrases}
#: a number in digits or words (one group)
NUMBER = r"(\d+(?:\.\d+)?|" + "|".join(sorted(WORDS.numbers, key=len, reverse=True)) + ")"
_N = NUMBER
#: a unit asked "how many" of, the amount a ranked title or an average is said in ("how many
#: minutes is the average anime movie", "the longest british series has how many seasons");
#: "series" as British English says seasons, of shows said to run or last that many ("on
#: average how many series do they run for", "how many series did it last")
_SERIES_RUN = (
    r"(?:series|\{type\})(?=\s+(?:do|does|did|will|would)\s+"
    r"(?:they|it|these|those|each|each\s+one|the\s+\w+|"
    r"\{\w+\}(?:\s+(?:\{\w+\}|shows?|series|titles?|ones))*)"
    r"\s+(?:run|last|go\s+on|get|keep\s+going)\b)"
)
AMOUNT_ASKED = re.compile(
    r"\bh[ow]{1,2}s?\s*m(?:any|ny|nay|amy)\s+(?:seasons?|minutes?|mins?|hours?|hrs?|"
    rf"{_SERIES_RUN})",
    _I,
)
_ASKED_UNIT = r"h[ow]{1,2}s?\s*m(?:any|ny|nay|amy)\s+(?:seasons?|minutes?|mins?|hours?|hrs?)\b"
#: the verb of lasting an amount asked goes with ("tv comedies last how many seasons", "how
#: many minutes do anime films run", "how many seasons did they go on for")
LASTING = re.compile(
    rf"\b(?:last(?:s|ed)?|r[au]ns?|go(?:es)?\s+on)\s+(?:for\s+)?(?={_ASKED_UNIT})|"
    rf"\b{_ASKED_UNIT}\s+(?:do|does|did|will|would)\s+(?:(?:\{{\w+\}}|the|they|these|those|it|"
    r"shows?|series|movies?|films?|titles?|ones)\s+){1,4}(?:last|run|go\s+on)(?:\s+for)?\b",
    _I,
)
#: a unit asked before the verb it lasts by ("how many seasons do anime series run"): that
#: verb is no title named ("Run")
ASKED_BEFORE = re.compile(rf"\b{_ASKED_UNIT}\s+(?:do|does|did|will|would)\s+\S.*$", _I)
LASTING_VERB = re.compile(r"(?:last|run|go)s?", _I)
#: "series" said of how long shows run: seasons, never a count of shows
SERIES_RUN = re.compile(rf"\bhow\s+many\s+{_SERIES_RUN}", _I)
_PHRASES = [re.escape(w) for w in sorted(WORDS.number_phrases, key=len, reverse=True)]
_TENS = "|".join(w for w, v in NUM_WORDS.items() if v in range(20, 100, 10))
_ONES = "|".join(w for w, v in WORDS.numbers.items() if 0 < v < 10 and len(w) > 2)
_SMALL = "|".join(w for w, v in NUM_WORDS.items() if 0 < v < 100 and len(w) > 2)
#: a number spelled in more than one word: "forty-five", "a hundred and twenty"
_COMPOUND = (
    rf"(?:(?:a|one)\s+hundred(?:\s+and)?\s+)?(?:{_TENS})[\s-]+(?:{_ONES})\b|"
    rf"(?:a|one)\s+hundred(?:\s+and\s+(?:{_SMALL}|\d+)\b)?"
)
#: an amount's number: digits, a number word or a longer phrase ("a single season")
_AMOUNT_N = "|".join([_COMPOUND, _N[1:-1], *_PHRASES])


def _alts(phrases: tuple[str, ...]) -> str:
    """A regex alternation of bound phrases, longest first ("no more than" before "more than");
    "than" may be typed "then"."""
    out = (
        r"[\s-]+".join(re.escape(w).replace("than", "th[ae]n") for w in p.split())
        for p in sorted(phrases, key=len, reverse=True)
    )
    return "|".join(out)


_B = WORDS.bounds
_BOUND_BEFORE = {
    kind: re.compile(rf"(?:{_alts(getattr(_B, kind))})", _I)
    for kind in ("above", "at_least", "below", "at_most")
}
_BOUND_AFTER = {
    kind: re.compile(rf"(?:{_alts(getattr(_B, kind + '_after'))})", _I)
    for kind in ("at_least", "at_most")
}
_BEFORE = _alts((*_B.above, *_B.at_least, *_B.below, *_B.at_most))
_AFTER = _alts((*_B.at_least_after, *_B.at_most_after))
_UNIT = r"(?P<unit>hours?|hrs?|h|minutes?|mins?|m|seasons?)"
#: a part of a unit: "half an hour", "a half-hour", "a quarter of an hour"
_FRACTION = (
    r"(?:an?\s+)?(?:"
    + "|".join(map(re.escape, sorted(WORDS.fractions, key=len, reverse=True)))
    + r")(?:[\s-]+of)?(?:[\s-]+an?)?[\s-]*"
)
#: a part of a unit after the whole ones: "an hour and a half", "an hour and three quarters"
_PART = (
    r"(?:an?\s+)?(?:"
    + "|".join(
        re.escape(w).replace(r"\ ", r"[\s-]+") for w in sorted(WORDS.fractions, key=len)[::-1]
    )
    + ")"
)
#: a round amount said as a line crossed ("past the 2 hour mark", "over the 90-minute point")
_MARK = r"(?:mark|point|line|barrier|threshold)"
#: an amount with its unit and bounds: "under 75 minutes", "90 minutes or less", "3+ seasons",
#: "shorter than half an hour", "an hour and a half", "2 hours and 15 minutes"
_AMOUNT = re.compile(
    rf"\b(?:(?P<how>{_BEFORE}|exactly|only|just)(?:\s+|-)(?:the\s+)?)?(?P<n>{_FRACTION}|{_AMOUNT_N})"
    rf"(?P<half>\s+and\s+{_PART})?\s*(?P<after>{_AFTER})?(?:\s*|-){_UNIT}\b"
    rf"(?P<half2>\s+and\s+{_PART}\b)?(?:[\s-]+{_MARK}\b)?"
    rf"(?:(?:(?<=h)|(?<=hr)|(?<=hrs)|(?<=hour)|(?<=hours)),?\s+(?:and\s+)?(?P<mins>\d+|{_COMPOUND}|{_SMALL})\s*"
    rf"(?:minutes?|mins?)\b)?"
    rf"(?:[\s-]*(?P<after2>{_AFTER})(?!\w)(?!\s+{_N}\b))?",
    _I,
)
#: a running time written as on a clock: "under 1h30", "1h45m or less", "over 2hr15"
_CLOCK = re.compile(
    rf"\b(?:(?P<how>{_BEFORE})\s+)?(?P<h>\d)\s*h(?:rs?)?\s*(?P<m>[0-5]\d)(?:\s*(?:m|mins?|minutes?))?\b"
    rf"(?:\s*(?P<after>{_AFTER})(?!\w))?",
    _I,
)
#: a span: "between 1 and 2 hours", "90 to 120 minutes", "1-2 hours", "one or two seasons",
#: "between two and a half and three hours"
_BETWEEN = re.compile(
    rf"\b(?:between\s+({_AMOUNT_N})(?P<p1>\s+and\s+{_PART})?\s+and|({_AMOUNT_N})"
    rf"(?P<p2>\s+and\s+{_PART})?\s*(?:to|or|-|–))\s*({_AMOUNT_N})(?P<p3>\s+and\s+{_PART})?\s*{_UNIT}\b",
    _I,
)

#: the bound said before the number ("more than", "at least", "fewer than", "exactly")
_GROUP_HOW = "|".join(
    r"\s+".join(map(re.escape, p.split()))
    for p in sorted([*_B.above, *_B.at_least, *_B.below, *_B.at_most, "exactly"], key=len)[::-1]
)
#: a plural noun of a group ranked by its titles (`group_bounds.py`: "directors with more than
#: 5 korean titles")
GROUP_NOUNS = WORDS.group_nouns
_NOUN = "|".join(r"\s+".join(n.split()) for n in sorted(GROUP_NOUNS, key=len, reverse=True))
#: "directors have more than 5 {country} titles", "countries with at least 100 {genre}",
#: "actors who appear in over 10 {country} {type}": the group noun, a few words, the bound, the
#: number, a few words (the set's slots), the noun of titles
GROUP_BOUND = re.compile(
    rf"\b(?P<noun>{_NOUN})\b(?:\s+[\w'’]+){{0,4}}?\s+(?P<how>{_GROUP_HOW})\s+(?P<n>{NUMBER})\s+"
    r"(?:(?:[\w'’]+|\{\w+\})\s+){0,3}?(?:\{type\}|\{genre\}|titles?|movies?|films?|shows?|"
    r"series|credits|works|ones|entries)(?!\w)",
    _I,
)


def num(word: str) -> float:
    """A number in digits, a number word or phrase, or spelled in words ("forty-five": 45,
    "a hundred and twenty": 120)."""
    said = " ".join(word.casefold().split())
    if said in NUM_WORDS or re.fullmatch(r"\d+(?:\.\d+)?", said):
        return NUM_WORDS.get(said) or float(said)
    total = 0.0
    for w in re.split(r"[\s-]+", said):
        if w == "hundred":
            total = (total or 1) * 100
        elif w != "and":
            total += NUM_WORDS.get(w) or float(w)
    return total


def _amount(said: str) -> float:
    """A number or a part of a unit ("half an", "a quarter of an") as a number."""
    words = " ".join(re.sub(r"\b(?:an?|of)\b|-", " ", said.casefold()).split())
    return WORDS.fractions[words] if words in WORDS.fractions else num(said)


def _part(said: str | None) -> float:
    """The part of a unit said after the whole ones ("and a half": 0.5), or 0."""
    return _amount(re.sub(r"^\s*and\s+", "", said)) if said else 0.0


def said_bounds(value: int, before: str, after: str) -> tuple[int | None, int | None]:
    """The inclusive [lo, hi] an amount's bound words give it: "under 75" is at most 74,
    "at most 75" and "75 or less" at most 75, "over 75" at least 76, a bare 75 exactly 75."""
    said = {k for k, r in _BOUND_BEFORE.items() if before and r.fullmatch(before.strip())}
    said |= {k for k, r in _BOUND_AFTER.items() if after and r.fullmatch(after.strip())}
    if said & {"above", "at_least"}:
        return (value + 1 if "above" in said else value), None
    if said & {"below", "at_most"}:
        return None, (value - 1 if "below" in said else value)
    return value, value


def _glued(m: re.Match[str]) -> bool:
    """A number word run into its unit is one word, no amount: "i am" is not "a m" (1 min)."""
    return m.group("n")[-1:].isalpha() and not m.group("after") and m.end("n") == m.start("unit")


def _value(m: re.Match[str]) -> tuple[int, str]:
    """An `_AMOUNT` match's number in its kind's unit (minutes or seasons), and that kind."""
    unit = m.group("unit").casefold()
    n = _amount(m.group("n")) + _part(m.group("half") or m.group("half2"))
    value = round(n * (60 if unit.startswith("h") else 1)) + int(num(m.group("mins") or "0"))
    return value, "seasons" if unit.startswith("s") else "minutes"


#: the words before and between the two ends of a span of amounts with their own units
_SPAN_LEAD = re.compile(r"\b(?:between|from)\s+", _I)
_SPAN_JOIN = re.compile(r"\s*(?:-|–|\b(?:" + _alts(tuple(WORDS.span_joins)) + r")\b)\s*", _I)
#: what a span says of its two ends when it keeps both ("…, both ends included", "inclusive"):
#: how a span is read anyway (`range_ends` of `words.yaml`)
_SPAN_ENDS = re.compile(
    r"(?:\s+long)?\s*[,(]?\s*(?:" + _alts(tuple(WORDS.range_ends["inclusive"])) + r")\b\)?", _I
)


def _spans(text: str, tags: list[Tag]) -> list[Tag]:
    """'between an hour and a half and two hours', 'from 90 minutes to 2 hours': two amounts
    of one kind, each with its unit, the first the smaller, as one inclusive span."""
    out: list[Tag] = []
    for lead in _SPAN_LEAD.finditer(text):
        a = _AMOUNT.match(text, lead.end())
        if not a or a.group("how") or a.group("after") or a.group("after2"):
            continue
        b = (j := _SPAN_JOIN.match(text, a.end())) and _AMOUNT.match(text, j.end())
        if not b or b.group("how") or b.group("after") or b.group("after2"):
            continue
        (lo, kind), (hi, other) = _value(a), _value(b)
        end = e.end() if (e := _SPAN_ENDS.match(text, b.end())) else b.end()
        if kind == other and lo < hi and free(tags, lead.start(), end):
            said = text[lead.start() : end]
            out.append(Tag(kind=kind, start=lead.start(), end=end, text=said, lo=lo, hi=hi))
    return out


def amount_tags(text: str, tags: list[Tag]) -> list[Tag]:
    """The amounts of `text` outside `tags` (a span "between A and B <unit>" first)."""
    out: list[Tag] = _spans(text, tags)
    for m in _BETWEEN.finditer(text):
        a = num(m.group(1) or m.group(3)) + _part(m.group("p1") or m.group("p2"))
        b, unit = num(m.group(5)) + _part(m.group("p3")), m.group("unit").casefold()
        f = 60 if unit.startswith("h") else 1
        kind = "seasons" if unit.startswith("s") else "minutes"
        if a < b and free([*tags, *out], *m.span()):  # not "top 10 to 2 hours"
            t, e = at(kind, m, lo=int(a * f), hi=int(b * f)), _SPAN_ENDS.match(text, m.end())
            out.append(stretched(t, text, e.end()) if e else t)
    for m in _CLOCK.finditer(text):
        if free([*tags, *out], *m.span()):
            value = int(m.group("h")) * 60 + int(m.group("m"))
            lo, hi = said_bounds(value, m.group("how") or "", m.group("after") or "")
            out.append(at("minutes", m, lo=lo, hi=hi))
    for m in _AMOUNT.finditer(text):
        if not free([*tags, *out], *m.span()) or _glued(m):
            continue
        after = m.group("after") or m.group("after2") or ""
        value, kind = _value(m)
        lo, hi = said_bounds(value, m.group("how") or "", after)
        out.append(at(kind, m, lo=lo, hi=hi))
    return out


#: a number with no unit ending a part, with its bound ("… and how many have exactly 3",
#: "… and how many have over 4", "… and with 3+"): an amount in the unit the part before said
BARE_AMOUNT = re.compile(
    rf"(?<!\btop\s)(?<!\bfirst\s)(?<!\blast\s)(?<!\bthe\s)(?<!\bin\s)(?<!\bfrom\s)"
    rf"\b(?:(?P<how>{_BEFORE}|exactly|only|just)\s+)?(?P<n>{_AMOUNT_N})"
    rf"(?:\s*(?P<after>{_AFTER}))?\W*$",
    _I,
)


def bare_amount(piece: str, scale: int = 1) -> tuple[int | None, int | None] | None:
    """The inclusive bounds of a number with no unit that ends `piece` (times `scale`: 60 for
    hours), or None (not a year, not "the top 3")."""
    m = BARE_AMOUNT.search(piece)
    if not m or _amount(m.group("n")) >= 1000:
        return None
    value = round(_amount(m.group("n")) * scale)
    return said_bounds(value, m.group("how") or "", m.group("after") or "")


#: the unit a running time was said in: hours or minutes, or both ("1h30") (`in_units`)
_CLOCK_SAID = r"|\b\d\s*h(?:rs?)?\s*[0-5]\d"
_SAID_HOURS = re.compile(r"\b(?:hours?|hrs?|\d+\s*h)\b" + _CLOCK_SAID, _I)
_SAID_MINUTES = re.compile(r"\b(?:minutes?|mins?|\d+\s*m)\b" + _CLOCK_SAID, _I)


#: the note of a part whose bare number is in the earlier part's unit (`in_units`)
IN_ITS_UNIT = "read the number in the unit of the part before it"


def in_units(base: TitleSet, spec: QuerySpec, piece: str, before: str = "") -> None:
    """'how many shows have exactly 2 seasons and how many have exactly 3': a number with no
    unit ending a later part is an amount in the unit the earlier part bounded (seasons, or a
    running time in the hours or minutes `before` said it in), replacing that bound; not when
    `before` said both ("2 hours 15 minutes … and 3": which unit it means is not said)."""
    hours, minutes = _SAID_HOURS.search(before), _SAID_MINUTES.search(before)
    for unit in ("seasons", "minutes"):
        lo, hi = f"{unit}_min", f"{unit}_max"
        if getattr(base, lo) is not None or getattr(base, hi) is not None:
            scale = 60 if unit == "minutes" and hours else 1
            if (unit == "minutes" and hours and minutes) or not (
                bounds := bare_amount(piece, scale)
            ):
                return
            setattr(spec.titles, lo, bounds[0])
            setattr(spec.titles, hi, bounds[1])
            spec.notes.append(IN_ITS_UNIT)
            return
