"""Which date a time in a question is: a date added to Netflix or a release year, by the verb
that governs it ("shows added in 2019", "movies released in 2019", "in the past 2 yrs how many
shows were added")."""

from __future__ import annotations

import re

_I = re.IGNORECASE
ADDED_VERB = re.compile(
    r"\b(?:added|adds?|arriv\w+|landed|joined|came\s+(?:on|to)|hit|drop(?:s|ped)?|uploaded|"
    r"put\s+(?:on|up)|"
    r"new\s+(?:to|on)|date\s+added|additions?|(?:show|turn|pop)(?:s|ed|ing)?\s+up|"
    r"appear(?:s|ed|ing)?\s+on|(?:became|become|went|goes)\s+(?:available|live|up)|"
    r"streaming\s+since)\b",
    _I,
)
RELEASE_VERB = re.compile(
    r"\b(?:released|release[ds]?|came\s+out|made|produced|filmed|premiered|from|aired)\b", _I
)
#: a question ranking or counting months: only dates added have them ("which month of 2020 had
#: the most additions", "titles per month in 2019")
_MONTHLY = re.compile(
    r"\b(?:which|what|each|every|per|by|a|busiest|biggest|peak|top|slowest|quietest)\s+"
    r"months?\b|\bmonthly\b",
    _I,
)


#: a time said as an adverb opening its clause ("before 2015 even started, how many titles had
#: netflix added", "in the past 2 yrs how many shows were added"): its verb comes after it
_OPENING = re.compile(
    r"\s*(?:in|during|since|after|before|until|till|by|prior\s+to|as\s+of|over|within|"
    r"throughout|starting(?:\s+(?:in|from))?|back(?:\s+in)?|by\s+the\s+time|"
    r"(?:the\s+)?(?:last|past|previous))\b",
    _I,
)


def _first_verb_after(text: str, end: int) -> str:
    """'added' or 'release': the first verb after `end` in its sentence ('release' if none)."""
    rest = re.split(r"[;?!.]", text[end:])[0]
    verbs = [m for r in (ADDED_VERB, RELEASE_VERB) for m in r.finditer(rest)]
    verbs = [m for m in verbs if m.group().casefold() != "from"]
    first = min(verbs, key=lambda m: m.start(), default=None)
    return "added" if first and ADDED_VERB.fullmatch(first.group()) else "release"


#: a year that names additions: "what share of 2019 additions were tv shows"
_ADDITIONS = re.compile(
    r"(?:19|20)\d\d(?:['’]s)?\s+(?:new\s+)?(?:additions|arrivals|uploads|drops|adds)\b", _I
)


def when(text: str, start: int, end: int | None = None) -> str:
    """'added' or 'release': the nearest verb before `start` (within the clause) decides. A
    date finer than a year (`end` given: it names months) can only be a date added, so with
    no verb before it an adding verb after it in the same sentence decides ("between june and
    august 2021 how many anime series were added"); so is a year in a question about months
    with no verb before it ("which month in 2020 had the most additions"). A time opening its
    clause with a preposition ("since 2019, how many shows came out") takes the first verb
    after it (`_OPENING`); a bare year there is a release year ("2019 movies added in 2020").
    A year naming additions is a year added ("2019 additions": `_ADDITIONS`)."""
    if (m := _ADDITIONS.search(text, start, start + 40)) and not re.search(
        r"\d", text[start : m.start()]
    ):
        return "added"
    before = re.split(r"[,;?!.]|\band\s+(?:how|what|which|who)\b", text[:start])[-1]
    added = [m.end() for m in ADDED_VERB.finditer(before)]
    released = [m.end() for m in RELEASE_VERB.finditer(before) if m.group().casefold() != "from"]
    if not added and not released and _MONTHLY.search(text):
        return "added"
    if not added and not released:
        said = before.strip()
        opens = _OPENING.fullmatch(said) if said else _OPENING.match(text, start)
        if opens:
            return _first_verb_after(text, end if end is not None else start)
    if end is not None and not added and not released:
        return "added" if ADDED_VERB.search(re.split(r"[;?!.]", text[end:])[0]) else "release"
    return "added" if added and (not released or added[-1] > released[-1]) else "release"
