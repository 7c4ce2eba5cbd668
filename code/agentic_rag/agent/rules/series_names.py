"""A phrase of several titles as the titles it names: every title holding the words; or, when
the phrase's last words are a name of their own that other titles open with ("Ninja Turtles:
The Next Mutation" of teenage mutant ninja turtles), the titles holding either (`shorter`), a
reading less sure than the words alone (`SHORTER_SCORE`)."""

from __future__ import annotations

from agentic_rag.agent.rules.lexicon import Lexicon, key
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import COMMON

MIN_PART = 2  # the fewest letters of each word a word written together is split into
SHORTER_SCORE = 0.5  # how sure a name read by its shorter last words is (`shorter`)


def franchise_tag(raw: str, span: tuple[int, int], said: str, lex: Lexicon) -> Tag:
    """Every title holding the phrase; or, when its last words are a name of their own that
    other titles open with ("Ninja Turtles: The Next Mutation" of teenage mutant ninja
    turtles), every title holding either, a guess said so (`shorter`)."""
    if short := shorter(raw, lex):
        n = len(lex.titles_with(short))
        note = f"read '{raw}' as every title with '{short}' in its name ({n} titles)"
        return Tag(
            kind="phrase",
            start=span[0],
            end=span[1],
            text=said,
            value=raw,
            alts=[short],
            note=note,
            score=SHORTER_SCORE,
        )
    note = f"read '{raw}' as every title with it in its name ({len(lex.titles_with(raw))} titles)"
    return Tag(kind="phrase", start=span[0], end=span[1], text=said, value=raw, note=note)


def shorter(raw: str, lex: Lexicon) -> str | None:
    """The last two or more words of a name of several titles, themselves a name (no common
    word first, capitalised in the descriptions), that titles not holding the whole name open
    with and go on ("Ninja Turtles: The Next Mutation" of teenage mutant ninja turtles); a
    title that is those words alone is another name ("Deadly Sins" is no Seven Deadly Sins)."""
    words, held = key(raw).split(), set(lex.titles_with(raw))
    for i in range(1, len(words) - 1):
        tail = " ".join(words[i:])
        if words[i] in COMMON or not lex.proper(tail):
            continue
        more = [t for t in lex.titles_with(tail) if t not in held]
        if more and all(key(t).startswith(f"{tail} ") for t in more):
            return tail
    return None


def run_together(raw: str, lex: Lexicon) -> str | None:
    """One word that is two words of titles written together ("spiderman": Spider-Man,
    "ironman": Iron Man): the split that the most titles hold, each part two letters or more;
    None when the word is several or no split is held."""
    word = raw.strip().casefold()
    if not word.isalpha() or len(word) < 2 * MIN_PART:
        return None
    splits = [f"{word[:i]} {word[i:]}" for i in range(MIN_PART, len(word) - MIN_PART + 1)]
    held, best = max((lex.in_titles(s), s) for s in splits)
    return best if held else None
