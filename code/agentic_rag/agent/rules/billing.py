"""Which people of a title a part asks for: the role its words give ("who directed it":
directors, "who's in it": the cast), and whether it asks for the lead only ("who's the lead in
Peaky Blinders", "the main actor of The Crown", "who plays the main guy in it", "its star"):
the first-billed cast member, the one the catalog lists first (`show_people.position`)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules import crossover
from agentic_rag.agent.rules.any_role import ANY_ROLE
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.tags import Tag

_I = re.IGNORECASE
#: "who directed it", "its filmmaker", "who helmed it", "who's behind it": its directors
_DIRECTOR = re.compile(
    r"\bdirect\w*|\bfilmmaker|\bhelm(?:s|ed)?\b|\bwho(?:'s|’s|s|\s+is|\s+was|\s+were)\s+behind\b",
    _I,
)
_CAST = re.compile(
    r"\b(?:cast|actors?|actress\w*|star\w*|act(?:s|ed|ing)?|appear\w*|play\w*|featur\w*)\b|"
    r"\b(?:(?:show|turn|pop)(?:s|ed|ing)?|\{type\})\s+up\b|\bbeen\s+in\b|"  # on screen
    r"\bwho(?:'s|’s|s|\s+is|\s+was|\s+are|\s+were)\s+in\b|"  # "who's in it": its cast
    r"\b(?:the\s+)?(?:lead|leads|protagonist)\b",
    _I,
)
#: the one lead: "the lead (actor)", "the main guy/actress/character", "the leading man",
#: "top-billed", "the first actor listed", "who stars as the protagonist" (not "the leads": plural,
#: "the main cast": all)
LEAD = re.compile(
    r"\bthe\s+(?:(?:male|female)\s+)?lead(?:\s+(?:actor|actress|role|star|character))?\b(?!s)|"
    r"\b(?:main|lead|leading|principal|central)\s+(?:guy|man|woman|girl|lady|actor|actress|"
    r"star|character|role|protagonist)\b(?!s)|\bthe\s+protagonist\b|"
    r"\b(?:top|first)[\s-]billed\b(?!\s+(?:actors|cast|people))|\bthe\s+star\s+of\b|"
    # "the first actor listed for it", "the first cast member credited"
    r"\bfirst\s+(?:actor|actress|star|cast\s+member|name)\s+(?:listed|credited|billed|named)\b",
    _I,
)


def role(masked: str, tags: list[Tag]) -> str | None:
    """The role a part's words ask for (a person's tagged role otherwise); of a crossover
    ("starred in X and also directed"), the role on the titles it names, said first; none when
    they name every role ("credited on both X and Y (cast or director)", "in any role")."""
    if crossover.wording(masked):
        return crossover.role(masked)
    if ANY_ROLE.search(masked):
        return None
    if _DIRECTOR.search(masked):
        return "director"
    if _CAST.search(masked):
        return "cast"
    return next((t.role for t in tags if t.kind == "person" and t.role), None)


def lead_asked(masked: str) -> bool:
    """Whether a people part asks for a title's lead only (its first-billed cast member)."""
    return bool(LEAD.search(masked)) and not _DIRECTOR.search(masked)


def asks_lead(spec: QuerySpec) -> bool:
    """A part asking one title's single first-billed person, in the lead's words ("who's the lead
    in X", "its main actor"); not one whose single title came from an earlier part ("… and who
    directed / starred in the oldest one": its director or its cast, not its lead)."""
    return spec.op == "people" and spec.limit == 1 and lead_asked(spec.text)
