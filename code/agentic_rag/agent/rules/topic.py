"""A set named first, then counted: "indonesian films: how many are there", "korean dramas -
how many do you have", "anime series & how many have 3 seasons". The first piece asks nothing
(no head of the `asks` of `words.yaml`): it only names the set the count is of. Once the count
has inherited the set's filters (`compose.link`) it stands for both, and the naming piece is no
part of its own (it would list the set unasked). Before any other question ("titles rated TV-MA
and which of those are rated R") the first piece is a listing asked for."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.spec import QuerySpec
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
        and prev.titles.merged(spec.titles) == spec.titles
    )
