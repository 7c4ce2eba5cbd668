"""Fields a question says are missing ("movies with no director listed", "cast unknown"):
`missing` tags naming the catalog field; or held ("with a director credited"): the same tag,
negated (the titles missing it are left out)."""

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

#: a field said as held: "docuseries that DO have a director credited", "movies with a cast
#: listed", "titles with a known director": a negated `missing` tag (its set left out)
_HELD = r"(?:\s+(?:a|an|any|the|some|its|their))?"
_LISTED = re.compile(
    rf"\b(?:with|has|have|had|having|got){_HELD}\s+(?:(?:listed|credited|known|named)\s+"
    rf"{_FIELD}\b|{_FIELD}\s+(?:listed|credited|named|given|shown|on\s+file)\b)|"
    rf"\b(?:that|which)\s+(?:do\s+|does\s+)?(?:list|lists|credit|credits|name|names){_HELD}\s+{_FIELD}\b",
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
    for m in _LISTED.finditer(text):
        word = next(g for g in m.groups() if g).casefold()
        field = next((f for k, f in _MISSING_FIELD.items() if word.startswith(k)), "rating")
        if free(tags, *m.span()):
            tags.append(at("missing", m, value=field, negated=True))
