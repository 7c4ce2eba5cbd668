"""A bound said without its unit beside a bound that has one ("over 90 but under 120 minutes",
"more than 1 season but less than 4", "at least 2 seasons and at most 4"), or set against it
("shows with 1 season vs shows with more than 1"): it takes the unit of
its neighbour, so the two open bounds make one span (`sets.to_set` joins them). A bare number
followed by a noun ("under 10 episodes") is not a bound of the neighbour's unit.

A bare bound after a running-time word ("classic movies w runtime over 100", "thai movies
running time under 90", "length at least 95") is a running time too: 20 or more in minutes, up
to 4 in hours ("runtime under 2"), noted; a number in between says no unit plainly (unread)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.amounts import NUMBER, amount_tags
from agentic_rag.agent.rules.tags import Tag, free
from agentic_rag.agent.rules.vocab import alternation
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
_B = WORDS.bounds
_WORDS = "|".join(
    r"\s+".join(map(re.escape, w.split()))
    for w in sorted((*_B.above, *_B.at_least, *_B.below, *_B.at_most), key=len, reverse=True)
)
#: what may follow the bare number: the end, punctuation, or a word that starts another clause
_ENDS = r"(?=\s*(?:$|[,.;:?!)\-–—]|(?:and|but|or|how|count|pls|please|from|in|that|which)\b))"
_BARE = re.compile(rf"\b(?:{_WORDS})\s+{NUMBER}{_ENDS}", _I)
_JOIN = re.compile(r"\s*,?\s*(?:but|and|yet|though)?\s*", _I)
#: or two sides set against each other, the second naming its kind again: "shows with 1 season
#: vs shows with more than 1", "movies under 90 minutes versus ones over 120"
_VERSUS = re.compile(
    rf"\s*,?\s*(?:{alternation(WORDS.versus_words)}|compared\s+(?:to|with))\.?\s+"
    rf"(?:(?:the\s+)?(?:ones|those|{alternation(WORDS.works_nouns)})\s+)?"
    r"(?:(?:with|w/|having|that\s+(?:have|has|run|last)|running|lasting)\s+)?",
    _I,
)
_UNIT = re.compile(r"(?:\b|\d)(hours?|hrs?|h|minutes?|mins?|m|seasons?)\b", _I)


def paired_bounds(text: str, tags: list[Tag]) -> list[Tag]:
    """Tags for the bare bounds of `text` beside a running-time or season bound of `tags`."""
    out: list[Tag] = []
    for m in _BARE.finditer(text):
        if any(t.start < m.end() and m.start() < t.end for t in tags):
            continue
        for t in tags:
            gap = text[m.end() : t.start] if m.end() <= t.start else text[t.end : m.start()]
            unit = _UNIT.search(t.text)
            if (
                t.kind not in ("minutes", "seasons")
                or not unit
                or not (_JOIN.fullmatch(gap) or _VERSUS.fullmatch(gap))
            ):
                continue
            said = [a for a in amount_tags(f"{m.group()} {unit.group(1)}", []) if a.kind == t.kind]
            if said and (said[0].lo is None) != (said[0].hi is None):
                out.append(
                    said[0].model_copy(
                        update={"start": m.start(), "end": m.end(), "text": m.group()}
                    )
                )
            break
    return out + runtime_bounds(text, [*tags, *out])


#: a running-time word, then a bare bound: "runtime over 100", "running time of under 90"
_RUNTIME = re.compile(
    r"\b(?P<w>runtimes?|run\s*times?|running\s+times?|length|duration)\s+(?:(?:of|is|that\s+is)\s+)?"
    rf"(?:{_WORDS})\s+{NUMBER}(?:\s+or\s+(?:more|less|longer|shorter|above|below))?{_ENDS}",
    _I,
)


def runtime_bounds(text: str, tags: list[Tag]) -> list[Tag]:
    """Tags for the bare bounds said right after a running-time word (minutes from 20 on,
    hours up to 4), each noted with the unit it is read in."""
    out: list[Tag] = []
    for m in _RUNTIME.finditer(text):
        said_n = m.group(2)
        value = float(said_n) if said_n.replace(".", "", 1).isdigit() else None
        if value is None or 4 < value < 20 or not free(tags, m.start(), m.end()):
            continue
        unit = "minutes" if value >= 20 else "hours"
        said = [a for a in amount_tags(f"{m.group()} {unit}", []) if a.kind == "minutes"]
        if said:
            note = f"read the bare {said_n} after '{m.group('w')}' as {unit}"
            span = {"start": m.start(), "end": m.end(), "text": m.group(), "note": note}
            out.append(said[0].model_copy(update=span))
    return out
