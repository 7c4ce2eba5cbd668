"""The typed meaning of a question: which titles, what to do with them, what to show.

A `QuerySpec` is what the tagger and the intent matcher read from one part of a question; the
SQL and Cypher compilers turn it into tool calls and the writer phrases its answer from it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Role = Literal["director", "cast"]
Operation = Literal[
    "count",  # how many titles are in the set
    "list",  # which titles are in the set
    "top",  # the first N titles ordered by a field (longest, newest, oldest ...)
    "most",  # the group (country, genre, person, year ...) with the most / fewest titles
    "share",  # what share of the set also satisfies `part`
    "compare",  # two sets side by side (counts)
    "label",  # label titles by description keywords, count each label
    "average",  # average duration or seasons of the set
    "describe",  # one named title's catalog row
    "people",  # directors / cast of named titles or of the set
    "costars",  # people who worked with a named person
    "similar",  # titles like a named title
    "search",  # titles whose description matches the text
    "external",  # facts the catalog does not hold (critics, awards, news)
]


class PersonRef(BaseModel):
    name: str
    role: Role | None = None


class TitleSet(BaseModel):
    """Constraints on titles; every field set narrows the set (lists of genres are OR-ed)."""

    type: Literal["Movie", "TV Show"] | None = None
    countries: list[str] = Field(default_factory=list)  # any of them
    genres: list[list[str]] = Field(default_factory=list)  # groups AND-ed, names OR-ed
    people: list[PersonRef] = Field(default_factory=list)  # all of them
    year_from: int | None = None  # release year, inclusive
    year_to: int | None = None
    added_from: str | None = None  # ISO date added, inclusive
    added_to: str | None = None  # ISO date added, exclusive
    ratings: list[str] = Field(default_factory=list)
    minutes_min: int | None = None  # inclusive
    minutes_max: int | None = None
    seasons_min: int | None = None
    seasons_max: int | None = None
    keywords: list[str] = Field(default_factory=list)  # description mentions any of them
    missing: list[str] = Field(default_factory=list)  # director / cast / country / rating empty
    titles: list[str] = Field(default_factory=list)  # named titles (catalog spelling)
    show_ids: list[str] = Field(default_factory=list)  # a previous answer's titles

    def is_empty(self) -> bool:
        return self == TitleSet()

    def merged(self, other: TitleSet) -> TitleSet:
        """This set with every field `other` sets replaced by other's value."""
        return self.model_copy(update=other.model_dump(exclude_defaults=True))


class QuerySpec(BaseModel):
    """One part of a question, read into a meaning."""

    op: Operation
    titles: TitleSet = Field(default_factory=TitleSet)
    by: str | None = None  # most: country genre director cast release_year added_year rating type;
    #                        top: duration_minutes seasons release_year date_added
    ascending: bool = False  # fewest / shortest / oldest first
    limit: int | None = None  # as asked ("top 5"); else each operation's own default
    part: TitleSet | None = None  # share: the sub-set; compare: the second set
    labels: dict[str, list[str]] = Field(default_factory=dict)  # label: keywords (label op)
    role: Role | None = None  # people / costars: which role is asked for
    text: str = ""  # the question part as asked (semantic and web queries)
    about: str = ""  # the description words (semantic search)
    notes: list[str] = Field(default_factory=list)  # how ambiguous words were read
    confidence: float = 1.0  # how sure the reading is (tagger and intent match)
    needs_results: bool = False  # refers to the previous part's titles ("them")
