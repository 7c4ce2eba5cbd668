"""Language words ("hindi movies", "tagalog films", "arabic series"): the catalog records where a
title was made, not its language, so a language is read as the one catalog country where it is
an official language (Hindi: India; Tagalog: the Philippines), with a note saying so. A
language official in several catalog countries (Arabic, Tamil, French) names no one country: it
is still known as a language, so it is never taken for the name of a person or a title the
catalog lacks, and a reading that leaves it unused is unsure of it.

The languages and where they are official come from the Unicode CLDR (via Babel), the
countries' codes from `countryinfo`: no hand-kept list.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from babel import Locale
from babel.core import get_global

from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.nationalities import reference
from agentic_rag.agent.rules.tags import Tag, at, free
from agentic_rag.agent.rules.vocab import COMMON, WORD

#: shorter language names are too often other words ("ga", "ewe", "fon")
MIN_LETTERS = 4


@lru_cache(maxsize=4)
def _languages(countries: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    english = Locale("en").languages
    where = get_global("territory_languages")
    aliases = get_global("language_aliases")
    official: dict[str, list[str]] = {}
    for country in countries:
        code = info.iso(2) if (info := reference(country)) else ""
        for lang, said in where.get(code, {}).items():
            if said.get("official_status"):
                official.setdefault(lang.split("_")[0], []).append(country)
    names: dict[str, tuple[str, ...]] = {}
    codes = {c: c for c in official} | {a: t for a, t in aliases.items() if t in official}
    for code, target in codes.items():
        name = english.get(code, "").casefold()
        if len(name) >= MIN_LETTERS and name.isalpha():
            names[name] = tuple(dict.fromkeys(official[target]))
    return names


def language_countries(countries: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Language name (lower case) -> the catalog countries where it is an official language."""
    return _languages(tuple(sorted(set(countries))))


def is_language(word: str, lex: Lexicon) -> bool:
    """Whether `word` names an official language of a catalog country: a language, never the
    name of a person or title the catalog lacks, nor a phrase of titles ("arabic", "tamil")."""
    return word.casefold() in language_countries(lex.countries)


def spoken(lex: Lexicon) -> dict[str, tuple[str, ...]]:
    """The language words a question may use: the names of the catalog countries' official
    languages that are no everyday word of the catalog ("slave" is a language of Canada)."""
    return {
        name: where
        for name, where in language_countries(lex.countries).items()
        if name not in COMMON and name not in lex.everyday_words
    }


def tag(low: str, tags: list[Tag], languages: dict[str, tuple[str, ...]]) -> None:
    """A language word of `low` (folded) that no tag took and that is official in one catalog
    country: that country, with a note (the catalog records where a title was made)."""
    for m in WORD.finditer(low):
        where = languages.get(m.group())
        if where and len(where) == 1 and free(tags, *m.span()):
            note = f"read '{m.group()}' as made in {where[0]} (the catalog records countries, "
            tags.append(at("country", m, value=where[0], score=0.9, note=note + "not languages)"))
