"""A later part or follow-up that narrows the earlier set ("which of those are from Japan",
"how many of them star X", "which of the shows have 2+ seasons"): the earlier set with the new
constraints, keeping the earlier one as `within` where a field of both differs, so both hold.
A follow-up that narrows an answer that is no set of titles (people, groups, one title) has
nothing to narrow: its reading is not sure."""

from __future__ import annotations

import re

from agentic_rag.agent.models import ReadingConfidence
from agentic_rag.agent.rules.dated_by import ADDED_VERB, RELEASE_VERB
from agentic_rag.agent.rules.people_rows import PEOPLE_OPS, ranks_people
from agentic_rag.agent.rules.shape import own_units
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet

_I = re.IGNORECASE
#: "which of those", "how many of them", "among these", "which ones", "which of the shows": a
#: narrowing of the earlier set
AMONG = re.compile(
    r"\b(?:of|among)\s+(?:these|those|them)\b|\b(?:which|these|those)\s+ones\b|\b(?:which|how\s+"
    r"many|any|some|none|one)\s+(?:ones?\s+)?(?:of|among)\s+the\s+(?:movies|films|shows|series|"
    r"titles|documentaries|ones)\b",
    _I,
)


def _one_year(s: TitleSet) -> int | None:
    """The year of a date-added window within one year (a month of no year takes it)."""
    if not (s.added_from and s.added_to):
        return None
    first, end = int(s.added_from[:4]), int(s.added_to[:4])
    return first if end == first or (end == first + 1 and s.added_to[5:] == "01-01") else None


def _added_like_before(old: TitleSet, new: TitleSet, piece: str) -> bool:
    """Whether the new part's years, said with no verb of their own ("… added in 2018? and
    2019?", "… what about 2020", "and how many in 2017"), are dates added as the earlier part's
    whole years were: the new part's year was read as a release year only for want of a verb."""
    whole = all((b or "").endswith("-01-01") for b in (old.added_from, old.added_to))
    return (
        bool(old.added_from and old.added_to and whole)
        and old.year_from is None
        and old.year_to is None
        and new.year_from is not None
        and new.year_to is not None
        and not (new.added_from or new.added_to or new.added_month)
        and not (ADDED_VERB.search(piece) or RELEASE_VERB.search(piece) or AMONG.search(piece))
    )


def narrowed(old: TitleSet, new: TitleSet, piece: str) -> TitleSet:
    """The earlier set with the new part's constraints, each replacing the old one of its field
    ("what about Japan?"); "which of those are from Japan" narrows instead: where a field of both
    differs, the earlier set is kept as `within`, so both hold."""
    out = own_units(old.merged(new), new)  # "… and dramas with 3+ seasons": not the minutes
    if new.added_month and (year := _one_year(old)):  # "… in march 2021 … what about april"
        out.added_from, out.added_month = f"{year}-{new.added_month:02d}-01", None
        out.added_to = f"{year + new.added_month // 12}-{new.added_month % 12 + 1:02d}-01"
    if _added_like_before(old, new, piece) and new.year_from and new.year_to:
        out.added_from, out.added_to = f"{new.year_from}-01-01", f"{new.year_to + 1}-01-01"
        out.year_from = out.year_to = None
    if not AMONG.search(piece):
        return out
    fields = type(new).model_fields
    clash = any(
        getattr(new, k) != f.get_default(call_default_factory=True)
        and getattr(old, k) != f.get_default(call_default_factory=True)
        and getattr(new, k) != getattr(old, k)
        for k, f in fields.items()
        if k not in ("within", "show_ids")
    )
    if clash:
        out.within = old
    return out


#: the note of a follow-up that narrows ("which of those …") an answer that is no set of titles
UNNARROWED = "narrows an answer that is no set of titles: read over the set it came from"
#: how likely right such a reading is at most ("who directed the crown", then "which of those
#: are from 2019"; "the longest movie", then "which of those are comedies")
UNNARROWED_SURE = 0.45
_GROUPS = frozenset({"most", "label", "compare"})  # an answer of groups or numbers, not titles


def narrows_nothing(old: QuerySpec, new: QuerySpec, text: str, shown: int) -> bool:
    """Whether `text` narrows ("which of em", "how many of those") the answer to `old` that is
    no set of titles: people (unless it asks for people again), groups, or `shown` one title
    or none after a ranking or a title's entry."""
    if not AMONG.search(text):
        return False
    if old.op in PEOPLE_OPS or ranks_people(old):
        return new.op not in PEOPLE_OPS
    return old.op in _GROUPS or (old.op in ("top", "describe") and shown <= 1)


def unnarrowed(sure: ReadingConfidence, specs: list[QuerySpec]) -> ReadingConfidence:
    """The confidence of a reading with a part that narrows nothing (`UNNARROWED`), capped."""
    if not any(UNNARROWED in s.notes for s in specs):
        return sure
    return sure.capped(
        UNNARROWED_SURE, "which titles 'of those' means (the answer before was not a set of titles)"
    )
