"""A question about the one title a superlative picks out of an earlier set: "movies by
Tarantino … who is in the longest one", "how many Nigerian movies are there and who directed
the oldest of them", or out of its own set: "who directed the oldest egyptian film". The
superlative becomes a part of its own (the set's first title by that order, `top` with a limit
of one) and the question's part refers to its result (`ref="first"`, filled in by the planner's
second round like any "it")."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.shape import SUPERLATIVE, order
from agentic_rag.agent.rules.spec import QuerySpec

_RANKED = re.compile(
    rf"\bthe\s+({SUPERLATIVE})\s+(?:one\b(?:\s+(?:of|among)\s+(?:them|those|these)\b)?|"
    r"(?:of|among)\s+(?:them|those|these)\b)",
    re.IGNORECASE,
)
#: the superlative of the part's own set: "who directed the oldest egyptian film"
_OWN = re.compile(rf"\bthe\s+({SUPERLATIVE})\b", re.IGNORECASE)
_ABOUT_ONE = frozenset({"people", "describe"})


def ranked_part(spec: QuerySpec, piece: str) -> QuerySpec | None:
    """The `top` part that a people or describe part's "the longest one" names, with `spec`
    now referring to its result; None when the part names no such title."""
    if spec.op not in _ABOUT_ONE or spec.titles.titles or spec.titles.people:
        return None
    m = _RANKED.search(piece)
    own = m is None and not spec.titles.is_empty() and (m := _OWN.search(piece)) is not None
    if m is None:
        return None
    by, ascending = order(m.group(1).casefold(), spec.titles, False)
    top = QuerySpec(
        op="top",
        titles=spec.titles.model_copy(deep=True),
        by=by,
        ascending=ascending,
        limit=1,
        text=m.group(0),  # "the longest one": what this part reads of the question
        confidence=spec.confidence,
        needs_results=not own,  # "the longest one" ranks the earlier part's set
    )
    spec.ref, spec.needs_results, spec.about = "first", True, ""
    return top
