"""Amounts with their units and bounds: running times and season counts ("under 75 minutes",
"90 minutes or less", "3+ seasons", "shorter than half an hour", "an hour and a half",
"2 hours and 15 minutes", "between 1 and 2 hours"), as `minutes` and `seasons` tags with
inclusive bounds. The bound words are `bounds` of `words.yaml`, the parts of a unit
`fractions`.
"""

from __future__ import annotations

import re

from agentic_rag.agent.rules.tags import Tag, at, free
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
NUM_WORDS = {**WORDS.numbers, **WORDS.number_phrases}
#: a number in digits or words (one group)
NUMBER = r"(\d+(?:\.\d+)?|" + "|".join(sorted(WORDS.numbers, key=len, reverse=True)) + ")"
_N = NUMBER
#: an amount's number: digits, a number word or a longer phrase ("a single season")
_AMOUNT_N = "|".join(
    [_N[1:-1], *(re.escape(w) for w in sorted(WORDS.number_phrases, key=len, reverse=True))]
)


def _alts(phrases: tuple[str, ...]) -> str:
    """A regex alternation of bound phrases, longest first ("no more than" before "more than");
    "than" may be typed "then"."""
    out = (
        r"\s+".join(re.escape(w).replace("than", "th[ae]n") for w in p.split())
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
#: an amount with its unit and bounds: "under 75 minutes", "90 minutes or less", "3+ seasons",
#: "shorter than half an hour", "an hour and a half", "2 hours and 15 minutes"
_AMOUNT = re.compile(
    rf"\b(?:(?P<how>{_BEFORE}|exactly|only|just)\s+)?(?P<n>{_FRACTION}|{_AMOUNT_N})"
    rf"(?P<half>\s+and\s+a\s+half)?\s*(?P<after>{_AFTER})?(?:\s*|-){_UNIT}\b"
    rf"(?P<half2>\s+and\s+a\s+half\b)?"
    rf"(?:(?:(?<=h)|(?<=hr)|(?<=hrs)|(?<=hour)|(?<=hours)),?\s+(?:and\s+)?(?P<mins>\d+)\s*"
    rf"(?:minutes?|mins?)\b)?"
    rf"(?:\s*(?P<after2>{_AFTER})(?!\w)(?!\s+{_N}\b))?",
    _I,
)
_BETWEEN = re.compile(rf"\bbetween\s+{_N}\s+and\s+{_N}\s*{_UNIT}\b", _I)


def num(word: str) -> float:
    return NUM_WORDS.get(word.casefold()) or float(word)


def _amount(said: str) -> float:
    """A number or a part of a unit ("half an", "a quarter of an") as a number."""
    words = " ".join(re.sub(r"\b(?:an?|of)\b|-", " ", said.casefold()).split())
    return WORDS.fractions[words] if words in WORDS.fractions else num(said)


def _bounds(value: int, before: str, after: str) -> tuple[int | None, int | None]:
    """The inclusive [lo, hi] an amount's bound words give it: "under 75" is at most 74,
    "at most 75" and "75 or less" at most 75, "over 75" at least 76, a bare 75 exactly 75."""
    said = {k for k, r in _BOUND_BEFORE.items() if before and r.fullmatch(before.strip())}
    said |= {k for k, r in _BOUND_AFTER.items() if after and r.fullmatch(after.strip())}
    if said & {"above", "at_least"}:
        return (value + 1 if "above" in said else value), None
    if said & {"below", "at_most"}:
        return None, (value - 1 if "below" in said else value)
    return value, value


def amount_tags(text: str, tags: list[Tag]) -> list[Tag]:
    """The amounts of `text` outside `tags` (a span "between A and B <unit>" first)."""
    out: list[Tag] = []
    for m in _BETWEEN.finditer(text):
        a, b, unit = num(m.group(1)), num(m.group(2)), m.group(3).casefold()
        f = 60 if unit.startswith("h") else 1
        kind = "seasons" if unit.startswith("s") else "minutes"
        out.append(at(kind, m, lo=int(a * f), hi=int(b * f)))
    for m in _AMOUNT.finditer(text):
        if not free([*tags, *out], *m.span()):
            continue
        how, unit = m.group("how") or "", m.group("unit").casefold()
        after = m.group("after") or m.group("after2") or ""
        n = _amount(m.group("n")) + (0.5 if m.group("half") or m.group("half2") else 0)
        value = round(n * (60 if unit.startswith("h") else 1)) + int(m.group("mins") or 0)
        lo, hi = _bounds(value, how, after)
        kind = "seasons" if unit.startswith("s") else "minutes"
        out.append(at(kind, m, lo=lo, hi=hi))
    return out
