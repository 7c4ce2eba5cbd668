"""The decided operation checked against the set a part built (`checked`): a layer after the
one decision of `intent.py`, documented there and in docs/ARCHITECTURE.md."""

from __future__ import annotations

import re

from agentic_rag.agent.rules import relation_words
from agentic_rag.agent.rules.cues import CUES
from agentic_rag.agent.rules.intent import mask
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import COMMON

_CAPS = re.compile(r"(?<![.?!] )\b[A-Z][\w'’]+(?: [A-Z][\w'’]+)*")


def checked(spec: QuerySpec, text: str, tags: list[Tag], about: str) -> QuerySpec:
    """The decided operation checked against the set the part built. A different layer from
    the decision (`Reader.decide`): the decision reads what is asked from the wording and the
    tags; this reads what the built `TitleSet` holds once the tags after a lead were set aside
    as a description. An operation whose subject came out empty cannot run as read: "who is
    {person}" with no title lists the person's titles, a capitalised name the catalog does not
    hold is described as absent, nothing at all to list is a search (at most 0.1 sure), and a
    title operation with no title left searches."""
    op = spec.op
    spec.described = [t.described for t in tags if t.described]  # "…, the yorkshire cop one"
    typed = any(t.kind == "type" for t in tags) and spec.role is not None
    if op == "people" and not spec.titles.titles and not about and spec.titles.people:
        spec.op = "people" if typed else "list"  # "who directed the movies X was in": theirs
    if op in ("list", "count") and relation_words.together_asked(masked := mask(text, tags), tags):
        relation_words.together_roles(spec, masked)  # "has A worked with B": any role of both
    plain = "".join(
        " " if any(t.start <= i < t.end for t in tags) else c for i, c in enumerate(text)
    )
    unnamed = [
        m.group()
        for m in _CAPS.finditer(plain, 1)
        if any(w.casefold() not in COMMON for w in m.group().split())
    ]
    if spec.op in ("count", "list", "top") and spec.titles.is_empty() and unnamed:
        spec.op, spec.text = "describe", unnamed[0]  # a name the catalog does not hold
        spec.notes.append(f"no title or name '{unnamed[0]}' in the catalog")
    elif (spec.op == "list" or (spec.op == "top" and not CUES["top"].search(text))) and (
        spec.titles.is_empty() and not tags
    ):  # nothing to list; "the oldest": all titles
        spec.op, spec.about, spec.confidence = "search", text, min(spec.confidence, 0.1)
    if op in ("describe", "similar") and not spec.titles.titles:
        unknown = [t.value for t in tags if t.kind == "unknown_title"]
        spec.op = "search" if not unknown else spec.op
        spec.text = unknown[0] if unknown else spec.text
    return spec
