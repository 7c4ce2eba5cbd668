"""A set named first, then counted: "indonesian films: how many are there", "korean dramas -
how many do you have", "anime series & how many have 3 seasons". The first piece asks nothing
(no head of the `asks` of `words.yaml`): it only names the set the count is of. Once the count
has inherited the set's filters (`compose.link`) it stands for both, and the naming piece is no
part of its own (it would list the set unasked). Before any other question ("titles rated TV-MA
and which of those are rated R") the first piece is a listing asked for.

A person named first, then asked about by a pronoun: "akshay kumar - who shows up with him the
most", "tom hanks: what did he direct". The first piece is only the name (no other word); the
question is the next piece with the name in the pronoun's place, read as one part, so that
its wording ("shows up with {person} the most") makes its operation as if asked in one go."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.compose import PERSON_REF, THEY
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.tagger import Tagger
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import ASK_HEADS

_ASKING = re.compile(rf"\b(?:{ASK_HEADS})\b", re.IGNORECASE)


def named_only(prev: QuerySpec, spec: QuerySpec) -> bool:
    """Whether `prev`, the part before `spec`, only named the set of titles that `spec`, read
    with it, counts: a listing by filters alone (no description, no reference, no question
    head) whose every filter the count holds."""
    return (
        prev.op in ("list", "search")
        and not prev.about
        and not prev.needs_results
        and not prev.titles.is_empty()
        and not _ASKING.search(prev.text)
        and spec.op == "count"
        and spec.titles.within is None  # "… and how many of those are rated R": a narrowing
        and prev.titles.merged(held := _held(prev, spec)) == held
    )


_TIMES = ("year_from", "year_to", "added_from", "added_to")


def _held(prev: QuerySpec, spec: QuerySpec) -> TitleSet:
    """The count's set, with the time of a piece that named only a time ("spring 2021 - how
    many anime arrived", "2019: how many korean dramas"), unless the count has its own."""
    timeless = prev.titles.model_copy(update=dict.fromkeys(_TIMES))
    if timeless.is_empty() and all(getattr(spec.titles, f) is None for f in _TIMES):
        return prev.titles.merged(spec.titles)
    return spec.titles


def absorb(prev: QuerySpec, spec: QuerySpec) -> None:
    """The count stands for the piece that only named its set: that piece's notes and words
    are the count's ("the first half of 2018 - how many dramas came out": 'half' is a word of
    the question the reading must account for)."""
    spec.notes[:0] = prev.notes
    spec.text, spec.titles = f"{prev.text} - {spec.text}", _held(prev, spec)


_POSSESSIVE = re.compile(r"\b(?:his|their|hers)\b", re.IGNORECASE)


def named_person(piece: str, tags: list[Tag]) -> bool:
    """Whether a piece is one person's name and nothing else ("akshay kumar", "Tom Hanks -")."""
    people = [t for t in tags if t.kind == "person"]
    if len(people) != 1 or len(tags) != 1:
        return False
    rest = piece[: people[0].start] + piece[people[0].end :]
    return not re.search(r"\w", rest)


def about_person(name: str, piece: str, own: list[Tag]) -> str | None:
    """The piece asked of a person named before it, the name in its first pronoun's place
    ("who shows up with him the most" -> "who shows up with akshay kumar the most"); None when
    the piece names a person of its own or refers to no one."""
    if any(t.kind == "person" for t in own):
        return None
    m = PERSON_REF.search(piece) or THEY.search(piece)
    if m is None:
        return None
    said = f"{name}'s" if _POSSESSIVE.fullmatch(m.group()) else name
    return piece[: m.start()] + said + piece[m.end() :]


def person_then(piece: str, nxt: str, tagger: Tagger) -> str | None:
    """The next piece asked of the person the piece only names ("akshay kumar - who shows up
    with him the most"), the name in its pronoun's place; None otherwise."""
    tags = tagger.tag(piece)
    if not named_person(piece, tags):
        return None
    return about_person(piece[tags[0].start : tags[0].end], nxt, tagger.tag(nxt))
