"""Sets asked together, each with filters of its own: one count per set.

"french movies over 2 hours and french shows with more than 2 seasons, give me both numbers",
"kids shows with more than one season, and family movies shorter than 75 minutes - how many of
each", "how many of each: horror movies over 2 hours and dramas under 90 minutes", "how many
movies over 2 hours and shows with 3+ seasons": a count asked before the sets, or of each of
them (`words.yaml` `each_asks`: "how many of each", "both numbers"); the sets joined by "and",
"plus", "as well as" or a comma, each naming titles (a noun: movies, shows, docuseries …) with
an amount of its own (a running time, a season count: "movies and shows added in 2019, how
many of each" is one set of words both share, a comparison). Each set is then a part of its
own, asked "how many", so its amount goes with its own type (minutes with the movies, seasons
with the shows) instead of both amounts with one set.
"""

from __future__ import annotations

import re

from agentic_rag.agent.rules.amounts import amount_tags
from agentic_rag.agent.rules.vocab import alternation
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
_EACH = alternation(WORDS.each_asks)
#: the count of each asked after the sets ("…, give me both numbers") or before them ("how many
#: of each: …")
_TAIL = re.compile(rf"(?:^|[\s,;:.–—-]+)(?:{_EACH})\W*$", _I)
_HEAD_EACH = re.compile(rf"^\W*(?:{_EACH})\s*[:,;–—-]+\s*", _I)
#: a count asked before the sets ("how many movies over 2 hours and shows with …")
_COUNT = re.compile(
    r"^\W*(?:how\s+many|count(?:\s+(?:of|the))?|(?:the\s+)?number\s+of|total\s+of)\s+", _I
)
#: where one set ends and the next begins
_JOIN = re.compile(r",?\s+(?:and|plus|as\s+well\s+as)\s+|,\s+(?!and\b)", _I)
#: a noun naming titles: each set has one
_NOUN = re.compile(
    r"\b(?:movies?|films?|flicks?|shows?|series|docuseries|documentar(?:y|ies)|docs|titles?|"
    r"sitcoms?|specials?|anime|cartoons?|dramas|comedies|thrillers|k-?dramas)\b",
    _I,
)
#: what a count part starts with
ASK = "how many "


_EACH_SAID = re.compile(rf"\b(?:{_EACH})\b", _I)


def each_said(text: str) -> set[str]:
    """The words of `text` that ask for a count of each set ("both numbers", "how many of
    each"): used by a reading that counts each set in a part of its own."""
    return {w.casefold() for m in _EACH_SAID.finditer(text) for w in re.findall(r"\w+", m.group())}


def _sets(body: str) -> list[str] | None:
    """The sets `body` joins, if every one names titles and has an amount of its own."""
    spans = [(t.start, t.end) for t in amount_tags(body, [])]  # not inside "two and a half"
    cuts = [
        m for m in _JOIN.finditer(body) if not any(a < m.end() and m.start() < b for a, b in spans)
    ]
    ends = [0, *(x for m in cuts for x in m.span()), len(body)]
    pieces = [body[a:b].strip(" ,.;:?!") for a, b in zip(ends[::2], ends[1::2], strict=True)]
    if len(pieces) < 2 or not all(p and _NOUN.search(p) for p in pieces):
        return None
    if not all(amount_tags(p, []) for p in pieces):  # "movies and shows added in 2019, how
        return None  # many of each": what follows the last set may be both sets' (`compare`)
    return pieces


def apart(text: str) -> list[str] | None:
    """One "how many" part per set when `text` asks a count of several sets each with filters
    of its own; None when it does not."""
    each = _TAIL.search(text) or _HEAD_EACH.search(text)
    if each:
        body = text[: each.start()] if each.re is _TAIL else text[each.end() :]
        body = _COUNT.sub("", body)
    elif count := _COUNT.match(text):
        body = text[count.end() :]
    else:
        return None
    sets = _sets(body.strip())
    return [ASK + _COUNT.sub("", s) for s in sets] if sets else None
