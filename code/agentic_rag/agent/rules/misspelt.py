"""Whether a name read as absent from the catalog is a name it holds, mistyped.

"got any stanley kubrikc movies?", "how many babrie movies r there", "is broolkyn nine nine
there": a name the catalog lacks that is, word for word, a typo (`fuzzy.typo`: one edit, a
transposition counting as one) of a catalog title, of a credited person, or of a phrase in
several titles' names, is most likely that name misspelt. Saying "not in the catalog" about it
would be sure and wrong, and reading it as the held name would be a guess: the reading offers
the held name ("did you mean …") and is not sure of itself (`confidence`: `absent_typo`).

A held person named beside the name ("hacks, the comedy with jean smart") who is credited in
none of the titles the held name stands for refutes the typo (`refuted`): the name is a title
the catalog lacks, not "Hack" mistyped.

A typed word that is everyday English is never a typo ("the boy" is not The Boys), nor is a
word the titles hold themselves, and an everyday word is no phrase a name mistypes ("bluey" is
not every title with "blue" in it).
"""

from __future__ import annotations

from itertools import product

from rapidfuzz.distance import OSA

from agentic_rag import fuzzy
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.name_evidence import key
from agentic_rag.agent.rules.per_lexicon import once
from agentic_rag.agent.rules.usage_words import meaning
from agentic_rag.agent.rules.words import WORDS

#: a phrase in at least this many titles' names is a name of its own ("barbie", "chhota bheem")
PHRASE_TITLES = 2
#: typed words shorter than this are too short to call a typo of anything
MIN_LETTERS = 5
#: at most this many spellings of each mistyped word are tried
PER_WORD = 3
#: a word this long may be three edits from the word it mistypes ("documtearies")
LONG_WORD = 11


def misspelt(name: str, lex: Lexicon) -> list[str]:
    """The catalog names `name` is a typo of: a title, a person, or a phrase of titles' names
    (title-cased), or [] when it is none (or is held as it is)."""
    words = key(name).split()
    if not words or lex.title(name) or lex.person(name) or lex.in_titles(name):
        return []
    out: list[str] = []
    if (title := lex.fuzzy_title(name)) is not None:  # a typo of each differing word
        out.append(title[0])
    else:  # further off by the whole name's letters, but word for word a typo: "3 idoits",
        #    or of the words a title opens with: "pokemon masetr journeys"
        near = [lex.title_keys[k] for k, _ in fuzzy.ranked(key(name), lex.title_keys, 70.0, 5)]
        out += [t for t in near if _opens(_unarticled(words), _unarticled(key(t).split()), lex)]
        out = out[:1]
    if person := person_typo(name, lex):
        out.append(person)
    if not out and (phrase := _phrase(words, lex)):
        out.append(phrase.title())
    return out


def _typed(typed: list[str], held: list[str], lex: Lexicon, short: bool = True) -> bool:
    """Whether `typed` is `held`, word for word, with each differing word a typo: of
    MIN_LETTERS or more, or one letter fewer when a word of the name is typed as held ("akshay
    kumr": the given name says whose the short word is)."""
    if len(typed) != len(held):
        return False
    pairs = list(zip(typed, held, strict=True))
    fewest = MIN_LETTERS - (short and len(typed) > 1 and any(t == h for t, h in pairs))
    return all(
        t == h or (t not in lex.everyday_words and len(t) >= fewest and fuzzy.typo(t, h))
        for t, h in pairs
    )


