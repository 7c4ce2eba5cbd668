"""A part of a question that is only a question word or a noun of what is asked ("… and
when", "… and how long?", "director?"): the question it asks of the part before it. A part
that only asks for a listing ("anything from malta? list", "… titles pls": `words.yaml`
`shape_lists`) lists the set of the part before it, unless that part asks about people (their
names are its own answer)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.dated_by import ADDED_VERB
from agentic_rag.agent.rules.shape import SUPERLATIVE
from agentic_rag.agent.rules.vocab import JOINS, alternation
from agentic_rag.agent.rules.words import WORDS

#: courtesy words ending the question ("… plus the shortest one pls"): not part of what it asks
COURTESY = re.compile(rf"(?:[\s,!.]+(?:{alternation(WORDS.courtesies)}))+(?=\W*$)", re.I)

#: a part that is only a question word ("… and when", "… and how long?"), asked of the part
#: before it (`words.yaml` `bare_asks`)
_LAND = re.compile(r"\bland\s+(?:on|in)\b", re.IGNORECASE)  # "the first show to land on netflix"
#: words ending it that ask nothing more ("… which year exactly", "director again?")
TAILS = rf"(?:\s+(?:{alternation(WORDS.bare_tails)}))*"
_BARE = re.compile(rf"\W*({alternation(WORDS.bare_asks)}){TAILS}\W*", re.IGNORECASE)
_BARE_ATTR = re.compile(  # "director?": who directed it
    rf"\W*(?:(?:{JOINS}|\+|&)\s+)*(?:(?:its|their|the)\s+)?({alternation(WORDS.bare_attributes)})"
    rf"{TAILS}\W*",
    re.IGNORECASE,
)


#: an amount alone ("how many seasons") after a part that ranks one title ("which kids show got
#: added first? how many seasons"): that title's (`words.yaml` `bare_amounts`)
_AMOUNT = re.compile(
    rf"\W*(?:and\s+)?how\s+many\s+({alternation(WORDS.bare_amounts)})\W*", re.IGNORECASE
)
_RANKED = re.compile(rf"\b(?:{SUPERLATIVE}|first|last)\b", re.IGNORECASE)
_LISTING = re.compile(rf"\W*(?:{alternation(WORDS.shape_lists)}){TAILS}\W*", re.IGNORECASE)
_OF_PEOPLE = re.compile(
    rf"\b(?:who(?:s|'s|’s)?|whom|{alternation(WORDS.people_asked)})\b", re.IGNORECASE
)


def asked_of_before(parts: list[str]) -> list[str]:
    """Each part after the first that is only a question word, as the question it asks of the
    part before it ("the first title added from colombia and when": when was it added)."""
    out: list[str] = []
    for p in parts:
        m = _BARE.fullmatch(p)
        if _BARE_ATTR.fullmatch(p):  # alone too: a follow-up's ("oldest thai film", "cast?")
            out.append(noun_asked(p))
            continue
        if out and (amount := _AMOUNT.fullmatch(p)) and _RANKED.search(out[-1]):
            out.append(
                WORDS.bare_amounts[amount.group(1).casefold()]
            )  # "… first? how many seasons"
            continue
        if out and _LISTING.fullmatch(COURTESY.sub("", p)) and not _OF_PEOPLE.search(out[-1]):
            out.append("list them")  # "anything from malta? list"
            continue
        if not out or not m:
            out.append(p)
            continue
        word = " ".join(m.group(1).casefold().split())
        added = word == "when" and (ADDED_VERB.search(out[-1]) or _LAND.search(out[-1]))
        out.append(WORDS.bare_when_added if added else WORDS.bare_asks[word])
    return out


def noun_asked(text: str) -> str:
    """`text`, or the question it asks when it is only a noun of what is asked of a title (a
    follow-up "director?" is "who directed it": `bare_attributes`); after "their", of each
    title before it ("the 3 oldest japanese movies and their directors": who directed them)."""
    noun = _BARE_ATTR.fullmatch(COURTESY.sub("", text))
    if not noun:
        return text
    asked = WORDS.bare_attributes[" ".join(noun.group(1).casefold().split())]
    return re.sub(r"\bit$", "them", asked) if _THEIR.search(text) and _WHO.match(asked) else asked


_THEIR = re.compile(r"\btheir\b", re.IGNORECASE)
#: a question of a title's people ("who directed it"): of every title before it after "their"
#: ("… and their directors": who directed them); a question of a title's entry stays of its
#: first title (the listing before it shows each one's year, rating and duration)
_WHO = re.compile(r"who\b", re.IGNORECASE)
