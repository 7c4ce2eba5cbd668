"""Whether a name read as absent from the catalog is a name it holds, mistyped.

"got any stanley kubrikc movies?", "how many babrie movies r there", "is broolkyn nine nine
there": a name the catalog lacks that is, word for word, a typo (`fuzzy.typo`: one edit, a
transposition counting as one) of a catalog title, of a credited person, or of a phrase in
several titles' names, is most likely that name misspelt. Saying "not in the catalog" about it
would be sure and wrong, and reading it as the held name would be a guess: the reading offers
the held name ("did you mean …") and is not sure of itself (`confidence`: `absent_typo`).

A typed word that is everyday English is never a typo ("the boy" is not The Boys), nor is a
word the titles hold themselves.
"""

from __future__ import annotations

from itertools import product

from rapidfuzz.distance import OSA

from agentic_rag import fuzzy
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.mend import table_words
from agentic_rag.agent.rules.name_evidence import key

#: a phrase in at least this many titles' names is a name of its own ("barbie", "chhota bheem")
PHRASE_TITLES = 2
#: typed words shorter than this are too short to call a typo of anything
MIN_LETTERS = 5
#: at most this many spellings of each mistyped word are tried
PER_WORD = 3


def misspelt(name: str, lex: Lexicon) -> list[str]:
    """The catalog names `name` is a typo of: a title, a person, or a phrase of titles' names
    (title-cased), or [] when it is none (or is held as it is)."""
    words = key(name).split()
    if not words or lex.title(name) or lex.person(name) or lex.in_titles(name):
        return []
    out: list[str] = []
    if (title := lex.fuzzy_title(name)) is not None:  # a typo of each differing word
        out.append(title[0])
    else:  # further off by the whole name's letters, but word for word a typo: "3 idoits"
        out += [t for t in lex.near_title(name) if _typed(words, key(t).split(), lex)][:1]
    person = lex.fuzzy_person(name)
    if person is not None and _typed(words, key(person[0]).split(), lex):
        out.append(person[0])
    if not out and (phrase := _phrase(words, lex)):
        out.append(phrase.title())
    return out


def _typed(typed: list[str], held: list[str], lex: Lexicon) -> bool:
    """Whether `typed` is `held`, word for word, with each differing word a typo."""
    return len(typed) == len(held) and all(
        t == h or (t not in lex.everyday_words and len(t) >= MIN_LETTERS and fuzzy.typo(t, h))
        for t, h in zip(typed, held, strict=True)
    )


def _phrase(words: list[str], lex: Lexicon) -> str | None:
    """The phrase of PHRASE_TITLES titles' names or more that `words` mistypes, if one does."""
    vocab = _title_words(lex)
    options: list[list[str]] = []
    for w in words:
        if w in vocab:
            options.append([w])
        elif w in lex.everyday_words or len(w) < MIN_LETTERS:
            return None
        else:
            near = fuzzy.ranked(w, vocab, 75.0, PER_WORD * 3)
            typos = [c for c, _ in near if fuzzy.typo(w, c)][:PER_WORD]
            if not typos:
                return None
            options.append(typos)
    if all(len(o) == 1 and o[0] == w for o, w in zip(options, words, strict=True)):
        return None
    for spelled in product(*options):
        phrase = " ".join(spelled)
        if lex.in_titles(phrase) >= PHRASE_TITLES:
            return phrase
    return None


_WORDS: dict[int, tuple[Lexicon, frozenset[str]]] = {}


def _title_words(lex: Lexicon) -> frozenset[str]:
    """Every word of the titles' names (built once per lexicon)."""
    kept = _WORDS.get(id(lex))
    if kept is None or kept[0] is not lex:
        kept = _WORDS[id(lex)] = (lex, frozenset(w for k in lex.title_keys for w in k.split()))
    return kept[1]


def mistypes(word: str, lex: Lexicon) -> str | None:
    """The word of the reader's own vocabulary (its tables' words, the catalog's countries and
    genres) that an unknown `word` mistypes, if one does: one edit, two for words of six letters
    or more, with the same first letter ("argenita": argentina, "shotrest": shortest, "movesi":
    movies). A reading that left such a word unused dropped a meaning it could not spell."""
    edits = 1 + (len(word) >= 6)
    if len(word) < 4 or word in _reading_words(lex):
        return None
    near = [
        w
        for w in _reading_words(lex)
        if w[:1] == word[:1] and abs(len(w) - len(word)) <= edits and OSA.distance(w, word) <= edits
    ]
    return min(near, key=lambda w: (OSA.distance(w, word), w)) if near else None


_READING: dict[int, tuple[Lexicon, frozenset[str]]] = {}


def _reading_words(lex: Lexicon) -> frozenset[str]:
    kept = _READING.get(id(lex))
    if kept is None or kept[0] is not lex:
        named = [*lex.country_keys, *lex.genre_keys]
        words = {w for k in named for w in k.split() if len(w) >= 4} | table_words()
        kept = _READING[id(lex)] = (lex, frozenset(w for w in words if len(w) >= 4))
    return kept[1]
