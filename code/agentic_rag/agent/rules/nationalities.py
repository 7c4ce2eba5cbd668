"""Nationality words of the catalog's countries ("serbian films" are films from Serbia).

`words.yaml` lists the words people use that no reference gives (bollywood, korea, uk, usa);
every other country the catalog holds takes its demonym from `countryinfo`, so a country is
never left without one because nobody thought to list it. A demonym two catalog countries share
("German": Germany and West Germany, "Chinese": China and Hong Kong) goes to the country
`words.yaml` gives it to, or to neither.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from countryinfo import CountryInfo, CountryNotFoundError


def reference(country: str) -> CountryInfo | None:
    """The reference entry of `country`, or None when the reference lacks it (the "Soviet
    Union" is no longer a country)."""
    try:
        return CountryInfo(country)
    except CountryNotFoundError:
        return None


def demonym(country: str) -> str | None:
    """The reference demonym of `country`, lower case, or None when the reference lacks it."""
    word = info.demonym() if (info := reference(country)) else None
    return word.casefold() if isinstance(word, str) and word else None


def nationality_words(listed: Mapping[str, str], countries: Iterable[str]) -> dict[str, str]:
    """Nationality regex -> country for every country in `countries`: the `listed` cues
    (words.yaml) of the countries the catalog holds, each widened by its reference demonym when
    the cue does not already read it, and a cue of the reference demonym alone for the rest."""
    held = set(countries)
    cues: dict[str, str] = {}
    for cue, country in listed.items():
        if country in held:
            cues[country] = f"{cues[country]}|{cue}" if country in cues else cue
    claimed: dict[str, list[str]] = {}
    for country in sorted(held):
        if word := demonym(country):
            claimed.setdefault(word, []).append(country)

    out = dict(cues)
    for word, owners in claimed.items():
        if any(re.fullmatch(cue, word) for cue in cues.values()):  # "german": Germany's
            continue
        if len(owners) != 1:  # shared and listed for none: it names no one country
            continue
        country = owners[0]
        phrase = " ".join(map(re.escape, word.split()))  # as words.yaml writes "sri lankan"
        # the longer word first: "saudi arabian" before "saudi"
        out[country] = f"{phrase}|{out[country]}" if country in out else phrase
    return {cue: country for country, cue in out.items()}
