"""The group the answer before named, as a follow-up's referent: "most common country for cult
movies" (the United States) then "ok how many cult movies came from there"; "the most common
rating for spanish-language tv shows" (TV-MA) then "count of shows with that one"; "which year
had the most anime releases" then "list the ones from that year".

The leader is the one group the ranking's rows led with, kept on the turn as data
(`TurnSummary.led`, from `led_by` over the typed rows, never from the answer's text) and read
again by the tagger as a catalog value of the ranked field: a tie, no rows or a value that is
no such catalog value leaves the referent unknown, and the reading is then unsure."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from agentic_rag.agent.models import ReadingConfidence
from agentic_rag.agent.rules.sentences import leaders
from agentic_rag.agent.rules.spec import PersonRef, QuerySpec, TitleSet
from agentic_rag.agent.rules.tags import Tag

_I = re.IGNORECASE
#: words that point at one group: "from there", "that one", "that country", "with that rating",
#: "in this genre", "that year"; not "are there" / "there are" (a count's own words)
KEY_REF = re.compile(
    r"(?<!\bare\s)(?<!\bis\s)(?<!\bwere\s)(?<!\bwas\s)\bthere\b(?!\s+(?:are|is|were|was)\b)|"
    r"\b(?:that|this|the\s+same)\s+(?:one|country|place|nation|rating|genre|category|year)\b|"
    r"\b(?:in|from|with|under|of)\s+it\b",
    _I,
)
#: the tag kind each ranked field's values are tagged as
_KINDS = {
    "country": "country",
    "rating": "rating",
    "genre": "genre",
    "director": "person",
    "cast": "person",
}
_YEARS = ("release_year", "added_year")
#: how likely right a follow-up is at most whose group referent is not known
UNKNOWN_SURE = 0.3
#: the note of such a follow-up (`unread`)
UNREAD = "could not tell what 'there' / 'that one' points at in the answer before"
BARE = "a bare count after a ranking: of the whole set, or of the group it led with"


#: a bare count after a ranking of groups: "which year had the most korean releases", then
#: "and how many were there" (of that year: the answer's own count, not the whole set's)
_BARE_COUNT = re.compile(
    r"^\W*(?:(?:and|so|ok(?:ay)?|but)\s+)*how\s+many(?:\s+(?:titles|ones|of\s+them))?"
    r"(?:\s+(?:were|are|was|is)\s+there|\s+(?:were|are|was)\s+(?:they|those))?\W*$",
    _I,
)


def refers_to_group(old: QuerySpec, text: str) -> bool:
    """Whether `text` points at the group the ranking `old` answered with."""
    return old.op == "most" and not old.breakdown and KEY_REF.search(text) is not None


def bare_count(old: QuerySpec, out: QuerySpec, text: str) -> QuerySpec:
    """A bare count after a ranking of groups may ask the whole set's count or the leader's
    (the answer said it): read as the whole set's, unsure (`BARE`)."""
    if old.op == "most" and not old.breakdown and _BARE_COUNT.match(text):
        out.notes.append(BARE)
    return out


#: answers that are no set of titles (people, groups, numbers): what "that one" points at
#: in them is not the set the question before filtered
_NOT_TITLES = frozenset({"people", "costars", "shared", "auteur", "crossover", "most", "label"})


def unread_referent(old: QuerySpec, out: QuerySpec, text: str) -> QuerySpec:
    """A follow-up pointing at one of an answer of people or groups ("how many specials did
    that one make" after a list of directors) whose reading took nothing of that answer (no
    title, person or group): the referent was not read, and the reading is unsure."""
    took = out.titles.show_ids or out.titles.people or out.ref or out.titles.same_people
    if old.op not in _NOT_TITLES or KEY_REF.search(text) is None or took:
        return out
    out.confidence = min(out.confidence, UNKNOWN_SURE)
    out.notes.append(UNREAD)
    return out


def led_by(rows: list[dict[str, Any]]) -> str | None:
    """The one group a ranking's rows (a group column and "titles") led with; None for a tie
    for first or no rows (the same leaders the answer's lead names: `sentences.leaders`)."""
    named, _ = leaders(rows, "titles", None)
    key = next((k for k in rows[0] if k != "titles"), None) if rows else None
    if len(named) != 1 or key is None or named[0].get(key) is None:
        return None
    return str(named[0][key])


def leader(led: str | None, by: str, tag: Callable[[str], list[Tag]]) -> TitleSet | None:
    """The set of the one group the ranking before led with, or None (a tie, no value)."""
    key = (led or "").strip()
    if not key:
        return None
    if by in _YEARS:
        if not key.isdigit():
            return None
        year = int(key)
        if by == "release_year":
            return TitleSet(year_from=year, year_to=year)
        return TitleSet(added_from=f"{year}-01-01", added_to=f"{year + 1}-01-01")
    kind = _KINDS.get(by)
    hit = next((t for t in tag(key) if t.kind == kind and str(t.value) == key), None)
    if hit is None:
        return None
    if kind == "person":
        role = "director" if by == "director" else "cast"
        return TitleSet(people=[PersonRef(name=key, role=role)])
    if kind == "genre":
        return TitleSet(genres=[[key]])
    return TitleSet(countries=[key]) if kind == "country" else TitleSet(ratings=[key])


def with_group(
    old: QuerySpec, out: QuerySpec, text: str, led: str | None, tag: Callable[[str], list[Tag]]
) -> QuerySpec:
    """`out` narrowed to the group the answer before led with, when `text` points at it; unsure
    (`UNKNOWN_SURE`) when that group cannot be told."""
    if not refers_to_group(old, text):
        return out
    group = leader(led, old.by or "", tag)
    if group is None:
        out.confidence = min(out.confidence, UNKNOWN_SURE)
        out.notes.append(UNREAD)
        return out
    out.titles = out.titles.merged(group)
    out.other = out.other.merged(group) if out.other is not None else None  # its other reading
    if out.op == "most" and out.by == old.by:  # "list the ones from that genre": not ranked again
        out.op, out.by = "list", None
    out.notes.append("read 'there' / 'that one' as the group the answer before led with")
    return out


def unread(sure: ReadingConfidence, specs: list[QuerySpec]) -> ReadingConfidence:
    """The confidence of a reading with a part whose referent was not read (`UNREAD`), capped."""
    if any(UNREAD in s.notes for s in specs):
        return sure.capped(UNKNOWN_SURE, "what 'there' / 'that one' points at in the answer before")
    if any(BARE in s.notes for s in specs):
        return sure.capped(UNKNOWN_SURE, "whether the count is of the whole set or its leader")
    return sure
