"""An amount of titles the asker states so that it is checked: "i bet there are zero stand-up
comedy specials from 2016. am i wrong? how many released that year", "my friend says there are
50 korean dramas on netflix - how many are there really", "i think there are like 10 danish
shows, right?". The stance ("i bet", someone's reporting verb), "there are" and the amount
(`words.yaml` `premise_stances`, `claim_verbs`, `premise_amounts`) are the asker's word, no
filter: the piece names the set the question counts (a count asked after it counts that set,
`topic.named_only`; none asked, the piece is the count). A piece that only asks whether it is
so ("am i wrong?", "right?": `premise_checks`) asks nothing more and is set aside."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.vocab import alternation
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
_STANCE = alternation(WORDS.premise_stances).replace("'", "['’]?")
_CLAIM = alternation(WORDS.claim_verbs)
_AMOUNT = alternation(WORDS.premise_amounts)
_NUMBER = alternation(WORDS.numbers)
_PREMISE = re.compile(
    rf"^\W*(?:(?:{_STANCE})|(?:[\w'’]+\s+){{0,2}}?(?:{_CLAIM}))\s*,?\s+(?:that\s+)?"
    r"(?:there\s+(?:are|is|were|was|r)|there['’]?s|netflix\s+(?:has|had|got)|(?:you|u|they)\s+"
    r"(?:have|had|got))\s+"
    rf"(?P<amount>(?:(?:{_AMOUNT})\s+)*(?:\d[\d,]*|{_NUMBER})\b|(?:(?:{_AMOUNT})\s+)+)"
    r"\s*(?P<set>.*\w.*?)\W*$",
    _I,
)
_CHECKS = alternation(WORDS.premise_checks).replace("'", "['’]?")
_CHECK = re.compile(rf"\W*(?:(?:so|but|and|or|ok|well)\s+)?(?:{_CHECKS})\W*", _I)
#: a check ending the premise's own piece: "… from 2016, am i wrong?"
_CHECK_END = re.compile(rf"(?:[\s,;:.–—-]+|\s+(?:so|but|and|or)\s+)(?:{_CHECKS})\W*$", _I)
_COUNTS = re.compile(r"\b(?:how\s+many|count|number|total|tally)\b", _I)


def premised(pieces: list[str]) -> tuple[list[str], list[str], list[str]]:
    """The pieces with each premise read as the set it names and each check set aside; the
    pieces set aside, and notes of how the premise was read."""
    out: list[str] = []
    aside: list[str] = []
    notes: list[str] = []
    for i, piece in enumerate(pieces):
        said = _CHECK_END.sub("", piece)
        m = _PREMISE.match(said)
        if m is None:
            if out and aside and _CHECK.fullmatch(piece):  # "am i wrong?" after a premise
                aside.append(piece.strip())
            else:
                out.append(piece)
            continue
        counted = any(_COUNTS.search(p) for p in pieces[i + 1 :])
        out.append(m.group("set") if counted else f"how many {m.group('set')}")
        aside += [
            said[: m.start("set")].strip(),
            *([c] if (c := piece[len(said) :].strip(" ,.;:–—-")) else []),
        ]
        claim = piece[: m.end("amount")].strip()
        notes.append(f"read '{claim}' as a claim to check: its amount is no filter")
    return out, aside, notes
