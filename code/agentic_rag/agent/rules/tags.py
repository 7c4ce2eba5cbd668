"""A tag: one entity the tagger found in a question, with where it was and how sure it is."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Literal, get_args

from pydantic import BaseModel

TagKind = Literal[
    "person",
    "title",
    "genre",
    "country",
    "rating",
    "type",
    "release",
    "added",
    "minutes",
    "seasons",
    "limit",
    "missing",
    "unknown_title",
    "phrase",
    "same_year",
]
#: the placeholder a tag kind leaves in the masked question the intent matcher reads
_SHOWN = {
    "unknown_title": "title",
    "release": "year",
    "added": "date",
    "minutes": "duration",
    "limit": "n",
    "phrase": "genre",
    "same_year": "date",
}
PLACEHOLDER = {kind: "{" + _SHOWN.get(kind, kind) + "}" for kind in get_args(TagKind)}


class Tag(BaseModel):
    kind: TagKind
    start: int
    end: int
    text: str  # as written in the question
    value: str = ""  # catalog spelling (name, title, genre ...) or an ISO lower date bound
    value2: str = ""  # an ISO upper date bound (exclusive) for `added`
    alts: list[str] = []  # other catalog values the same words may mean (OR-ed genres)
    lo: int | None = None  # numeric lower bound (years, minutes, seasons, limit), inclusive
    hi: int | None = None
    role: Literal["director", "cast"] | None = None  # a person's role, from role words
    label: str = ""  # how to say the value in an answer ("2019–2021", "the 1990s")
    score: float = 1.0  # 1.0 exact catalog match; lower for fuzzy or guessed readings
    note: str = ""  # how an ambiguous reading was decided
    absent: bool = False  # named by its cue, but not in the catalog (even folded or fuzzily)
    near: list[str] = []  # for an absent name: the closest catalog names ("did you mean")
    negated: bool = False  # said as left out ("not from japan"); its span holds the cue
    described: str = ""  # words said beside the name that describe it ("the yorkshire cop one")
    #: a phrase's titles that are not of its series (Rocky Handsome of "the rocky movies")
    left_out: list[str] = []


def fuzzy_tag(
    kind: str, span: tuple[int, int], raw: str, hit: tuple[str, float], role: str | None
) -> Tag:
    """A misspelt name read as its nearest catalog name (the answer notes the reading)."""
    return Tag(
        kind=kind,
        start=span[0],
        end=span[1],
        text=raw,
        value=hit[0],
        role=role,  # type: ignore[arg-type]
        score=round(hit[1] / 100, 2),
        note=f"read '{raw}' as {hit[0]}",
    )


def free(tags: list[Tag], start: int, end: int) -> bool:
    """No tag overlaps text[start:end]."""
    return not any(t.start < end and start < t.end for t in tags)


def at(kind: str, m: re.Match[str], **fields: Any) -> Tag:
    """A tag over the whole match `m`."""
    return Tag(kind=kind, start=m.start(), end=m.end(), text=m.group(), **fields)  # type: ignore[arg-type]


def stretched(t: Tag, text: str, end: int) -> Tag:
    """`t` over the words up to `end` too (words said of it: "2 to 4 seasons, both counted")."""
    return t.model_copy(update={"end": end, "text": text[t.start : end]})


def widen_beside(
    text: str, start: int, end: int, tags: list[Tag], fits: Callable[[Tag], bool]
) -> bool:
    """Whether a tag right beside text[start:end] (only spaces or dashes between, or the "and" of
    a value joined by "&") `fits` the words there; the first that does is widened over them, so
    they are its words ("stand up comdey": the Stand-Up Comedy tag of "stand up" takes the
    misspelt "comdey"; "faith and spirtuality": the Faith & Spirituality tag of "faith")."""
    for t in tags:
        gap = text[t.end : start] if t.end <= start else text[end : t.start]
        said = gap.strip(" -").casefold()
        beside = not said or (said in ("&", "and") and "&" in t.value)  # "faith and spirtuality"
        if t.value and (t.end <= start or end <= t.start) and beside and fits(t):
            t.start, t.end = min(t.start, start), max(t.end, end)
            t.text = text[t.start : t.end]
            return True
    return False
