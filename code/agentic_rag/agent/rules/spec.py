"""The typed meaning of a question: which titles, what to do with them, what to show.

A `QuerySpec` is what the tagger and the intent matcher read from one part of a question; the
SQL and Cypher compilers turn it into tool calls and the writer phrases its answer from it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Role = Literal["director", "cast"]
#: average: what is measured of the running times or seasons (the mean, their sum or median)
Measure = Literal["mean", "total", "median"]
#: the orders and groups that read the date added ("added_month": its year and month)
ADDED_GROUPS = frozenset({"date_added", "added_year", "added_month", "added_calendar_month"})
#: count / list the set; top: first N by a field; most: the group with the most (or fewest)
#: titles; share: % of the set in `part`; compare: two sets' counts; label: counts per description
#: keyword label; average: duration or seasons; describe: a named title's row; people: its
#: directors or cast; costars: who worked with a person; similar: titles like a title; search:
#: titles whose description matches; external: facts the catalog does not hold (critics, news);
#: shared: who worked with both of two people; auteur: who directed and acted in one title;
#: chain: the shortest chain of shared titles between two people (see `relations`); crossover:
#: the people of named titles in one role who hold the other on some title (see `crossover`)
Operation = Literal[
    "count",
    "list",
    "top",
    "most",
    "share",
    "compare",
    "label",
    "average",
    "describe",
    "people",
    "costars",
    "similar",
    "search",
    "external",
    "shared",
    "auteur",
    "chain",
    "crossover",
]


class PersonRef(BaseModel):
    name: str
    role: Role | None = None


class Absent(BaseModel):
    """A person or title the question names by its cue that the catalog does not hold."""

    kind: Literal["person", "title"]
    name: str  # as typed, lower-case words capitalised
    role: Role | None = None
    near: list[str] = Field(default_factory=list)  # closest catalog names, if any are close
    mistyped: bool = False  # `near` holds a held name this one is a typo of (`misspelt`)


class SamePeople(BaseModel):
    """Titles sharing a person in `role` (any role when None) with any of these titles."""

    show_ids: list[str]
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
    #: a month named with no year ("what about april"): a follow-up takes the year of the
    #: earlier window; alone it constrains nothing, and the reading says it dropped it
    added_month: int | None = None
    added_same_year: bool = False  # added to Netflix in its release year
    ratings: list[str] = Field(default_factory=list)
    minutes_min: int | None = None  # inclusive
    minutes_max: int | None = None
    seasons_min: int | None = None
    seasons_max: int | None = None
    keywords: list[str] = Field(default_factory=list)  # description mentions any of them
    missing: list[str] = Field(default_factory=list)  # director / cast / country / rating empty
    titles: list[str] = Field(default_factory=list)  # named titles (catalog spelling)
    title_has: list[str] = Field(default_factory=list)  # a phrase of many titles ("Barbie")
    show_ids: list[str] = Field(default_factory=list)  # a previous answer's titles
    #: an earlier set this one narrows ("Korean dramas … which of those are from Japan": from
    #: Japan among the Korean dramas); its constraints hold too
    within: TitleSet | None = None
    excluded: list[str] = Field(default_factory=list)  # show_ids left out ("what else …")
    #: sets whose titles are left out ("movies not from the US": the US titles), each its own
    without: list[TitleSet] = Field(default_factory=list)
    same_people: SamePeople | None = None  # "… by the same director" as an earlier title

    def is_empty(self) -> bool:
        return self == TitleSet()

    def merged(self, other: TitleSet) -> TitleSet:
        """This set with every field `other` sets replaced by other's value."""
        fields = type(other).model_fields
        return self.model_copy(
            update={
                k: getattr(other, k)
                for k, f in fields.items()
                if getattr(other, k) != f.get_default(call_default_factory=True)
            }
        )


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
    counted: bool = False  # costars: how many people ("how many directors has X worked with")
    in_hours: bool = False  # running times asked in hours ("how long is X in hours")
    measure: Measure = "mean"  # average: "total seasons of …", "median runtime of …"
    breakdown: bool = False  # most: every group's count asked ("… each year"), not the leaders
    #: most: only the groups with this many titles or more / or fewer ("directors with more
    #: than 5 korean titles": 6 or more; `group_bounds.py`)
    group_min: int | None = None
    group_max: int | None = None
    text: str = ""  # the question part as asked (semantic and web queries)
    about: str = ""  # the description words (semantic search)
    notes: list[str] = Field(default_factory=list)  # how ambiguous words were read
    ignored: list[str] = Field(default_factory=list)  # instructions in the question, not acted on
    #: words said beside a named title that describe it ("happy valley, the yorkshire cop one"):
    #: read as its description, not as a filter (`described.py`)
    described: list[str] = Field(default_factory=list)
    confidence: float = 1.0  # how sure the reading is (tagger and intent match)
    #: the operation decision (`intent.py`): its best other candidate, and how far the chosen
    #: operation's score led it (None: no decision was made, e.g. a built or merged spec)
    runner_up: str = ""
    margin: float | None = None
    needs_results: bool = False  # refers to the previous part's titles ("them")
    #: people: only those in every title of the set ("who acted in both of them", "the cast
    #: the two films have in common"), not the people of each (`relations.common_sql`)
    every: bool = False
    #: the words of a first part that refer back with nothing before them ("who is in it" as a
    #: whole question): a meaning the reading could not use (`dangling.py`)
    unresolved: list[str] = Field(default_factory=list)
    other: TitleSet | None = None  # the other reading of an ambiguous word (both are counted)
    absent: list[Absent] = Field(default_factory=list)  # named entities the catalog lacks
    #: an earlier part's top title / all its titles / its first person / the people of its top
    #: title ("the same director")
    ref: Literal["first", "all", "person", "people_of"] | None = None
    #: the turn before's reading, run again only for the person or title a follow-up refers to
    #: ("what else did he direct"): answered in that turn, not again (`writer`)
    replayed: bool = False
    #: "it" / "she" read over titles or people of which it may mean any one (a crowded tie, a
    #: listing, a cast): the reading says so in `notes` and is capped (`ties.capped`)
    crowded: bool = False
    #: a filter read from words that looked like an order or code ("pretend you only know
    #: korean movies"): answered, never sure (`asides`, `confidence.ANSWERED_CAP`)
    from_aside: bool = False
    #: a follow-up's time: the previous question's moved by whole years ("the year after that")
    shifted: int = 0
