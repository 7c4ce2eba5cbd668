"""A noun of what is asked of a title that the reading neither reads nor shows: "the oldest
korean movie plot" read as the oldest Korean movie (a ranking's table holds no description),
"the oldest british film genre" (nor genres). The answer lacks what was asked, so the reading
cannot be sure (`confidence.CAPPING`). A title's entry shows them all; a search by a story, or
a description's keywords, reads the description; a genre or country filter or grouping reads
its own; a noun inside a story searched for is the story's. A role noun ("… director") is
`usage`'s: a people cue left unused. A credit the catalog does not hold ("produced by",
"narrated", "who wrote …") is never shown either: the catalog names only directors and cast."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.billing import LEAD
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.vocab import WORD
from agentic_rag.agent.rules.words import WORDS

#: operations whose answer shows a title's description (its entry, the best matches of a story)
_DESCRIBED = frozenset({"describe", "search", "similar", "external"})


_CREDIT = re.compile(
    r"\b(?:"
    + "|".join(re.escape(w) for w in sorted(WORDS.uncredited, key=len, reverse=True))
    + r")\b|\b(?:"
    + "|".join(map(re.escape, WORDS.uncredited_verbs))
    + r")(?=\s*(?:[?.!,;]|$|\s+(?:anything|any|something|stuff|much|lately|before)\b))",
    re.IGNORECASE,
)

#: "who voiced po in kung fu panda", "who plays eleven in stranger things": a character, which
#: the catalog does not name (its cast has no parts); "who plays the lead in …" is billing;
#: so is "who plays the queen" with no title (a follow-up about the thread's title)
_CHARACTER = re.compile(
    r"\bwho(?:['’]?s)?\s+(?:plays?|played|playing|voices?|voiced|voicing|portrays?|portrayed)\s+"
    r"(?!in\b|on\b)((?:the\s+)?\w+(?:\s+\w+){0,2}?)(?:\s+(?:in|on)\b|\W*$)",
    re.IGNORECASE,
)

_PEOPLE = WORDS.people_attributes | {"who", "main", "them", "him", "her"}  # "who plays who in …"


def _sets(spec: QuerySpec) -> list[TitleSet]:
    out = [spec.titles, *(s for s in (spec.part, spec.other, spec.titles.within) if s)]
    return out + list(spec.titles.without)


def _reads(spec: QuerySpec, noun: str) -> bool:
    """Whether the part shows or reads what `noun` names ("description", "genre", "country");
    a noun inside the story a part searches for is the story's ("… across the country …")."""
    if spec.op in ("describe", "external") or noun in WORD.findall(spec.about.casefold()):
        return True
    kind = WORDS.unshown_attributes[noun]
    sets = _sets(spec)
    if kind == "description":
        return spec.op in _DESCRIBED or bool(spec.labels) or any(s.keywords for s in sets)
    field = "genres" if kind == "genre" else "countries"
    return spec.by == kind or any(getattr(s, field) or kind in s.missing for s in sets)


def unshown(text: str, specs: list[QuerySpec]) -> list[str]:
    """The nouns of `text` that ask for what no part of the reading shows or reads."""
    nouns = [w for w in WORD.findall(text.casefold()) if w in WORDS.unshown_attributes]
    out = [w for w in dict.fromkeys(nouns) if not any(_reads(s, w) for s in specs)]
    return out + [c for c in dict.fromkeys(uncredited(text, specs)) if c not in out]


def uncredited(text: str, specs: list[QuerySpec]) -> list[str]:
    """The credits `text` asks for that no title lists ("movies produced by steven spielberg"),
    but not one said inside a story searched for ("… about a writer …") or a title's name
    ("Freedom Writers")."""
    said = [m.group().casefold() for m in _CREDIT.finditer(text)]
    held = " ".join(
        [s.about for s in specs if s.op in _DESCRIBED]
        + [t for s in specs for ts in _sets(s) for t in ts.titles]
    ).casefold()
    roles = [m.group(1) for m in _CHARACTER.finditer(text)]
    parts = [r for r in roles if not (LEAD.search(r) or _PEOPLE & set(WORD.findall(r.casefold())))]
    return [c for c in said if c not in held] + parts
