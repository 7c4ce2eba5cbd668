"""The offline reader's word tables (`words.yaml`, next to this module): loaded once, checked by
a Pydantic model (unknown keys, bad regexes, a month list that is not twelve names all fail at
import), read by `vocab`, `numbers`, `periods` and `absent`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator

WORDS_PATH = Path(__file__).with_name("words.yaml")


def _regex(pattern: str) -> None:
    try:
        re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"not a regular expression: {pattern!r} ({exc})") from exc


class GenreCue(BaseModel):
    """A cue regex over folded text and the catalog genres it means, per type."""

    model_config = ConfigDict(extra="forbid")
    cue: str
    movie: list[str] = Field(default_factory=list)
    tv: list[str] = Field(default_factory=list)
    #: read as the genre only in a question that names a person ("jeff dunham specials")
    with_person: bool = False
    #: the genres the word means in a ranking with no type named or implied ("the top 3
    #: countries for documentaries": the documentary films); empty: all of them
    alone: list[str] = Field(default_factory=list)

    @field_validator("cue")
    @classmethod
    def _compiles(cls, cue: str) -> str:
        _regex(cue)
        return cue


class Bounds(BaseModel):
    """Words bounding an amount, by how: strict (`above`, `below`) or inclusive, before the
    number or (`*_after`) after it or its unit."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    above: tuple[str, ...]
    at_least: tuple[str, ...]
    below: tuple[str, ...]
    at_most: tuple[str, ...]
    at_least_after: tuple[str, ...]
    at_most_after: tuple[str, ...]


class TitleWords(BaseModel):
    """Words that put a phrase in a title's name ("with christmas in the title")."""

    model_config = ConfigDict(extra="forbid")
    nouns: tuple[str, ...] = Field(min_length=1)
    verbs: tuple[str, ...] = Field(min_length=1)
    named: tuple[str, ...] = Field(min_length=1)


