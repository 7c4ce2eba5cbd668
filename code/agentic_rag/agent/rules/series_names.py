"""A phrase of several titles as the titles it names: every title holding the words; or, when
the phrase's last words are a name of their own that other titles open with ("Ninja Turtles:
The Next Mutation" of teenage mutant ninja turtles), the titles holding either (`shorter`), a
reading less sure than the words alone (`SHORTER_SCORE`). Whether a run of words names a
series (`series`), and whether words another tag owns are words of the series' name
(`holds_tagged`, `type_of_name`)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.lexicon import Lexicon, key
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import COMMON, WORD

MIN_PART = 2  # the fewest letters of each word a word written together is split into
SHORTER_SCORE = 0.5  # how sure a name read by its shorter last words is (`shorter`)
SERIES_SHARE = 0.75  # the share of the titles holding a phrase that must open with it
_ARTICLE = re.compile(r"^(?:the|a|an) ")  # a title opens with its words after its article


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


def series(raw: str, lex: Lexicon) -> bool:
    """Whether the titles holding `raw` are a series: two or more, most opening with it."""
    held = lex.titles_with(raw)
    k = key(raw)

    def opening(t: str) -> bool:  # after its article too: "(the) great british baking show"
        return key(t).startswith(k) or (" " in k and _ARTICLE.sub("", key(t)).startswith(k))

    opens = sum(opening(t) for t in held)
    return len(held) >= 2 and opens >= SERIES_SHARE * len(held)


def type_of_name(text: str, gram: list[re.Match[str]], last: Tag, lex: Lexicon) -> bool:
    """A type word ending a run of words that every title holding the words before it holds
    right after them ("great british baking" + "show"): a word of their name."""
    if last.kind != "type" or len(gram) < 2 or (last.start, last.end) != gram[-1].span():
        return False
    held = lex.titles_with(lex.spelled(text[gram[0].start() : gram[-2].end()]))
    return len(held) >= 2 and held == lex.titles_with(lex.spelled(text[gram[0].start() : last.end]))


def holds_tagged(
    over: list[Tag], span: tuple[int, int], n: int, raw: str, lex: Lexicon, works: bool
) -> bool:
    """'spy kids movies', 'american horror story seasons', 'great british baking show titles':
    a genre or nationality word, or a person's name ("krish trish and baltiboy things": Krish
    directs), inside a run of words that a series of titles opens with is a word of their
    name, not the genre, the country or the person, when a word of the name besides it is no
    common word ("the indian comedies": the country; "jim gaffigan specials": the person).
    A run ending in a type word with a works noun for many titles right after (`works`) names
    them too, every word tagged or not ("scary movie films": Scary Movie, Scary Movie 5; a
    movie's films are no reading of "scary movie")."""
    start, end = span
    kinds = ("genre", "country", "person")
    inside = all(start <= t.start and t.end <= end for t in over)
    last = [t for t in over if works and t.kind == "type" and t.end == end]
    typed = bool(last)
    kinds_ok = all(t.kind in kinds for t in over if t not in last)
    words = WORD.findall(raw.casefold())
    tagged = {w.casefold() for t in over for w in WORD.findall(t.text)}
    own = any(w not in COMMON and w not in tagged for w in words) or typed
    return n >= 2 and own and inside and kinds_ok and series(raw, lex)
