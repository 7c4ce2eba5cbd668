"""Other spellings of a catalog title that a question may type: its '&' as the word 'and'
("fast and furious spy racers" is Fast & Furious Spy Racers), the title without its last
subtitles ("star wars episode viii" is Star Wars: Episode VIII: The Last Jedi), typed
without the marks inside a number or between initials ("719" is 7:19, "swat" S.W.A.T.), or
without the owner it opens with ("luke cage" is Marvel's Luke Cage). Keys are
`name_evidence.key`s; the lexicon reads them as that title."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from agentic_rag.agent.rules.name_evidence import key
from agentic_rag.agent.rules.words import WORDS

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


def unmarked(text: str) -> str:
    """`text` without the marks inside its numbers or between its initials."""
    return _INITIALS.sub(lambda m: m.group(0).replace(".", ""), _IN_NUMBER.sub("", text))


def glued(titles: Iterable[str]) -> dict[str, str]:
    """Titles typed without the marks inside their numbers or initials: "719" is 7:19, "10000
    bc" 10,000 B.C., "swat under siege" S.W.A.T.: Under Siege. A one-word key of letters alone
    needs `GLUED_LETTERS` of them (W.E. typed "we" is the word, not the film); the oldest title
    of a key in catalog order wins."""
    out: dict[str, str] = {}
    for t in titles:
        k = key(unmarked(t))
        short = " " not in k and k.isalpha() and len(k) < GLUED_LETTERS
        if k and k != key(t) and not short:
            out.setdefault(k, t)
    return out


#: a title opening with its owner's name ("Marvel's Luke Cage", "Dr. Seuss' The Lorax",
#: "DC's Legends of Tomorrow"): one or two capitalised words and a possessive
_OWNER = re.compile(r"((?:[A-Z][\w.]*\s+)?[A-Z][\w.]*)(?:['’]s|s['’]|(?<=s)['’])\s+(?=\S)")
BRAND_TITLES = 3  # an owner opening this many titles is a brand (Marvel's, Dr. Seuss')
ONE_WORD_BRAND = 5  # ... and opening this many, one word after it names a title ("daredevil")


def _owner(title: str) -> tuple[str, str] | None:
    """A title's owner and the rest of it (without the marks inside its numbers or initials), by
    their keys, when it opens with an owner's name."""
    m = _OWNER.match(title)
    lead = key(m.group(1)) if m else ""
    if not m or set(lead.split()) & (WORDS.common | WORDS.not_owners):
        return None
    return lead, key(unmarked(title[m.end() :]))


def typed_forms(title: str) -> list[str]:
    """The ways a question may type a title: as the catalog writes it, without the marks inside
    its numbers or initials, without the owner it opens with or its possessive (`glued`,
    `owned`)."""
    forms = [title, unmarked(title)]
    if _OWNER.match(title):
        rest = _OWNER.sub("", title, count=1)
        forms += [_OWNER.sub(r"\1 ", title, count=1), rest, unmarked(rest)]
    return list(dict.fromkeys(forms))


def owned(titles: Iterable[str], people: Iterable[str] = ()) -> dict[str, str]:
    """Titles typed without the owner they open with: "luke cage" is Marvel's Luke Cage, "the
    lorax" Dr. Seuss' The Lorax, "the butler" Lee Daniels' The Butler. The owner is a brand
    (it opens `BRAND_TITLES` titles) or a credited person; the rest is "the" and a word or two
    words that are no everyday words ("God's Not Dead": not "not dead"; "Chef's Table": not
    "table"), or one such word after a brand opening `ONE_WORD_BRAND` titles ("daredevil");
    an owner that contracts "is" ("Let's Dance") is none; a key two titles share is neither's.
    The owner said without its possessive names the title too ("god not dead")."""
    split = {t: o for t in titles if (o := _owner(t))}
    leads = Counter(lead for lead, _ in split.values())
    rests = Counter(rest for _, rest in split.values())
    named = {key(p) for p in people}
    out: dict[str, str] = {}
    for t, (lead, rest) in split.items():
        said = rest.split()
        rare = [w for w in said if w not in WORDS.common and w not in WORDS.numbers]
        enough = (
            len(rare) > 1
            or (len(said) > 1 and said[0] == "the" and rare)
            or (len(said) == 1 and rare and leads[lead] >= ONE_WORD_BRAND)
        )
        if rests[rest] == 1 and enough and (leads[lead] >= BRAND_TITLES or lead in named):
            out[rest] = t  # and with its marks: "agents of s.h.i.e.l.d."
            out.setdefault(key(_OWNER.sub("", t, count=1)), t)
        out.setdefault(f"{lead} {rest}", t)  # without its possessive: "god not dead"
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
