"""The quoted words of a part: keywords its titles' descriptions must mention ("which movies
mention 'heist' or 'robbery'") and the labels a label part counts ("label them 'war' as
war"), and the words of a description or keyword list without stop words."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.cues import CUES
from agentic_rag.agent.rules.vocab import WORD
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
KEYWORDS = re.compile(
    r"\b(?:mention(?:s|ing)?|containing|contains?|with\s+the\s+words?)\s+"
    r"((?:['\"“‘]?[\w-]+['\"”’]?(?:\s*,\s*|\s+(?:or|and|versus|vs\.?)\s+)?)+)",
    _I,
)
LABEL = re.compile(
    r"((?:['\"“‘]?[\w-]+['\"”’]?(?:\s*,\s*|\s+or\s+)?)+?)\s+as\s+['\"“‘]?"
    r"([\w][\w -]{0,30}?)['\"”’]?(?=\s*(?:,|;|\.|\band\b|$))",
    _I,
)


def key_words(text: str, cap: int | None = 8) -> list[str]:  # no cap: every word
    return list(
        dict.fromkeys(
            w.casefold()
            for w in WORD.findall(text)
            if w.casefold() not in WORDS.keyword_stops and len(w) > 1
        )
    )[:cap]


def labels(text: str) -> dict[str, list[str]]:
    cue = CUES["label"].search(text)
    body = text[cue.start() :] if cue else text
    body = re.sub(
        r"^\W*\w+\s+(?:\w+\s+){0,3}?(?:mention\w*|contain\w*|with)\s+", "", body, flags=_I
    )
    pairs = ((m.group(2).strip(), key_words(m.group(1))) for m in LABEL.finditer(body))
    return {label: words for label, words in pairs if words and label.casefold() != "well"}
