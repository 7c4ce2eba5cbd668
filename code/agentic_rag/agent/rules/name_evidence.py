"""How the catalog writes words: the evidence that words typed in lower case name something.

`key()` folds a name or title into its index key. `NameEvidence` (a base of `Lexicon`) reads
the descriptions: how often they write a word or phrase in lower case and capitalised (a
sentence's first word says nothing), which words are everyday English, and which are tokens
of catalog people's names, so "kajol", "star trek" and "scorsese" read as names and "dark",
"high school" and "worked" do not.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from anyascii import anyascii

from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.folding import fold

MONONYM_CREDITS = 3  # a one-word name credited this often may be typed in lower case
RARE_TOKEN = 2  # a name token shared by at most this many catalog people is rare


SURNAME_UNSURE = 0.3  # a bare surname the descriptions write as another name more often


def key(text: str) -> str:
    """The index key of a name or title: folded word tokens joined by single spaces."""
    return " ".join(WORD.findall(fold(text)))


def _opens(text: str, at: int) -> bool:
    """Whether text[at] opens a sentence (or a description)."""
    before = text[max(0, at - 3) : at].rstrip(" \"'“‘(")
    return not before or before[-1] in ".!?:\n"


class NameEvidence:
    """Needs `shows` (title -> info with a `description`), `person_keys`, `counts` (person ->
    credits), `genre_keys` and `country_keys` (see `Lexicon`)."""

    shows: Mapping[str, Any]
    person_keys: dict[str, str]
    counts: dict[str, int]
    genre_keys: dict[str, str]
    country_keys: dict[str, str]

    @cached_property
    def everyday_words(self) -> frozenset[str]:
        """Words used in lower case at least 3 times in descriptions: English, not names."""
        text = " ".join(info.description for info in self.shows.values())
        counts = Counter(re.findall(r"\b[a-z]{3,}\b", text))
        return frozenset(w for w, n in counts.items() if n >= 3) | COMMON

    @cached_property
    def _cased_text(self) -> str:
        """Every description, transliterated with its case kept (one string to search)."""
        return "\n".join(anyascii(info.description) for info in self.shows.values())

    @cached_property
    def _word_case(self) -> tuple[Counter[str], Counter[str]]:
        """Per folded word: how often the descriptions write it in lower case, capitalised."""
        lower: Counter[str] = Counter()
        capital: Counter[str] = Counter()
        text = self._cased_text
        for m in WORD.finditer(text):
            w = m.group()
            if not w[:1].isupper():
                lower[w.casefold()] += 1
            elif not _opens(text, m.start()):  # a sentence's first word says nothing
                capital[w.casefold()] += 1
        return lower, capital

    def cased(self, phrase: str) -> tuple[int, int]:
        """How often the descriptions write the phrase in lower case, and capitalised."""
        k = key(phrase)
        if " " not in k or not k:  # one word: the index
            return self._word_case[0][k], self._word_case[1][k]
        if not all(self._word_case[0][w] or self._word_case[1][w] for w in k.split()):
            return 0, 0  # a word the descriptions never use
        if k not in self._cased:  # a phrase: searched once
            words = r"\W+".join(map(re.escape, k.split()))
            text = self._cased_text
            hits = [
                m
                for m in re.finditer(rf"(?<![\w-]){words}(?![\w-])", text, re.I)
                if not (m.group()[:1].isupper() and _opens(text, m.start()))
            ]
            capital = sum(all(w[:1].isupper() for w in WORD.findall(h.group())) for h in hits)
            self._cased[k] = (len(hits) - capital, capital)
        return self._cased[k]

    def proper(self, phrase: str) -> bool:
        """Words that name something even when typed in lower case ("star trek", "kajol"): the
        descriptions write them capitalised at least as often as not; never used there, a phrase
        is a name when some word of it is no everyday English (and none is a common word
        alone)."""
        words = [w.casefold() for w in WORD.findall(phrase)]
        if not words or all(w in COMMON for w in words):
            return False
        lower, capital = self.cased(phrase)
        if lower or capital:
            return capital >= lower
        return any(w not in self.everyday_words for w in words)

    def name_word(self, word: str) -> bool:
        """A lower-case word the catalog knows as a name: part of a catalog person's name, or
        capitalised in the descriptions ("scorsese", "zendaya"; not "worked" or "zombies"); an
        everyday word's plural only as a person's ("burns", not "tigers": a team's name)."""
        low = key(word)
        if " " in low or low in COMMON or low in self.everyday_words or len(low) < 3:
            return False
        if low.endswith("s") and low[:-1] in self.everyday_words and not self._person_tokens[low]:
            return False
        lower, capital = self.cased(low)
        return lower == 0 and (self._person_tokens[low] > 0 or capital > 0)

    def in_names(self, word: str) -> int:
        """How many catalog people have the word in their name ("park": Park Hae-soo, …)."""
        return self._person_tokens[key(word)]

    @cached_property
    def _person_tokens(self) -> Counter[str]:
        return Counter(w for k in self.person_keys for w in set(k.split()))

    def surname_score(self, word: str, credits: int, shared: bool) -> float:
        """How sure a bare surname is its most credited holder: less when others share it;
        unsure (SURNAME_UNSURE) when the descriptions capitalise the word more often than that
        person is credited, a name of something else ("disney movies": Melissa Disney has one
        credit, the descriptions name Disney five times)."""
        if self.cased(word)[1] > credits:
            return SURNAME_UNSURE
        return 0.8 if shared else 0.9

    def rare_name(self, word: str) -> bool:
        """A name word (`name_word`) few catalog people share, no genre or country: a whole
        one-word name typed in lower case is that person ("kajol", "rihanna"; not "edward")."""
        low = key(word)
        return (
            self.name_word(low)
            and low not in self.genre_keys
            and low not in self.country_keys
            and (self._person_tokens[low] <= RARE_TOKEN or self._mononym(low))
        )

    def _mononym(self, low: str) -> bool:
        """A one-word whole name whose holder has more credits than every other person with
        the word in their name together ("priyadarshan": 7 against 3 credits of three others)."""
        mine = self.counts.get(self.person_keys.get(low, ""), 0)
        return mine >= MONONYM_CREDITS and 2 * mine > self._token_credits[low]

    @cached_property
    def _token_credits(self) -> Counter[str]:
        """Per name word: the credits of every person with it in their name."""
        out: Counter[str] = Counter()
        for k, n in self.person_keys.items():
            for w in set(k.split()):
                out[w] += self.counts.get(n, 0)
        return out

    @cached_property
    def _cased(self) -> dict[str, tuple[int, int]]:
        return {}
