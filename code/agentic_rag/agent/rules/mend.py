"""Misspelt question words, one mechanism: a word one edit from an everyday question word.

The question words are the `common` words of `words.yaml` of four letters or more: the
operation words ("count", "number", "list"), the type nouns and the genre words the reader
knows ("horror", "documentary"). A typed word is mended to the nearest of them (one edit,
`fuzzy.typo`, the same first letter) when it is no word of its own: not everyday English (the
words the catalog's descriptions write in lower case), not a word of a catalog name or title
(`NameTokens`), no word of the reader's own tables ("least"), not capitalised inside the
question (a name), not quoted, no regular form of a question word ("titled"), no word the
tagger reads itself (a genre cue: "kdramas"; a catalog misspelling: "documentries"). "cout of
anime series" is read as "count of anime series"; the reading notes what it mended. The
signals of `signals.py` count the misspellings no reading mended with the same test (`typo`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cached_property, lru_cache
from pathlib import Path

import yaml

from agentic_rag import fuzzy
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.vocab import COMMON, WORD

_EVERYDAY = tuple(w for w in COMMON if len(w) >= 4)
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|‘[^’]*’|(?:^|(?<=[\s(]))'[^']*'(?=[\s?.!,;:)]|$)")
_TOKENS: dict[int, tuple[Lexicon, NameTokens]] = {}
#: the reader's own word tables: a word any of them names is known, never a typo ("least")
_TABLES = ("words.yaml", "cues.yaml", "reading_words.yaml", "meaning_words.yaml")


@lru_cache(maxsize=1)
def table_words() -> frozenset[str]:
    """Every word the reader's tables name (keys and values, regex text included)."""
    out: set[str] = set()

    def walk(x: object) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, list | tuple):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            out.update(re.findall(r"[a-z]+", x.casefold()))

    for name in _TABLES:
        walk(yaml.safe_load(Path(__file__).with_name(name).read_text(encoding="utf-8")))
    return frozenset(out)


class NameTokens:
    """The words of catalog names and titles that are not everyday English (built once)."""

    def __init__(self, lex: Lexicon):
        self.lex = lex

    @cached_property
    def tokens(self) -> frozenset[str]:
        every = self.lex.everyday_words
        names = (*self.lex.person_keys, *self.lex.title_keys)
        return frozenset(w for k in names for w in k.split() if len(w) >= 3 and w not in every)


def name_tokens(lex: Lexicon) -> NameTokens:
    kept = _TOKENS.get(id(lex))
    if kept and kept[0] is lex:
        return kept[1]
    out = NameTokens(lex)
    _TOKENS[id(lex)] = (lex, out)
    return out


def _shared_start(a: str, b: str) -> int:
    """How many letters two words share at their start."""
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


def correction(word: str) -> str | None:
    """The everyday question word `word` misspells ("manny", "movis", "numbr", "lsit"), if
    any: one edit away (`fuzzy.typo`, a transposition is one edit), the same first letter, the
    nearest by `fuzz.ratio` when several are."""
    near = [w for w in _EVERYDAY if w[0] == word[:1] and w != word and fuzzy.typo(word, w)]
    #: ties in the same order every run (COMMON is a set): the longest shared start first ("ther"
    #: is "there", not "their"), then alphabetical
    near.sort(key=lambda w: (-_shared_start(w, word), w))
    hit = fuzzy.closest(word, near, 0.0) if near else None
    return hit[0] if hit else None


def inflected(word: str) -> bool:
    """Whether `word` is a regular form of a question word ("titled", "ratings"), not a typo of
    one; "documentarys" is not ("documentary" makes "documentaries")."""
    for end in ("s", "es", "d", "ed", "ing"):
        stem = word.removesuffix(end)
        if stem != word and (stem in COMMON or (end in ("ed", "ing") and stem + "e" in COMMON)):
            return not (end == "s" and re.search(r"[^aeiou]y$", stem))
    return False


def typo(word: str) -> bool:
    """A misspelt everyday question word: one edit from one."""
    return correction(word) is not None


def known(low: str, lex: Lexicon, knows: Callable[[str], bool]) -> bool:
    """Whether the folded word `low` is a word of the question's world: an everyday or question
    word, a word of the reader's tables, of a catalog name or title, or one the tagger reads."""
    return (
        low in COMMON
        or low in table_words()
        or inflected(low)
        or low in lex.everyday_words
        or low in name_tokens(lex).tokens
        or knows(low)
    )


def noise(piece: str, lex: Lexicon, knows: Callable[[str], bool]) -> bool:
    """Whether a part of the question is keyboard noise beside the question ("asdfgh lol;
    how many …", "qwerty zxcv. list …"): it has words, and none is known (`known`), a number,
    a typo of a question word, quoted, or capitalised after the question's start (a name)."""
    words = list(WORD.finditer(piece))
    return (
        bool(words)
        and not _QUOTED.search(piece)
        and not any(
            not m.group().isalpha()
            or (m.group()[:1].isupper() and m.start() > 0)
            or known(m.group().casefold(), lex, knows)
            or typo(m.group().casefold())
            for m in words
        )
    )


def mend(text: str, lex: Lexicon, knows: Callable[[str], bool]) -> tuple[str, list[str]]:
    """`text` with its misspelt question words mended, and a note for each mended word;
    `knows`: whether the tagger reads a word as typed (a genre cue such as "kdramas")."""
    quoted = [m.span() for m in _QUOTED.finditer(text)]
    out, notes, pos = [], [], 0
    for m in WORD.finditer(text):
        w = m.group()
        low = w.casefold()
        if (
            len(w) < 4
            or not w.isalpha()
            or (w[:1].isupper() and m.start() > 0)
            or known(low, lex, knows)
            or any(a <= m.start() < b for a, b in quoted)
            or not (fixed := correction(low))
        ):
            continue
        out += [text[pos : m.start()], fixed]
        notes.append(f"read '{w}' as '{fixed}'")
        pos = m.end()
    return "".join([*out, text[pos:]]), notes
