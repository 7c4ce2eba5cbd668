"""A catalog title named with more after it that makes a longer title the catalog lacks: a
sequel's number after a movie ("the lobster 2", "the irishman part ii"; after a show's name it
is its season's: "stranger things 4"), or, before what is asked of it, a genre word the title
is not of ("men in black international cast": Men in Black is no International Movie). The
words are that title, absent, the catalog title offered ("did you mean The Lobster?"), not
the title with a number or a genre read apart."""

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
#: what is asked of a title right after its name ("men in black international cast")
_ASKED_OF = re.compile(
    r"\s+(?:cast|actors?|actresses|stars|director|directors|creators?|runtime|run\s+time|"
    r"rating|plot|synopsis|release\s+(?:year|date))\b",
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
    for g in [t for t in tags if t.kind == "genre" and not t.negated]:
        if text[g.start - 1 : g.start] != " " or not _ASKED_OF.match(text, g.end):
            continue
        start = _title_before(text, g.start - 1, tags, lex, movies=False)
        info = lex.show(lex.title(text[start : g.start]) or "") if start is not None else None
        if start is not None and info and not {g.value, *g.alts} & info.genres:
            tags = _absent(text, (start, g.end), tags, lex)
    return tags


def _title_before(
    text: str, end: int, tags: list[Tag], lex: Lexicon, movies: bool = True
) -> int | None:
    """Where the longest run of words ending at `end` that names a catalog title (a movie,
    unless `movies` is False) starts: two words or more, or one no everyday word; none when a
    person is named inside it."""
    for w in list(WORD.finditer(text[:end]))[-MAX_WORDS:]:
        raw = text[w.start() : end]
        if re.search(r"[,;:!?()]", raw) or not lex.title(raw):
            continue
        if movies and not movie(raw, lex):
            return None
        if len(WORD.findall(raw)) == 1 and raw.casefold() in lex.everyday_words:
            return None
        if any(t.kind == "person" and w.start() <= t.start < end for t in tags):
            return None
        return w.start()
    return None


def _absent(text: str, span: tuple[int, int], tags: list[Tag], lex: Lexicon) -> list[Tag]:
    raw = text[span[0] : span[1]]
    if lex.title(raw) or lex.titles_with(raw):  # "kung fu panda 2", "spy kids 3": Game Over
        return tags
    kept = [t for t in tags if t.end <= span[0] or t.start >= span[1]]
    gap = absent_title(raw, span, lex)
    base = lex.title(raw.rsplit(None, 1)[0]) if not gap.near else None  # "narcos international"
    return [*kept, gap.model_copy(update={"near": [base]}) if base else gap]
