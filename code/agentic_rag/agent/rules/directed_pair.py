"""The actors two named people both directed: "actors that both Spielberg and Ron Howard
directed", "which actors have been directed by both X and Y", "cast members of films helmed by
X and by Y". The relation is `shared` (a title with each), read with the named two as the
directors of those titles and the people asked for as their cast (not: people who directed a
title with each, which is what "worked with both" in the directors' role would be)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.spec import QuerySpec

_I = re.IGNORECASE
#: the people asked for are the cast ("actors", "actresses", "cast members", "stars")
_ACTORS = re.compile(r"\b(?:actors?|actress(?:es)?|cast(?:\s+members?)?|stars|performers)\b", _I)
#: the named two are the ones who directed: "both {person} and {person} (have) directed",
#: "directed by (both) {person} and {person}", "helmed by {person} and by {person}", and a
#: film's maker named by "by": "in films by both {person} and {person}"
_DIRECTED_BY = re.compile(
    r"\{person\}\s+(?:(?:have|has|had|both|each|all)\s+){0,2}(?:directed|helmed)\b|"
    r"(?:\b(?:directed|helmed)|(?:\b(?:films?|movies?)|\{type\})(?:\s+made)?)\s+by\s+"
    r"(?:both\s+)?\{person\}",
    _I,
)
_DIRECTORS = re.compile(r"\b(?:directors?|filmmakers?)\b", _I)  # "directors who worked with …"


def directed_pair(masked: str) -> bool:
    """Whether a question about two people asks for the actors both of them directed."""
    return bool(
        _ACTORS.search(masked) and _DIRECTED_BY.search(masked) and not _DIRECTORS.search(masked)
    )


def as_directors(spec: QuerySpec) -> None:
    """The part reads the named two as directors and asks for their titles' cast."""
    spec.role = "cast"
    for p in spec.titles.people:
        p.role = "director"


def directed_by_each(spec: QuerySpec) -> bool:
    """Whether a part was read as the actors the named people each directed."""
    return spec.role == "cast" and all(p.role == "director" for p in spec.titles.people)
