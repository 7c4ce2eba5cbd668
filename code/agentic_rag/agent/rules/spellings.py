"""Other spellings of a catalog title that a question may type: its '&' as the word 'and'
("fast and furious spy racers" is Fast & Furious Spy Racers), or the title without its last
subtitles ("star wars episode viii" is Star Wars: Episode VIII: The Last Jedi). Keys are
`name_evidence.key`s; the lexicon reads them as that title."""

from __future__ import annotations

import re
from collections.abc import Iterable

from agentic_rag.agent.rules.name_evidence import key

_AMPERSAND = re.compile(r"\s*&\s*")
_COLON = re.compile(r":\s+")
#: a number in a title (a sequel's "2", "IV"): another number names another title, not a typo
NUMBER = re.compile(r"\d+|(?=[ivx])x{0,3}(?:ix|iv|v?i{0,3})")


def and_key(text: str) -> str:
    """The key of `text` with its ampersands read as the word 'and' (`key` drops them)."""
    return key(_AMPERSAND.sub(" and ", text))


def heads(titles: Iterable[str]) -> dict[str, str]:
    """A title typed without its last subtitles: its words up to a colon after the first,
    when no other title opens with those words; a first part alone ("Money Heist" of Money
    Heist: The Phenomenon) is no title, and neither is a head of several ("LEGO Marvel Super
    Heroes": Black Panther, Guardians of the Galaxy ...)."""
    titles = list(titles)
    out: dict[str, list[str]] = {}
    for t in titles:
        parts = _COLON.split(t)
        for i in range(2, len(parts)):
            out.setdefault(key(": ".join(parts[:i])), []).append(t)
    found = {k: ts[0] for k, ts in out.items() if k and len(ts) == 1}
    opening = [(k, t) for k in found for t in titles if f"{key(t)} ".startswith(f"{k} ")]
    many = {k for k in found if sum(k == kk for kk, _ in opening) > 1}
    return {k: t for k, t in found.items() if k not in many}


def numbers(x: str, y: str) -> bool:
    """Whether both words are numbers ("vi" and "v", "4" and "2"): never a typo of each other."""
    return bool(NUMBER.fullmatch(x) and NUMBER.fullmatch(y))
