"""Two or three follow-up questions: the same question changed in one way, then the entities
the answer's results contain.

A counted or listed part of the typed reading is asked again with every filter kept and one
changed (the other type; the year before a single release year), rendered from the changed
spec (`phrasing.question_for`), never from the answer's text: its dates keep their exact
bounds. The rest name something that is in the results (a title, a person, a country, a
genre, a year); what the question already asked about is skipped: the entities of its typed
reading when the plan has one, else the words of the question.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from agentic_rag.agent.rules.phrasing import question_for
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.folding import fold
from agentic_rag.tools.base import ToolResult, ToolStatus

#: row keys that hold each kind of entity (comma-separated lists are split)
TITLE_KEYS = ("title", "related_title")
PERSON_KEYS = ("director", "directors", "cast", "cast_members", "person", "actor", "name")
COUNTRY_KEYS = ("country", "countries")
GENRE_KEYS = ("genre", "genres", "listed_in")
YEAR_KEYS = ("release_year", "year")
#: operations asked again with one filter changed (their questions read back to the same spec)
CHANGEABLE = frozenset({"count", "list"})
OTHER_TYPE = {"Movie": "TV Show", "TV Show": "Movie", None: "Movie"}
#: graph_expand rows say what their `name` is in `relation`
RELATION_KIND = {"cast": "person", "directed_by": "person", "genre": "genre", "country": "country"}


@dataclass
class Found:
    """Entities seen in the rows, most frequent first within each kind."""

    titles: Counter[str] = field(default_factory=Counter)
    people: Counter[str] = field(default_factory=Counter)
    countries: Counter[str] = field(default_factory=Counter)
    genres: Counter[str] = field(default_factory=Counter)
    years: Counter[int] = field(default_factory=Counter)

    def add(self, kind: str, value: object) -> None:
        if kind == "year":
            if isinstance(value, int) and 1900 <= value <= 2100:
                self.years[value] += 1
            return
        if not isinstance(value, str):
            return
        bucket = {
            "title": self.titles,
            "person": self.people,
            "country": self.countries,
            "genre": self.genres,
        }[kind]
        parts = [value] if kind == "title" else value.split(",")
        for part in parts:
            if part.strip():
                bucket[part.strip()] += 1


def _person_rows(result: ToolResult) -> bool:
    """`name` holds a person in graph results; in SQL it may be a genre or a country."""
    return result.tool in ("cypher", "graph_expand")


def collect(results: Iterable[ToolResult]) -> Found:
    found = Found()
    for result in results:
        if result.status != ToolStatus.OK:
            continue
        for row in result.rows:
            relation = row.get("relation")
            for key, value in row.items():
                if key in TITLE_KEYS:
                    found.add("title", value)
                elif key == "name" and relation in RELATION_KIND:
                    found.add(RELATION_KIND[relation], value)
                elif key in PERSON_KEYS and (key != "name" or _person_rows(result)):
                    found.add("person", value)
                elif key in COUNTRY_KEYS:
                    found.add("country", value)
                elif key in GENRE_KEYS:
                    found.add("genre", value)
                elif key in YEAR_KEYS:
                    found.add("year", value)
    return found


def _fresh(values: Counter, asked: str | frozenset[str]) -> list:
    """Most frequent first, leaving out what the question already names (a word of the
    question's text, or an entity of its reading)."""
    return [v for v, _ in values.most_common() if fold(str(v)) not in asked]


def asked_about(reading: list[QuerySpec]) -> frozenset[str]:
    """The entities a typed reading names, folded."""
    sets: list[TitleSet] = [x for s in reading for x in (s.titles, s.part, s.other) if x]
    names = [
        v
        for t in sets
        for v in (
            *t.titles,
            *t.countries,
            *(p.name for p in t.people),
            *(g for group in t.genres for g in group),
        )
    ]
    years = [str(y) for t in sets for y in (t.year_from, t.year_to) if y is not None]
    return frozenset(fold(x) for x in [*names, *years])


def answered(reading: list[QuerySpec]) -> frozenset[str]:
    """The kinds of follow-up the question itself asked (of a title of its results or of
    another): "who directed it" asks the directors, "what else did they make" a person's
    titles; offering them again of a result asks what the answer just said."""
    kinds = {
        "directors": any(s.op == "people" and s.role in ("director", None) for s in reading),
        "similar": any(s.op == "similar" for s in reading),
        "their titles": any(
            s.ref == "person" or (s.op == "list" and s.titles.people) for s in reading
        ),
        "costars": any(s.op == "costars" for s in reading),
    }
    return frozenset(k for k, asked in kinds.items() if asked)


def changed(spec: QuerySpec) -> list[QuerySpec]:
    """The part with one filter changed: the other type (or movies only), unless a genre ties
    it to its type; the year before a single release year. Every other filter is kept."""
    if spec.op not in CHANGEABLE or spec.titles.is_empty():
        return []
    s = spec.titles
    out = []
    if not s.genres:  # genres belong to a type ("Horror Movies", "TV Dramas"): no flip there
        other = s.model_copy(update={"type": OTHER_TYPE[s.type]})
        out.append(spec.model_copy(update={"titles": other}))
    if s.year_from is not None and s.year_from == s.year_to:
        year = s.year_from - 1
        earlier = s.model_copy(update={"year_from": year, "year_to": year})
        out.append(spec.model_copy(update={"titles": earlier}))
    return out


def suggest_follow_ups(
    question: str, results: list[ToolResult], reading: list[QuerySpec] | None = None
) -> list[str]:
    """Up to three follow-ups, one kind of entity at a time, each naming what was found;
    `reading`: the plan's typed reading (what was asked about), if it has one."""
    asked = asked_about(reading) if reading else fold(question)
    found = collect(results)
    per_kind: list[list[str]] = []
    varied = [question_for(v) for v in changed(reading[0])] if reading and len(reading) == 1 else []
    if varied:
        per_kind.append(varied)
    done = answered(reading or [])
    titles = _fresh(found.titles, asked)
    if titles:
        title = titles[0]
        options = [("directors", f'Who directed "{title}"?')]
        options.append(("similar", f'Find titles similar to "{title}".'))
        per_kind.append([q for kind, q in options if kind not in done])
    people = [p for p in _fresh(found.people, asked) if p not in found.titles]
    if people:
        person = people[0]
        options = [("their titles", f"Which titles feature {person}?")]
        options.append(("costars", f"Who has {person} worked with most often?"))
        per_kind.append([q for kind, q in options if kind not in done])
    countries = _fresh(found.countries, asked)
    if countries:
        country = countries[0]
        per_kind.append(
            [
                f"How many titles from {country} were added to Netflix in the last 3 years?",
                f"Which genres are most common in titles from {country}?",
            ]
        )
    genres = _fresh(found.genres, asked)
    if genres:
        genre = genres[0]
        per_kind.append([f"What are the newest {genre} titles?", f"Who directs the most {genre}?"])
    years = _fresh(found.years, asked)
    if years:
        year = years[0]
        per_kind.append(
            [f"What else was released in {year}?", f"Which genres were most common in {year}?"]
        )
    out: list[str] = []
    for depth in range(2):  # the first suggestion of every kind, then the second ones
        out.extend(options[depth] for options in per_kind if len(options) > depth)
    return list(dict.fromkeys(out))[:3]
