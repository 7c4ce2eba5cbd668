"""Other spellings of a catalog title that a question may type: its '&' as the word 'and'
("fast and furious spy racers" is Fast & Furious Spy Racers), the title without its last
subtitles ("star wars episode viii" is Star Wars: Episode VIII: The Last Jedi), or typed
without the marks inside a number or between initials ("719" is 7:19, "swat" S.W.A.T.). Keys are
`name_evidence.key`s; the lexicon reads them as that title."""

from __future__ import annotations

import re
from collections.abc import Iterable

from agentic_rag.agent.rules.name_evidence import key

_AMPERSAND = re.compile(r"\s*&\s*")
_COLON = re.compile(r":\s+")
_IN_NUMBER = re.compile(r"(?<=\d)[:,/](?=\d)")  # 7:19, 2,215, 10,000, 50/50, 9/11
_INITIALS = re.compile(r"\b(?:[A-Za-z]\.){2,}")  # S.W.A.T., B.C., C.K.
GLUED_LETTERS = 4  # a one-word key of initials run together this long at least ("we": no)
#: a number in a title (a sequel's "2", "IV"): another number names another title, not a typo
NUMBER = re.compile(r"\d+|(?=[ivx])x{0,3}(?:ix|iv|v?i{0,3})")


def and_key(text: str) -> str:
    """The key of `text` with its ampersands read as the word 'and' (`key` drops them)."""
    return key(_AMPERSAND.sub(" and ", text))


def glued(titles: Iterable[str]) -> dict[str, str]:
    """Titles typed without the marks inside their numbers or initials: "719" is 7:19, "10000
    bc" 10,000 B.C., "swat under siege" S.W.A.T.: Under Siege. A one-word key of letters alone
    needs `GLUED_LETTERS` of them (W.E. typed "we" is the word, not the film); the oldest title
    of a key in catalog order wins."""
    out: dict[str, str] = {}
    for t in titles:
        text = _INITIALS.sub(lambda m: m.group(0).replace(".", ""), _IN_NUMBER.sub("", t))
        k = key(text)
        short = " " not in k and k.isalpha() and len(k) < GLUED_LETTERS
        if k and k != key(t) and not short:
            out.setdefault(k, t)
    return out


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
