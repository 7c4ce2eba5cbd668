"""A co-worker question that counts every credit, whatever the role: "who shows up with X most
often in credits", "X's most common co-star or director", "actors or directors X worked with
most", "in any role", "on screen or behind the camera"; of named titles, "credited on both X
and Y". Its people are the ones who share titles with the person in any role (as cast or as
director), the person in any role too: the role a verb gave them ("shows up with X": X on
screen) is not the question's."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.spec import QuerySpec

_I = re.IGNORECASE
_ACTOR = r"(?:co-?stars?|(?:co-?)?actors?|actress(?:es)?|cast(?:\s+members?|mates?)?|performers?)"
_DIRECTOR = r"(?:co-?)?directors?"
_JOIN = r"\s*(?:or|and|/|&|\+|and\s*/\s*or)\s*"
#: the wordings of any role
ANY_ROLE = re.compile(
    rf"\b{_ACTOR}{_JOIN}{_DIRECTOR}\b|\b{_DIRECTOR}{_JOIN}{_ACTOR}\b|"
    r"\b(?:in|on|across|by)\s+(?:the\s+|their\s+|his\s+|her\s+)?(?:film\s+|movie\s+|show\s+)?"
    r"credits\b|\bcredited\s+(?:with|alongside|together|next\s+to|on|in|for)\b|"
    r"\bshares?\s+(?:the\s+most\s+|most\s+)?credits\b|"
    r"\b(?:in\s+)?any\s+(?:role|capacity|credit)\b|\bwhatever\s+(?:the\s+)?role\b|"
    r"\b(?:on[\s-]screen|in\s+front\s+of\s+the\s+camera)\s+or\s+(?:off[\s-]screen|behind)\b|"
    r"\bbehind\s+(?:the\s+camera\s+)?or\s+in\s+front\b",
    _I,
)


def any_role(spec: QuerySpec, masked: str) -> None:
    """A co-worker part said of any role: no role asked, none of the person's kept."""
    if not ANY_ROLE.search(masked):
        return
    spec.role = None
    for p in spec.titles.people[:1]:
        p.role = None
