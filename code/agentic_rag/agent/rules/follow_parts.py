"""A follow-up asked in parts: "show me the thai tv shows" … "which of them are dramas, and how
many", "korean movies from 2019" … "which is the longest? and who directed it". Its first part
refers back to the previous turn ("which of them …", "which is the longest") and its later parts
were read with that first part alone ("how many": of the dramas; "it": the longest), so the
previous turn's set (Thai TV shows) carries into every part, not only the first."""

from __future__ import annotations

from collections.abc import Sequence

from agentic_rag.agent.rules.follow import follow, is_follow_up
from agentic_rag.agent.rules.narrowing import AMONG
from agentic_rag.agent.rules.spec import QuerySpec

#: the note of a later part read over the set of the part before it (`compose.link`)
WITH_EARLIER = "read with the earlier part of the question"


def in_parts(specs: Sequence[QuerySpec]) -> bool:
    """Whether `specs` is a follow-up in parts: its first part is one, and every later part was
    read over the first part's set (no subject or reference of its own)."""
    return (
        len(specs) > 1
        and is_follow_up(specs[0].text, specs[0])
        and not _own_story(specs[0])
        and all(_on_first(s) or s.ref in ("first", "all") for s in specs[1:])
    )


def _own_story(spec: QuerySpec) -> bool:
    """A first part that tells a story of its own and names no set before it ("movies about
    dreams and who acted in them", asked again in the thread) is a new question, not a
    follow-up: short is not enough; "which of them are about dreams" still narrows."""
    return bool(spec.about) and AMONG.search(spec.text) is None


def _on_first(spec: QuerySpec) -> bool:
    """A later part read over the first part's set (not over its results: "who directed it")."""
    return WITH_EARLIER in spec.notes and spec.ref is None


def followed(old: QuerySpec, specs: Sequence[QuerySpec], shown: Sequence[str]) -> list[QuerySpec]:
    """The parts read with the previous turn's last part `old`: the first as a follow-up, and
    each later one over the first one's set, with the filters it adds of its own."""
    first = follow(old, specs[0], specs[0].text, shown)
    out = [first]
    for spec in specs[1:]:
        later = spec.model_copy(deep=True)
        if not _on_first(spec):  # "… and who directed it": the first part's results
            out.append(later)
            continue
        own = spec.titles.model_dump(exclude_defaults=True)
        said = {k: getattr(spec.titles, k) for k in own}
        said = {k: v for k, v in said.items() if v != getattr(specs[0].titles, k)}
        later.titles = first.titles.model_copy(update=said, deep=True)
        later.confidence = min(later.confidence, first.confidence)
        out.append(later)
    return out
