"""A question led by a fragment that asks nothing, then a colon or spaced dash and "how many"
("not from the us: how many horror movies", "rated tv-ma only - how many turkish shows"): the
fragment narrows the count after it, so the two are one part. Read as two, the fragment had
been a list of its own at 0.84-0.95. A pair before it ("egypt vs turkey: how many …") is left
to `split._pair_asked`."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.vocab import alternation
from agentic_rag.agent.rules.words import WORDS

_ASKS = re.compile(rf"\b(?:{alternation(WORDS.asks)})\b", re.I)
_HOW_MANY = re.compile(r"\s*how\s+many\b", re.I)
_PAIR = re.compile(r"\b(?:vs\.?|versus|or|against|compared\s+(?:to|with))\b", re.I)


def fragment_led(text: str, parts: list[str]) -> list[str]:
    """`parts` with a first part that asks nothing joined to a second one asking "how many"
    when the text holds a colon or spaced dash between them."""
    if len(parts) < 2 or not _HOW_MANY.match(parts[1]):
        return parts
    first = parts[0]
    if _ASKS.search(first) or _PAIR.search(first):
        return parts
    gap = re.escape(first.rstrip(" :-–—")) + r"\s*(?::|\s[-–—]+)\s*" + re.escape(parts[1])
    if not re.search(gap, text, re.I):
        return parts
    return [f"{first.rstrip(' :-–—')}: {parts[1]}", *parts[2:]]
