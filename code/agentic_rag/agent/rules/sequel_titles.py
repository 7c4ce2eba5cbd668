"""A catalog movie named with a sequel's number after it that the catalog lacks ("the lobster
2", "men in black 3", "the irishman part ii"): the words are that sequel, absent, the catalog
movie offered ("did you mean The Lobster?"), not the title with a number read apart. A number
after a show's name is its season's ("stranger things 4"), no sequel."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.absent import absent_title
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.sequels import NUMBER, movie
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import WORD

_I = re.IGNORECASE
#: words after a number that make it an amount or an order, no sequel ("2 seasons", "3 stars")
_AMOUNT = re.compile(
    r"\s*(?:seasons?|episodes?|eps?|movies?|films?|shows?|titles?|min\w*|hours?|hrs?|years?|"
    r"stars?|times?|of\b|or\b|and\b|-|\d)",
    _I,
)
MAX_WORDS = 8


def sequel_tags(text: str, tags: list[Tag], lex: Lexicon) -> list[Tag]:
    """The tags, with a catalog title and a sequel number after it read as the sequel the
    catalog lacks."""
    for m in NUMBER.finditer(text):
        if _AMOUNT.match(text, m.end()):
            continue
        if (start := _title_before(text, m.start(), tags, lex)) is not None:
            tags = _absent(text, (start, m.end()), tags, lex)
    return tags


def _title_before(text: str, end: int, tags: list[Tag], lex: Lexicon) -> int | None:
    """Where the longest run of words ending at `end` that names a catalog title starts (two
    words or more, or one no everyday word), unless a person is named inside it."""
    for w in list(WORD.finditer(text[:end]))[-MAX_WORDS:]:
        raw = text[w.start() : end]
        if re.search(r"[,;:!?()]", raw) or not lex.title(raw):
            continue
        if not movie(raw, lex):
            return None
        if len(WORD.findall(raw)) == 1 and raw.casefold() in lex.everyday_words:
            return None
        if any(t.kind == "person" and w.start() <= t.start < end for t in tags):
            return None
        return w.start()
    return None


def _absent(text: str, span: tuple[int, int], tags: list[Tag], lex: Lexicon) -> list[Tag]:
    raw = text[span[0] : span[1]]
    if lex.title(raw):  # "kung fu panda 2": a catalog title of its own
        return tags
    kept = [t for t in tags if t.end <= span[0] or t.start >= span[1]]
    return [*kept, absent_title(raw, span, lex)]
