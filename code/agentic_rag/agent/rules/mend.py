"""Misspelt question words, one mechanism: a word one edit from an everyday question word.

The question words are the `common` words of `words.yaml` of four letters or more: the
operation words ("count", "number", "list"), the type nouns and the genre words the reader
knows ("horror", "documentary"), and the words of `meaning_words.yaml` of five letters or more
("average", "percentage", "without"). A typed word is mended to the nearest of them (one edit,
`fuzzy.typo`, the same first letter) when it is no word of its own: not everyday English (the
words the catalog's descriptions write in lower case), not a word of a catalog name or title
(`NameTokens`), no word of the reader's own tables ("least"), not capitalised inside the
question (a name), not beside a word that makes the two a name ("ari aster": `named`), not
quoted, no regular form of a question word ("titled"), no word the tagger reads itself (a genre
cue: "kdramas"; a catalog misspelling: "documentries"). "cout of anime series" is read as
"count of anime series"; the reading notes what it mended. The signals of `signals.py` count
the misspellings no reading mended with the same test (`typo`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cached_property, lru_cache
from pathlib import Path

import yaml

from agentic_rag import fuzzy
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.per_lexicon import once
from agentic_rag.agent.rules.reworded import reworded
from agentic_rag.agent.rules.usage_words import meaning
from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.agent.rules.words import WORDS

#: the words a typo is mended to: everyday question words, and the words that change what a
#: question means ("avrage", "percantage", "excpet": `meaning_words.yaml`), of five letters or
#: more (a short one is too near other words: "lest" is not "less")
_EVERYDAY = tuple(
    dict.fromkeys(
        [
            *(w for w in COMMON if len(w) >= 4),
            *(w for w in meaning().words if w.isalpha() and len(w) >= 5),
        ]
    )
)
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|‘[^’]*’|(?:^|(?<=[\s(]))'[^']*'(?=[\s?.!,;:)]|$)")
_HOW = frozenset({"many", "much"})
_TOKENS: dict[int, tuple[object, NameTokens]] = {}
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
    return once(_TOKENS, lex, lambda: NameTokens(lex))


def correction(word: str) -> str | None:
    """The everyday question word `word` misspells ("manny", "movis", "numbr", "lsit"), if
    any: one edit away (`fuzzy.typo`, a transposition is one edit), the same first letter, the
    nearest by `fuzz.ratio` when several are, and of those tied one the word opens (a word cut
    short: "ther" is "there", not "their"), then the first in order (never the set's order)."""
    near = [w for w in _EVERYDAY if w[0] == word[:1] and w != word and fuzzy.typo(word, w)]
    near.sort(key=lambda w: (not w.startswith(word), w))
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


def named(word: str, lex: Lexicon, knows: Callable[[str], bool]) -> bool:
    """Whether a word beside a typed word makes the two a name: a word of a catalog name that
    is no everyday word, or a word of no world at all ("ari aster", "gaspar noe"): its
    neighbour is the name's other word, not a misspelt question word."""
    low = word.casefold()
    if not word.isalpha() or len(low) < 3 or low in COMMON or low in lex.everyday_words:
        return False
    return low in name_tokens(lex).tokens or not (known(low, lex, knows) or typo(low))


#: "r" where "are" goes ("r the matrix movies here", "what r the newest", "r there any"): the
#: verb before a determiner or pronoun, never the rating ("rated r", "r-rated", "r movies")
_ARE = re.compile(
    r"(?<![\w'’-])(?<!rated\s)(?<!rating\s)r(?=\s+(?:the|there|these|those|they|u|you|any|all|"
    r"some|their|we|there's|any\s+\w+)\b)|"
    # after a question word: "how r X and Y connected", "what r the ..."
    r"(?:(?<=\bhow\s)|(?<=\bwhat\s)|(?<=\bwho\s)|(?<=\bwhy\s)|(?<=\bwhere\s)|(?<=\bwhich\s))"
    r"r(?=\s+[a-z])",
    re.IGNORECASE,
)

#: "em" where "them" goes: right after a verb that asks for titles ("list em", "name 'em all")
#: or after "of", "among", "from", "between" ("which of em", "how many of 'em", "the most common
#: rating among em"), never a name's word ("Luccas Neto em: …")
_THEM = re.compile(
    r"\b(list|name|show|count|rank|sort|give|gimme|send|drop|see|of|among|amongst|from|between)"
    r"\s+['’]?em(?![\w'’])",
    re.IGNORECASE,
)


#: "n" or "plus" where "and" joins two things done ("what has X directed n acted in", "starred
#: plus directed"): a verb's past form on both sides, never a name's initial ("B.N. Sharma")
_AND = re.compile(
    r"(?<=\w(?:ed|en))\s+(?:n|plus)\s+(?=(?:also\s+)?(?:\w+ed|written|been|done|made)\b)",
    re.IGNORECASE,
)

#: "w" for "with" ("worked w both", "movies w ahmed helmy"): a lone "w" after a word and before
#: a word of two letters or more; after a first name it is an initial ("george w bush", `_with`)
_W = re.compile(r"\b([A-Za-z'’]+)\s+(w)(?=\s+[A-Za-z]{2,})(?![\w/])")


def _with(before: str, lex: Lexicon) -> bool:
    """Whether a lone "w" after this word is "with": the word is no first name of a person."""
    return before.casefold() not in _first_names(lex)


_FIRST: dict[int, tuple[object, frozenset[str]]] = {}


def _first_names(lex: Lexicon) -> frozenset[str]:
    return once(_FIRST, lex, lambda: frozenset(k.split()[0] for k in lex.person_keys if " " in k))


#: a noun written in either number ("the newest one(s)", "which title(s)"): "one(s)" is the one
#: ranked first, ties shown with it; any other noun the plural
_EITHER = re.compile(r"\b([A-Za-z]+)\((s|es)\)(?!\w)", re.IGNORECASE)
_SHORT = "|".join(map(re.escape, sorted(WORDS.shorthands, key=len, reverse=True)))
_SHORTHAND = re.compile(rf"(?<![\w/])(?:{_SHORT})(?![\w/])", re.IGNORECASE)
_AGES = "|".join(
    re.escape(a).replace(r"\ ", r"[\s-]+") for a in sorted(WORDS.age_forms, key=len, reverse=True)
)
_AGE = re.compile(rf"\b(\d{{1,2}})\s*-?\s*(?:{_AGES})(?![\w/])", re.IGNORECASE)


#: "the ratio of A to B": A set against B (their counts, then their ratio: `RATIO_NOTE`)
_RATIO = re.compile(
    r"\b(?:(?:what(?:'s|’s|s)?|whats)\s+(?:is\s+)?)?(?:the\s+)?ratio\s+(?:of|between)\s+"
    r"(?P<a>.+?)\s+(?:to|and|vs\.?|versus)\s+(?P<b>.+)$",
    re.IGNORECASE,
)
RATIO_NOTE = "read 'ratio of A to B' as the two counts set against each other, A over B"


def mend(text: str, lex: Lexicon, knows: Callable[[str], bool]) -> tuple[str, list[str]]:
    """`text` with its misspelt question words mended, and a note for each mended word;
    `knows`: whether the tagger reads a word as typed (a genre cue such as "kdramas")."""
    out, pos = [], 0
    text, notes = reworded(text)  # "the biggest runtime": the longest
    if _ARE.search(text):
        text, notes = _ARE.sub("are", text), [*notes, "read 'r' as 'are'"]
    if said := _AND.search(text):
        text, notes = _AND.sub(" and ", text), [*notes, f"read '{said.group().strip()}' as 'and'"]
    if _THEM.search(text):
        text, notes = _THEM.sub(r"\1 them", text), [*notes, "read 'em' as 'them'"]
    if ratio := _RATIO.search(text):
        text = text[: ratio.start()] + f"{ratio['a']} vs {ratio['b']}"
        notes = [*notes, RATIO_NOTE]
    if withs := [m for m in _W.finditer(text) if _with(m.group(1), lex)]:
        for m in reversed(withs):
            text = text[: m.start(2)] + "with" + text[m.end(2) :]
        notes = [*notes, "read 'w' as 'with'"]
    for m in reversed(list(_EITHER.finditer(text))):
        said = m.group(1) if m.group(1).casefold() == "one" else m.group(1) + m.group(2)
        text, notes = (
            text[: m.start()] + said + text[m.end() :],
            [*notes, f"read '{m.group()}' as '{said}'"],
        )
    for m in reversed(list(_SHORTHAND.finditer(text))):
        said = WORDS.shorthands[m.group().casefold()]
        text, notes = (
            text[: m.start()] + said + text[m.end() :],
            [*notes, f"read '{m.group()}' as '{said}'"],
        )
    if ages := list(_AGE.finditer(text)):  # "6 yr old girl": a 6-year-old girl
        for m in reversed(ages):
            text = text[: m.start()] + f"{m.group(1)}-year-old" + text[m.end() :]
        notes = [*notes, "read " + ", ".join(f"'{m.group()}'" for m in ages) + " as an age"]
    quoted = [m.span() for m in _QUOTED.finditer(text)]
    words = list(WORD.finditer(text))
    for i, m in enumerate(words):
        w = m.group()
        low = w.casefold()
        #: right after "how" a word one edit from "many"/"much" is that word, even one that is
        #: also a catalog name's ("how manny movies": Manny is credited)
        how = i > 0 and words[i - 1].group().casefold() == "how" and correction(low) in _HOW
        if (
            len(w) < 4
            or not w.isalpha()
            or (w[:1].isupper() and m.start() > 0)
            or (known(low, lex, knows) and not (how and low not in lex.everyday_words))
            or any(a <= m.start() < b for a, b in quoted)
            or not (fixed := correction(low))
            or any(named(n.group(), lex, knows) for n in words[max(0, i - 1) : i + 2 : 2])
            or _listed_name(words, i, fixed, knows)
        ):
            continue
        out += [text[pos : m.start()], fixed]
        notes.append(f"read '{w}' as '{fixed}'")
        pos = m.end()
    return "".join([*out, text[pos:]]), notes


_JOINED = frozenset({"and", "or", "n", "plus", "vs", "versus"})


def _listed_name(
    words: list[re.Match[str]], i: int, fixed: str, knows: Callable[[str], bool]
) -> bool:
    """Whether words[i] is a name listed after "and" / "or" right before a works noun
    ("fast and furious and madea movies"): there only a kind the tagger reads ("… and horor
    movies": horror) mends it, not a frame word ("made")."""
    if i == 0 or i + 1 >= len(words) or words[i - 1].group().casefold() not in _JOINED:
        return False
    return words[i + 1].group().casefold() in WORDS.works_nouns and not knows(fixed)
