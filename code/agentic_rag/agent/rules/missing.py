"""Fields a question says are missing ("movies with no director listed", "cast unknown"):
`missing` tags naming the catalog field."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.tags import Tag, at, free

_FIELD = (
    r"(directors?|cast(?:\s+members?)?|actors?|countr(?:y|ies)(?:\s+of\s+origin)?|"
    r"(?:age\s+|maturity\s+)?ratings?)"
)
#: a verb said as not done: "titles that DON'T have a director listed", "doesn't list a cast"
_NOT_HAVE = r"(?:do|does|did|has|have)(?:\s+not|n['’]?t)\s+(?:have|list|credit|name|show|give|got)"
_MISSING = re.compile(
    rf"\b(?:no|without|missing|lacking|unknown|unlisted|blank|empty|{_NOT_HAVE})"
    rf"(?:\s+(?:a|an|any|the))?\s+(?:listed\s+|credited\s+|known\s+)?{_FIELD}\b(?!\s+for\b)"
    rf"(?:\s+(?:listed|credited|named|given|shown|on\s+file))?|\b{_FIELD}\s+(?:is\s+|are\s+)?"
    r"(?:missing|unknown|empty|blank|(?:not\s+|isn['’]?t\s+|aren['’]?t\s+)"
    r"(?:listed|given|known|credited))\b",
    re.I,
)

_MISSING_FIELD = {"direct": "director", "cast": "cast", "act": "cast", "countr": "country"}


def missing_fields(text: str, tags: list[Tag]) -> None:
    """Add a `missing` tag for each missing-field phrase of `text` not inside another tag."""
    for m in _MISSING.finditer(text):
        word = (m.group(1) or m.group(2)).casefold()
        field = next((f for k, f in _MISSING_FIELD.items() if word.startswith(k)), "rating")
        if free(tags, *m.span()):
            tags.append(at("missing", m, value=field))
