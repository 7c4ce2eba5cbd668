"""Countries named by their initials: "US", "UK" in capitals anywhere; in lower case after "the"
("movies from the us") or before the works they qualify ("us titles rated r", "how many us tv
shows"), unless a verb asks for the works ("show us movies", "give us some documentaries")."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.tags import Tag, free

#: the nouns of the works a country or rating qualifies ("us titles", "tv-ma shows")
WORKS = r"(?:movies?|films?|shows?|series|titles?|cartoons?|documentar(?:y|ies))\b"
_ASKING = ("show", "give", "tell", "get", "find", "let", "send", "help")  # "show us movies"
_INITIALS = re.compile(
    r"\b(US|USA|UK)\b|(?i:\bthe\s+(us|usa|uk)\b)|(?i:"
    + "".join(rf"(?<!\b{verb}\s)" for verb in _ASKING)
    + rf"\b(us|uk)\s+(?=(?:tv\s+)?{WORKS}))"
)


def initials(text: str, tags: list[Tag]) -> None:
    """Tag the countries `text` names by their initials where no other tag is."""
    for m in _INITIALS.finditer(text):
        g = next(i for i in (1, 2, 3) if m.group(i))
        if free(tags, *m.span(g)):
            value = "United Kingdom" if m.group(g).casefold() == "uk" else "United States"
            start, end = m.span(g)
            tags.append(Tag(kind="country", start=start, end=end, text=m.group(g), value=value))
