"""Nonsense around a question: runs of words none of which is known (`mend.noise`) before its
question head or after a noun that names titles closes it, set aside before reading."""

from __future__ import annotations

import re
from collections.abc import Callable

from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.mend import noise
from agentic_rag.agent.rules.vocab import ASK_HEADS, WORD

#: where the question itself starts after nonsense before it ("blorp zizzle how many …")
_HEAD = re.compile(rf"(?:{ASK_HEADS})\b", re.IGNORECASE)
#: a noun naming titles that closes a question before nonsense after it ("… titles fnord")
_TITLES_END = re.compile(
    r"\b(?:movies?|films?|shows?|series|titles?|documentar(?:y|ies))\W*$", re.I
)


def edge_noise(text: str, lex: Lexicon, knows: Callable[[str], bool]) -> tuple[str, list[str]]:
    """`text` without the nonsense words around its question ("blorp zizzle wumbo how many
    bangladeshi titles fnord"), and those runs: words none of which is known (`noise`) opening
    the text right before a question head, or closing it right after a noun naming titles; only
    two such words or more (one unknown word may be a name the catalog lacks: "zendaya")."""
    words = list(WORD.finditer(text))
    lone = [
        noise(m.group(), lex, knows) and not (m.start() and m.group()[:1].isupper()) for m in words
    ]
    first = next((i for i, bad in enumerate(lone) if not bad), len(words))
    last = next((i for i in range(len(words) - 1, -1, -1) if not lone[i]), -1)
    if first >= len(words):
        return text, []
    start = words[first].start() if first and _HEAD.match(text, words[first].start()) else 0
    end = len(text)
    if last < len(words) - 1 and _TITLES_END.search(text[: words[last].end()]):
        end = words[last].end()
    runs = [r for r in (text[:start].strip(), text[end:].strip()) if r]
    if len(WORD.findall(" ".join(runs))) < 2:
        return text, []
    return text[start:end].strip(), runs
