"""Words that refer to one earlier title: "it", "that one", "which one", and a place in an
earlier list: "the second one", "the 3rd movie", "what about the third" after "the 3 longest
movies" or a listing answered the turn before. A place is that title alone (not the top one,
nor each of a tie); a place past the end of the list is no title at all. The places are
`ordinals` in `words.yaml` ("the first one", "the 1st one": the list's first title alone, not
"the first movie from india", the oldest; "the last one" is the list's last, not "the last one
added", the latest addition)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentic_rag.agent.rules.shape import FIRST_ADDED, SUPERLATIVE
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import ASK_HEADS, WORD, alternation
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
_NOUN = r"(?:one|movie|film|show|series|title|entry|result|pick)\b"
_LAST = alternation({w: n for w, n in WORDS.ordinals.items() if n < 0})
#: "the second one", "the 3rd movie", "the fourth" at the end of the part: group 1 the place;
#: the last place only as "the last one" or closing the part ("who directed the last movie"),
#: not "the last movie from india" (the latest) nor "the last one added"
NTH = (
    rf"the\s+(?!{FIRST_ADDED})(?!(?:{_LAST})\s+(?!one\b)(?!(?:{_NOUN}|\{{type\}})\W*$))"
    r"(?!first\s+(?!one\b))"  # "the first one", never "the first movie from india" (the oldest)
    rf"({alternation(WORDS.ordinals)})(?:\s+{_NOUN}|\s+\{{type\}}|(?=\W*$))"
)  # "the 3rd {type}": the noun read as a type
_NTH = re.compile(rf"\b{NTH}", _I)
#: "when was that added", "what is this rated": the subject of an asking verb, not "movies
#: that came out" (a relative "that" has no asking verb before it)
THAT_ASKED = (
    r"(?:(?<=\bwas\s)|(?<=\bis\s)|(?<=\bdid\s)|(?<=\bdoes\s)|(?<=\bhas\s))(?:that|this)"
    r"(?=\s+(?:get|got|added|released|come|came|dropped|premiered|made|rated|run|last|aired|"
    r"have|about)\b)"
)
#: a reference to one earlier title
SINGULAR = re.compile(
    rf"\b{NTH}|\b(?:it|its|that\s+one|this\s+one|which\s+one|the\s+(?:first|top|same)\s+one|"
    # (not the verb: "actors that show up most in …")
    r"the\s+one|that\s+(?:movie|film|show(?!\s+up\b)|title|series)|(?:that|this)(?=\W*$)|"
    rf"{THAT_ASKED})\b",
    _I,
)


def place(text: str) -> int | None:
    """The place in an earlier list `text` refers to ("the second one": 2), or None."""
    m = _NTH.search(text)
    return WORDS.ordinals[m.group(1).casefold()] if m else None


def place_words(text: str) -> set[str]:
    """The words of the place in a list `text` refers to ("the 2nd one"), case-folded."""
    m = _NTH.search(text)
    return set(WORD.findall(m.group().casefold())) if m else set()


def at_place[T](items: Sequence[T], text: str) -> list[T] | None:
    """The item at the place `text` names (none when the list is shorter), or None when it
    names no place."""
    n = place(text)
    if n is None:
        return None
    i = n - 1 if n > 0 else len(items) + n  # "the last one": -1
    return list(items[i : i + 1]) if i >= 0 else []


#: "the 2nd one", "the third movie": a place in a list, never the title "The 2nd" it reads as
_NTH_NOUN = re.compile(
    rf"\bthe\s+(?:{alternation(WORDS.ordinals)})\s+(?:one|movie|film|show|series|title|entry)\b",
    _I,
)


#: "the longest", "the oldest one": a ranking of the set said before it, never a title "The
#: Longest" the catalog lacks ("top 5 longest indian movies and who directed the longest")
_RANKED = re.compile(
    rf"\W*the\s+{SUPERLATIVE}(?:\s+(?:one|ones|title|of\s+(?:them|those|these|all)))?\W*", _I
)


def ranking_only(raw: str) -> bool:
    """Whether a run read where a title goes only names a ranking ("the longest")."""
    return bool(_RANKED.fullmatch(raw))


def in_place(text: str, at: int) -> bool:
    """Whether `at` falls inside a place in a list ("the 2nd one", "the third movie")."""
    return any(m.start() <= at < m.end() for m in _NTH_NOUN.finditer(text))


def unclaimed(text: str, tags: list[Tag]) -> list[Tag]:
    """`tags` without the titles read inside a place in a list ("when was the 2nd one added")."""
    return [
        t for t in tags if t.kind not in ("title", "unknown_title") or not in_place(text, t.start)
    ]


#: the list a place is in, said after it ("the last one in that list", "the 2nd one on the list")
_OF_LIST = r"(?:\s+(?:in|on|of|from)\s+(?:that|the|this|your|ur|ya)\s+list)?"
#: a piece that only names a place in a list ("ok the 2nd one", "and what about the third")
_ONLY_PLACE = re.compile(
    rf"\W*(?:(?:and|ok(?:ay)?|so|now|then|alright|what\s+about|how\s+about)\s+)*{NTH}"
    rf"{_OF_LIST}\W*",
    _I,
)


def only_place(piece: str) -> bool:
    """Whether the piece only names a place in a list ("and the 2nd one?", "ok the last one")."""
    return _ONLY_PLACE.fullmatch(piece) is not None


#: "it" in the piece after it: where the place goes
_IT = re.compile(r"\b(?:it|that\s+one|this\s+one|that(?=\W*$))\b", _I)


#: a bare question of one title, no subject of its own ("who directed", "what year", "how long
#: is", "whats the rating"): a few words after its head, no titles named ("how many korean shows")
_BARE_ASK = re.compile(
    rf"\W*(?:{ASK_HEADS})\b(?!.*\b(?:movies?|films?|shows?|series|titles?|ones)\b)"
    r"(?:\W+[\w'’]+){0,3}\W*",
    _I,
)


def place_then(piece: str, nxt: str) -> str | None:
    """The next piece asked of the place the piece only names, the place in its "it"'s place
    ("the 2nd one, who's in it": "who's in the 2nd one") or, with no "it", after it ("the 3rd
    one - who directed": "who directed the 3rd one"); None otherwise."""
    if not (only := _ONLY_PLACE.fullmatch(piece)) or _NTH.search(nxt):
        return None
    said = re.search(NTH, only.group(), _I)
    if said is None:
        return None
    if not _IT.search(nxt):
        return f"{nxt.rstrip(' ?.!')} {said.group()}" if _BARE_ASK.fullmatch(nxt) else None
    return _IT.sub(lambda _: said.group(), nxt, count=1)


#: a place said first, the question asked of it after, with no mark between ("the 2nd one
#: what year", "ok the third one who directed it")
_PLACE_ASKED = re.compile(
    rf"\W*(?:(?:and|ok(?:ay)?|so|now|then|alright)\s+)*(?P<place>{NTH}{_OF_LIST})\s+"
    rf"(?P<asked>(?:{ASK_HEADS})\b.*)",
    _I,
)


def place_last(piece: str) -> str:
    """`piece` with a place said before its question moved into the question ("the 2nd one
    what year": "what year the 2nd one"); `piece` itself otherwise."""
    if not (m := _PLACE_ASKED.fullmatch(piece)):
        return piece
    return place_then(m.group("place"), m.group("asked")) or piece
