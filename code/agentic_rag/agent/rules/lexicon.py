"""What the offline planner knows about the catalog, indexed by folded keys once per process.

People, titles, genres, countries and ratings are keyed by `key()` (the project's `fold`, then
word tokens joined by spaces), so "Michael Pena", "michael peña" and "MICHAEL PEÑA" find the
same person. Misspelt names fall back to a fuzzy match (rapidfuzz) with a high cut-off.
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from agentic_rag import fuzzy
from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.folding import fold

FUZZY_CUTOFF = 88.0  # rapidfuzz ratio (0-100) a misspelt name must reach
NEAR_CUTOFF = 75.0  # a name this close but under FUZZY_CUTOFF is offered ("did you mean")
MAX_NEAR = 2  # names offered when several are equally close
_ARTICLE = re.compile(r"^(?:the|a|an) ")


def key(text: str) -> str:
    """The index key of a name or title: folded word tokens joined by single spaces."""
    return " ".join(WORD.findall(fold(text)))


@dataclass
class ShowInfo:
    show_id: str
    type: str
    release_year: int | None
    description: str


@dataclass
class Lexicon:
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

    def __post_init__(self) -> None:
        by_credits = sorted(self.people, key=lambda n: self.counts.get(n, 0))  # most credits wins
        self.person_keys: dict[str, str] = {k: n for n in by_credits if (k := key(n))}
        self.title_keys = {k: t for t in self.shows if (k := key(t))}
        self.genre_keys = {key(g): g for g in self.genres}
        self.country_keys = {key(c): c for c in self.countries}
        self.max_title_words = max((k.count(" ") + 1 for k in self.title_keys), default=1)

    @classmethod
    def from_sqlite(cls, conn: sqlite3.Connection) -> Lexicon:
        """Load the vocabulary from the catalog database (about 0.1 s on the full catalog)."""

        def column(sql: str) -> list[str]:
            return [r[0] for r in conn.execute(sql) if r[0]]

        shows: dict[str, ShowInfo] = {}
        for sid, title, typ, year, desc in conn.execute(
            "SELECT show_id, title, type, release_year, description FROM shows "
            "ORDER BY release_year DESC, show_id"
        ):
            if title:
                shows[title] = ShowInfo(sid, typ, year, desc or "")
        latest = conn.execute("SELECT max(date_added), max(release_year) FROM shows").fetchone()
        counts = dict(
            conn.execute(  # credits of the people whose folded names collide
                "SELECT p.name, count(*) FROM people p JOIN show_people sp ON sp.person_id = "
                "p.person_id WHERE p.name_folded IN (SELECT name_folded FROM people GROUP BY "
                "name_folded HAVING count(*) > 1) GROUP BY p.name"
            )
        )
        return cls(
            genres=column("SELECT name FROM genres ORDER BY name"),
            countries=column("SELECT name FROM countries ORDER BY name"),
            ratings=column("SELECT DISTINCT rating FROM shows WHERE rating IS NOT NULL"),
            people=column("SELECT name FROM people"),
            shows=shows,
            latest_added=str(latest[0] or "2021-09-25")[:10],
            latest_release=int(latest[1] or 2021),
            counts=counts,
        )

    @cached_property
    def everyday_words(self) -> frozenset[str]:
        """Words used in lower case at least 3 times in descriptions: English, not names."""
        text = " ".join(info.description for info in self.shows.values())
        counts = Counter(re.findall(r"\b[a-z]{3,}\b", text))
        return frozenset(w for w, n in counts.items() if n >= 3) | COMMON

    # -- lookups --------------------------------------------------------------------------------
    def person(self, text: str) -> str | None:
        return self.person_keys.get(key(text))

    def title(self, text: str) -> str | None:
        k = key(text)
        return self.title_keys.get(k) or self.title_keys.get(f"the {k}")

    def titles_with(self, phrase: str) -> list[str]:
        """The titles whose words include the phrase's words in a row ("power rangers")."""
        k = f" {key(phrase)} "
        return [t for tk, t in self.title_keys.items() if k in f" {tk} "] if k.strip() else []

    def show(self, title: str) -> ShowInfo | None:
        return self.shows.get(title)

    def fuzzy_person(self, text: str) -> tuple[str, float] | None:
        return self._fuzzy(text, self.person_keys)

    def fuzzy_title(self, text: str) -> tuple[str, float] | None:
        return self._fuzzy(text, self._title_choices)

    def by_surname(self, text: str) -> list[str]:
        """The catalog people whose last name is `text` ("Tarantino": Quentin Tarantino)."""
        return self._surnames.get(key(text), [])

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
        """The catalog titles closest to a title it does not hold (leading articles ignored)."""
        return self._near(text, self._title_choices, lambda k: _ARTICLE.sub("", k))

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
        """The best-scoring choices in [NEAR_CUTOFF, FUZZY_CUTOFF): the same scorer as `_fuzzy`,
        one band lower; ties are all offered (up to MAX_NEAR), never a lower score."""
        k = key(text)
        if len(k) < 6 or not choices:
            return []
        hits = fuzzy.ranked(k, choices.keys(), NEAR_CUTOFF, MAX_NEAR + 1, processor)
        if not hits or hits[0][1] >= FUZZY_CUTOFF:  # close enough to have been read as that name
            return []
        return [choices[c] for c, score in hits if score == hits[0][1]][:MAX_NEAR]
