"""What the offline planner knows about the catalog, indexed by folded keys once per process.

People, titles, genres, countries and ratings are keyed by `key()` (the project's `fold`, then
word tokens joined by spaces), so "Michael Pena", "michael peña" and "MICHAEL PEÑA" find the
same person. Misspelt names fall back to a fuzzy match (rapidfuzz) with a high cut-off. How
the catalog writes a word (names typed in lower case) is `NameEvidence`.
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from agentic_rag import fuzzy
from agentic_rag.agent.rules.lexicon_sqlite import catalog_fields
from agentic_rag.agent.rules.name_evidence import NameEvidence, key
from agentic_rag.agent.rules.short_names import short_names
from agentic_rag.agent.rules.spellings import and_key, glued, heads, numbers, owned

FUZZY_CUTOFF = 88.0  # rapidfuzz ratio (0-100) a misspelt name must reach
NEAR_CUTOFF = 75.0  # a name this close but under FUZZY_CUTOFF is offered ("did you mean")
MAX_NEAR = 2  # names offered when several are equally close
_ARTICLE = re.compile(r"^(?:the|a|an) ")
_QUALIFIER = re.compile(r"\s*\([^)]*\)\s*$")  # "The Office (U.S.)", "... (Spanish Version)"
MAX_HELD = 4096  # phrases whose titles are remembered (`titles_with`)
SURNAME_LEAD = 3  # a shared surname means its most credited person when they lead this much


def _bare(k: str) -> str:
    """A key's words without a possessive 's ("marvel's iron fist": "marvel iron fist")."""
    return re.sub(r"'s\b", "", k)


def _grams(k: str) -> set[str]:
    """Every run of words in a key (without a possessive 's)."""
    w = _bare(k).split()
    return {" ".join(w[i:j]) for i in range(len(w)) for j in range(i + 1, len(w) + 1)}


@dataclass
class ShowInfo:
    show_id: str
    type: str
    release_year: int | None
    description: str
    people: frozenset[str] = frozenset()  # its directors and cast (`series_names.strays`)
    genres: frozenset[str] = frozenset()  # its catalog genres (`sequel_titles`)
    countries: frozenset[str] = frozenset()  # where it was made (`described.fits`)


@dataclass
class Lexicon(NameEvidence):
    """Known catalog vocabulary; build with `from_sqlite(conn)` or from explicit lists."""

    genres: Sequence[str]
    countries: Sequence[str]
    ratings: Sequence[str]
    people: Sequence[str] = ()
    #: title -> its catalog facts (the oldest title wins when two share a name)
    shows: dict[str, ShowInfo] = field(default_factory=dict)
    latest_added: str = "2021-09-25"  # the catalog's last date_added (relative windows)
    latest_release: int = 2021
    counts: dict[str, int] = field(default_factory=dict)  # person -> credits (bigger wins ties)
    credited: dict[str, frozenset[str]] = field(default_factory=dict)  # person -> their titles
    roles: dict[str, frozenset[str]] = field(default_factory=dict)  # person -> roles credited

    def __post_init__(self) -> None:
        by_credits = sorted(self.people, key=lambda n: self.counts.get(n, 0))  # most credits wins
        self.person_keys: dict[str, str] = {k: n for n in by_credits if (k := key(n))}
        self.short_keys = short_names(self.person_keys)  # "wenn deramas": Wenn V. Deramas
        self.title_keys = {k: t for t in self.shows if (k := key(t))}
        self.same_key: dict[str, list[str]] = {}  # titles one key names: Death Note, DEATH NOTE
        for t in self.shows:
            self.same_key.setdefault(key(t), []).append(t)
        for k, t in list(self.title_keys.items()):  # typed without its apostrophes: "schindlers
            self.title_keys.setdefault(re.sub(r"['’]", "", k), t)  # list" is Schindler's List
        self.spellings: dict[str, str] = {}  # other keys of a title (their words counted once)
        for t in self.shows:  # "fast and furious spy racers" is Fast & Furious Spy Racers
            if (k := and_key(t)) != key(t):
                self.spellings[k] = t
        self.spellings |= heads(self.shows)
        for other in (glued(self.shows), owned(self.shows, self.people)):  # the first one wins
            self.spellings |= {k: t for k, t in other.items() if k not in self.spellings}
        for k, t in self.spellings.items():
            self.title_keys.setdefault(k, t)
        for k, t in self.spellings.items():  # and typed without their apostrophes
            self.title_keys.setdefault(re.sub(r"['’]", "", k), t)
        self.genre_keys = {key(g): g for g in self.genres}
        self.country_keys = {key(c): c for c in self.countries}
        self.max_title_words = max((k.count(" ") + 1 for k in self.title_keys), default=1)

    @classmethod
    def from_sqlite(cls, conn: sqlite3.Connection) -> Lexicon:
        """Load the vocabulary from the catalog database (about 0.1 s on the full catalog)."""
        return cls(**catalog_fields(conn, ShowInfo))

    # -- lookups --------------------------------------------------------------------------------
    def person(self, text: str) -> str | None:
        return self.person_key(key(text))

    def person_key(self, k: str) -> str | None:
        """The person a name key names: their whole name, or it without middle initials."""
        if k in self.person_keys:
            return self.person_keys[k]
        same = self.short_keys.get(k, [])
        return same[0] if len(same) == 1 else None

    def title(self, text: str) -> str | None:
        k = key(text)
        return self.title_keys.get(k) or self.title_keys.get(f"the {k}")

    def in_titles(self, phrase: str) -> int:
        """How many titles have the phrase's words in a row (an index lookup)."""
        return self._title_grams.get(_bare(and_key(phrase)), 0)

    @cached_property
    def _title_grams(self) -> Counter[str]:
        grams: Counter[str] = Counter()
        for k, t in self.title_keys.items():
            if self.spellings.get(k) == t:  # another spelling of a title: it is counted once
                grams.update(_grams(k) - _grams(key(t)))
            else:  # every title of the key: "death note" is in two titles
                grams.update({g: len(self.same_key.get(k, ())) or 1 for g in _grams(k)})
        return grams

    def spelled(self, phrase: str) -> str:
        """The titles' spelling of a phrase typed without a space or hyphen of theirs
        ("spiderman": "spider man", as in Spider-Man 3), else the phrase itself."""
        k = _bare(key(phrase))
        return phrase if self._title_grams.get(k) else self._joined.get(k, phrase)

    @cached_property
    def _joined(self) -> dict[str, str]:
        """Titles' runs of two or three words by their letters run together."""
        runs: dict[str, str] = {}
        for gram in self._title_grams:
            if 2 <= len(words := gram.split()) <= 3:
                runs.setdefault("".join(words), gram)
        return runs

    def titles_with(self, phrase: str) -> list[str]:
        """The titles whose words include the phrase's words in a row ("power rangers")."""
        k = f" {_bare(and_key(phrase))} "
        if k not in self._holding:  # the readings of one question ask again and again
            if len(self._holding) >= MAX_HELD:  # a long-running page: bounded
                self._holding.clear()
            hits = [t for tk, t in self._bare_keys if k in tk] if k.strip() else []
            hits = [s for t in hits for s in self.same_key.get(key(t), [t])]
            self._holding[k] = list(dict.fromkeys(hits))
        return self._holding[k]

    @cached_property
    def _bare_keys(self) -> list[tuple[str, str]]:
        return [(f" {_bare(tk)} ", t) for tk, t in self.title_keys.items()]

    @cached_property
    def _holding(self) -> dict[str, list[str]]:
        return {}

    def show(self, title: str) -> ShowInfo | None:
        return self.shows.get(title)

    def fuzzy_person(self, text: str) -> tuple[str, float] | None:
        """A misspelt catalog name, read as that person; a differing word that is everyday
        English makes it another name ("James Bond" is not James Boyd)."""
        hit = self._fuzzy(text, self.person_keys)
        if hit is None:
            return None
        a, b = key(text).split(), key(hit[0]).split()
        other = len(a) == len(b) and any(
            x != y and x in self.everyday_words for x, y in zip(a, b, strict=True)
        )
        return None if other else hit

    def fuzzy_title(self, text: str) -> tuple[str, float] | None:
        """A misspelt catalog title, read as that title: only when every word that differs is
        a typo of the title's word and no everyday word ("The Boys" is not "The Boy")."""
        hit = self._fuzzy(text, self._title_choices)
        return hit if hit and self._typo_of(text, hit[0], strict=True) else None

    def person_ending(self, text: str) -> bool:
        """Whether `text` is a catalog name or ends one ("de niro": Robert De Niro)."""
        return key(text) in self.person_keys or bool(self.by_surname(text))

    def by_surname(self, text: str) -> list[str]:
        """The catalog people whose name ends with `text` ("Tarantino": Quentin Tarantino, "de
        niro": Robert De Niro), the most credited first (a whole name is no surname)."""
        k = key(text)
        same = [
            n
            for n in self._surnames.get(k.rsplit(" ", 1)[-1], [])
            if f" {key(n)}".endswith(f" {k}")
        ]
        return sorted(same, key=lambda n: -self.counts.get(n, 0))

    def known_surname(self, text: str) -> str | None:
        """The one person a bare surname means: the only one with it, or the one with at least
        SURNAME_LEAD times the credits of the others together ("scorsese": Martin Scorsese)."""
        same = self.by_surname(text)
        if len(same) == 1:
            return same[0]
        rest = sum(self.counts.get(n, 0) for n in same[1:])
        return (
            same[0] if same and self.counts.get(same[0], 0) >= SURNAME_LEAD * max(1, rest) else None
        )

    @cached_property
    def _surnames(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for k, name in self.person_keys.items():
            if " " in k:
                out.setdefault(k.rsplit(" ", 1)[1], []).append(name)
        return out

    def near_person(self, text: str) -> list[str]:
        """The catalog names closest to a name it does not hold (under the fuzzy cut-off)."""
        return self._near(text, self.person_keys)

    def near_title(self, text: str) -> list[str]:
        """Catalog titles really close to a title it does not hold, to offer, never to answer
        with: the same words with a qualifier ("The Office" -> "The Office (U.S.)"), else a
        typo of each differing word, else titles that open with its words ("Money Heist" ->
        "Money Heist: The Phenomenon"), up to MAX_NEAR. Leading articles are ignored."""
        k = _ARTICLE.sub("", key(text))
        if self.title(text):
            return []
        if same := self._stems.get(k):
            return same[:MAX_NEAR]
        choices, strip = self._title_choices, lambda k: _ARTICLE.sub("", k)
        hits = fuzzy.ranked(key(text), choices, NEAR_CUTOFF, MAX_NEAR + 1, strip)
        near = [choices[c] for c, score in hits if score == hits[0][1]]
        if close := [t for t in near if self._typo_of(text, t, strict=False)][:MAX_NEAR]:
            return close
        opens = [t for t in self.titles_with(text) if _ARTICLE.sub("", key(t)).startswith(k + " ")]
        return opens if 0 < len(opens) <= MAX_NEAR else []

    @cached_property
    def _stems(self) -> dict[str, list[str]]:
        """Titles by their words without a leading article or a closing qualifier."""
        out: dict[str, list[str]] = {}
        for title in self.shows:
            out.setdefault(_ARTICLE.sub("", key(_QUALIFIER.sub("", title))), []).append(title)
        return out

    def _typo_of(self, text: str, title: str, strict: bool) -> bool:
        """Whether `text` is `title` mistyped: the same words (articles, a closing qualifier and
        spaces aside), or word for word a typo (`fuzzy.typo`); when `strict`, a differing
        everyday English word is another word; else one closing letter may differ ("things")."""
        a = _ARTICLE.sub("", key(text)).split()
        b = _ARTICLE.sub("", key(_QUALIFIER.sub("", title))).split()
        if "".join(a) == "".join(b):
            return True
        return len(a) == len(b) and all(
            x == y
            or (x not in self.everyday_words and fuzzy.typo(x, y) and not numbers(x, y))
            or (not strict and (x[:-1] == y or y[:-1] == x))
            for x, y in zip(a, b, strict=True)
        )

    @cached_property
    def _title_choices(self) -> dict[str, str]:
        return {k: v for k, v in self.title_keys.items() if len(k) >= 6}

    @staticmethod
    def _fuzzy(text: str, choices: dict[str, str]) -> tuple[str, float] | None:
        k = key(text)
        if len(k) < 6 or not choices:
            return None
        hit = fuzzy.closest(k, choices.keys(), FUZZY_CUTOFF)
        return (choices[hit[0]], hit[1]) if hit else None

    @staticmethod
    def _near(
        text: str, choices: dict[str, str], processor: Callable[[str], str] | None = None
    ) -> list[str]:
        """The best choices in [NEAR_CUTOFF, FUZZY_CUTOFF) (`_fuzzy`'s scorer), ties too."""
        k = key(text)
        if len(k) < 6 or not choices:
            return []
        hits = fuzzy.ranked(k, choices.keys(), NEAR_CUTOFF, MAX_NEAR + 1, processor)
        if not hits or hits[0][1] >= FUZZY_CUTOFF:  # close enough to have been read as that name
            return []
        return [choices[c] for c, score in hits if score == hits[0][1]][:MAX_NEAR]