class Negation(BaseModel):
    """What leaves titles out: cue words and the link words between a cue and its entity."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    cues: tuple[str, ...] = Field(min_length=1)
    links: tuple[str, ...]
    #: a bound (a release year, a running time, a number of seasons) is left out by more
    #: words ("skip anything before 2015"), across more words ("excluding those released …")
    bound_cues: tuple[str, ...] = ()
    bound_links: tuple[str, ...] = ()
    after_cues: tuple[str, ...] = ()  # said after the entity: "tv shows excluded"
    #: cues that leave out a whole list joined by "and" too ("excluding dramas and comedies"),
    #: where "not comedies and dramas" stays a guess
    list_cues: tuple[str, ...] = ()


class Words(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    common: frozenset[str]
    small_words: frozenset[str]
    #: words before "'s" that contract "is" or "us", not an owner of a title ("Let's Dance")
    not_owners: frozenset[str]
    genres: list[GenreCue]
    demonyms: dict[str, str]
    ambiguous_countries: frozenset[str]
    type_hints: dict[str, Literal["Movie", "TV Show"]]
    numbers: dict[str, int]
    number_phrases: dict[str, int]
    fractions: dict[str, float]
    months: tuple[str, ...] = Field(min_length=12, max_length=12)
    bounds: Bounds
    halves: dict[str, int]  # which half of a year a word names (0: the last)
    quarters: dict[str, int]
    ordinals: dict[str, int]  # a place in an earlier list ("the second one")
    #: words before "one" that pick no title by its name ("the same one", "the other one")
    one_not_named: frozenset[str]
    year_seasons: dict[str, int]  # a season of a year by its first month
    #: a day of a year by its name ("new year's day 2020"): its month and day
    holidays: dict[str, tuple[int, int]]
    decades: dict[str, int]  # a decade said in words ("the fifties"): its first year
    #: a verb saying a year's edge after a bound ("before 2015 even started"): start or end
    year_edges: dict[str, Literal["start", "end"]]
    #: a year's bound that keeps it, said before it ("up to 2019", "on or before 2015")
    until_words: tuple[str, ...] = Field(min_length=1)
    span_joins: tuple[str, ...]  # what joins a span's two ends ("2016 till 2018")
    one_title_nouns: tuple[str, ...]  # a title noun in the singular ("give me a horror movie")
    #: what a span of years says of its ends: "inclusive" and "exclusive" phrases
    #: and "without": the words before one end's year that leave that end out ("between 2000
    #: and 2005 not counting 2005")
    range_ends: dict[Literal["inclusive", "exclusive", "without"], list[str]]
    #: cues that a title must list every country named (`joint_countries`): said before the
    #: first ("both") or after the last ("together")
    joint_countries: dict[Literal["before", "after"], tuple[str, ...]]
    title_words: TitleWords
    title_attributes: frozenset[str]
    people_attributes: frozenset[str]  # who made a title, as a noun ("its stars")
    people_asked: frozenset[str]  # nouns that make a part ask for people ("which actors")
    people_plain: frozenset[str]  # "who are those guys": the people found before
    texting: frozenset[str]  # "u", "pls": chat words, never a name's word
    entry_nouns: frozenset[str]  # "seasons/titles": a series' entries beside a works noun
    rating_names: dict[str, list[str]]  # a rating's code said in words ("not rated": NR)
    groups_asked: frozenset[str]  # a group a set's titles are ranked by ("the country that …")
    works_nouns: frozenset[str]  # nouns that name a kind of title ("films", "docuseries")
    coworkers: frozenset[str]  # the people someone worked with, as a noun ("co-stars")
    group_refs: tuple[str, ...] = Field(min_length=1)  # "both of them": people named before
    release_words: tuple[str, ...] = Field(min_length=1)  # a time in a description: released
    origin_verbs: tuple[str, ...] = Field(min_length=1)  # "british-made": a nationality
    place_words: tuple[str, ...] = Field(min_length=1)  # a name in a description: a place
    #: phrases that make a piece of a question an instruction to the system or a change to the
    #: data, never acted on ("ignore your rules", "delete all the anime", "you are now a pirate")
    instructions: tuple[str, ...] = Field(min_length=1)
    claim_verbs: tuple[str, ...] = Field(min_length=1)  # "my friend swears X …": a claim
    premise_stances: tuple[str, ...] = Field(min_length=1)  # "i bet there are …": a claim
    premise_amounts: tuple[str, ...] = Field(min_length=1)  # "zero", "like 10": its amount
    premise_checks: tuple[str, ...] = Field(min_length=1)  # "am i wrong?": asks if it is so
    fillers: tuple[str, ...] = Field(min_length=1)  # a piece only of these asks nothing ("then")
    asks: tuple[str, ...] = Field(min_length=1)  # the heads of a question asked ("how many")
    order_asks: tuple[str, ...] = Field(min_length=1)  # what an instruction's clause must ask
    joining_words: tuple[str, ...] = Field(min_length=1)  # "and", "plus": a question's next part
    #: a count asked of every set named ("…, give me both numbers", "how many of each")
    each_asks: tuple[str, ...] = Field(min_length=1)
    #: courtesy words that may end a part ("… plus the shortest one pls")
    for_whom: tuple[str, ...] = Field(min_length=1)  # "… for my kid": who a title is for
    #: nouns that end a description said after a title, by the type they say ("happy valley,
    #: the yorkshire cop one"; "gomorrah the italian mafia show")
    described_kinds: dict[Literal["any", "Movie", "TV Show"], tuple[str, ...]]
    #: words before a title's name that say which version of it ("the original mad max from
    #: 79"): a gloss of the name, checked by the year said with it (`described`)
    edition_words: tuple[str, ...] = Field(min_length=1)
    courtesies: tuple[str, ...] = Field(min_length=1)
    #: chat shorthand for a word that changes what is asked ("w/o": without, `mend`)
    shorthands: dict[str, str] = Field(min_length=1)
    #: an age typed short after its number ("6 yr old", "7 yo", "17 y/o"): the descriptions'
    #: own spelling, "6-year-old" (`mend`)
    age_forms: tuple[str, ...] = Field(min_length=1)
    #: a question word asked alone after a part ("… and when", "… and how long"): the question
    #: it asks of that part's titles; `bare_when_added` when the part before says "added"
    bare_asks: dict[str, str] = Field(min_length=1)
    bare_when_added: str
    bare_tails: tuple[str, ...] = Field(min_length=1)  # "… which year exactly": asks no more
    bare_amounts: dict[str, str] = Field(min_length=1)  # "how many seasons" after a ranking
    #: what asks for a set's size and its titles together, both in one clause that ends or
    #: opens the question ("…, count and titles", "number + list: …"; `shape_asks`)
    shape_counts: tuple[str, ...] = Field(min_length=1)
    shape_lists: tuple[str, ...] = Field(min_length=1)
    lists_alone: tuple[str, ...] = Field(min_length=1)  # "… + list": the count's listing
    tie_words: tuple[str, ...] = Field(min_length=1)  # "(if there's a tie name all)": one, tied
    #: a noun of what is asked of a title, alone as a later part ("… — director?"): its question
    bare_attributes: dict[str, str] = Field(min_length=1)
    #: a noun of what a listing of titles does not show ("… plot"), and what it is
    unshown_attributes: dict[str, Literal["description", "genre", "country"]] = Field(min_length=1)
    uncredited: tuple[str, ...] = Field(min_length=1)  # a credit no title lists ("producer")
    uncredited_verbs: tuple[str, ...] = Field(min_length=1)  # the same, ending a question
    franchise_parts: frozenset[str] = Field(min_length=1)  # "versions" of a franchise
    #: a plural noun of a group ranked by its titles: the group it is ("directors": director)
    group_nouns: dict[str, str] = Field(min_length=1)
    rank_words: frozenset[str] = Field(min_length=1)  # the leaders of a ranking asked ("most")
    #: a running time ranked with a word of size ("the biggest runtime"): the order it says
    size_ranks: dict[Literal["longest", "shortest"], tuple[str, ...]]
    runtime_nouns: tuple[str, ...] = Field(min_length=1)  # "runtime", "running time", "length"
    season_counts: tuple[str, ...] = Field(min_length=1)  # "season count": a number of seasons
    plain_phrases: dict[str, str] = Field(min_length=1)  # "who's behind": "who directed"
    first_place: tuple[str, ...] = Field(min_length=1)  # "#1", "number one": the top one
    usual_words: tuple[str, ...] = Field(min_length=1)  # "the usual rating": the most common one
    all_others: tuple[str, ...] = Field(min_length=1)  # "more … than anyone else": the most
    someone_nouns: tuple[str, ...] = Field(min_length=1)  # "and the person who directed it"
    name_nouns: tuple[str, ...] = Field(min_length=1)  # "director name?": the director
    negation: Negation
    keyword_stops: frozenset[str]  # never a keyword of a question ("mentions war")
    #: what an average asks of running times or seasons besides the mean ("total", "median")
    measures: dict[Literal["total", "median"], tuple[str, ...]]
    versus_words: tuple[str, ...] = Field(min_length=1)  # two averages set against each other
    comparatives: tuple[str, ...] = Field(min_length=1)  # … with "or": "longer … x or y"

    @field_validator("common", mode="before")
    @classmethod
    def _split(cls, value: object) -> object:
        return value.split() if isinstance(value, str) else value

    @field_validator("demonyms")
    @classmethod
    def _patterns(cls, value: dict[str, str]) -> dict[str, str]:
        for pattern in value:
            _regex(pattern)
        return value


def load_words(path: Path = WORDS_PATH) -> Words:
    return Words.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))


WORDS = load_words()  # once per process, at the first import