def person_typo(name: str, lex: Lexicon) -> str | None:
    """The credited person a name mistypes: word for word ("rohit shety": Rohit Shetty,
    "quentin tarantno": Quentin Tarantino), or, for two words or more, as a whole by one edit
    (two from nine letters: "brad pit", "shah ruk khan"; never inside a hyphenated given name),
    when the name is no catalog title, person or phrase of titles' names as typed; else None."""
    words = key(name).split()
    if not words or lex.title(name) or lex.person(name) or lex.in_titles(name):
        return None
    if (person := lex.fuzzy_person(name)) is None:
        return None
    held = key(person[0])
    #: a hyphenated given name's short syllables are names of their own ("kim ji-woon" is not
    #: Kim Ji-won): only a long word may be mistyped there
    joined = "-" in name
    same = len(words) == len(held.split())  # a middle initial left out: `short_names`
    whole = same and len(words) > 1 and not joined and fuzzy.typo(key(name), held)
    return person[0] if whole or _typed(words, held.split(), lex, short=not joined) else None


def _unarticled(words: list[str]) -> list[str]:
    """The words without a leading article ("haunting of hill house": The Haunting of …)."""
    return words[1:] if words[:1] in (["the"], ["a"], ["an"]) else words


def _opens(typed: list[str], held: list[str], lex: Lexicon) -> bool:
    """Whether `typed` is the words `held` opens with (two or more: one word opens too many
    titles, "bluey" is not Blue Jay), at least one of them mistyped."""
    n = len(typed)
    return n >= 2 and typed != held[:n] and _typed(typed, held[:n], lex)


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
            typos = [c for c, _ in near if fuzzy.typo(w, c) and c not in lex.everyday_words][
                :PER_WORD
            ]
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


_WORDS: dict[int, tuple[object, frozenset[str]]] = {}


def _title_words(lex: Lexicon) -> frozenset[str]:
    """Every word of the titles' names (built once per lexicon)."""
    return once(_WORDS, lex, lambda: frozenset(w for k in lex.title_keys for w in k.split()))


def mistypes(word: str, lex: Lexicon) -> str | None:
    """The word that changes a reading (`_meaning_words`) an unknown `word` mistypes, if one
    does: one edit, two for words of six letters or more, three from LONG_WORD ("documtearies"),
    with the same first letter ("argenita": argentina, "shotrest": shortest, "movesi": movies,
    "decemebr": december). A reading that left such a word unused dropped a meaning it could not
    spell; a typo of a frame word ("categroy", "evrything") drops nothing."""
    edits = 1 + (len(word) >= 6) + (len(word) >= LONG_WORD)
    vocab = _meaning_words(lex)
    if len(word) < 4 or word in vocab or not word.isalpha():
        return None
    near = [
        w
        for w in vocab
        if w[:1] == word[:1] and abs(len(w) - len(word)) <= 1 and OSA.distance(w, word) <= edits
    ]
    return min(near, key=lambda w: (OSA.distance(w, word), w)) if near else None


_READING: dict[int, tuple[object, frozenset[str]]] = {}


def _meaning_words(lex: Lexicon) -> frozenset[str]:
    """The words that change a reading: meaning words (`meaning_words.yaml`: "without", "not",
    "latest"), works nouns, rank words and rankings, months, the catalog's countries, demonyms
    and genres (built once per lexicon)."""

    def build() -> frozenset[str]:
        named = [*lex.country_keys, *lex.genre_keys, *WORDS.demonyms]
        said = [*meaning().words, *WORDS.works_nouns, *WORDS.rank_words, *RANKINGS, *WORDS.months]
        words = {w for k in [*named, *said] for w in k.casefold().split()}
        return frozenset(w for w in words if len(w) >= 4 and w.isalpha())

    return once(_READING, lex, build)


#: the rankings a superlative says ("the longest", "the most recent")
RANKINGS = ("longest", "shortest", "oldest", "newest", "earliest", "latest", "recent", "first")


def refuted(near: list[str], people: list[str], lex: Lexicon) -> bool:
    """Whether the held titles or phrases `near` (what an absent title may mistype) credit none
    of the held `people` the question names beside it (`Lexicon.credited`; False when the
    lexicon knows no credits or no person is named)."""
    credits = [lex.credited[p] for p in people if p in lex.credited]
    if not near or not credits:
        return False
    titles = {t for n in near for t in (lex.titles_with(n) or [n])}
    return not any(titles & c for c in credits)
