"""The shape of an answer a question asks for, and the unit that goes with each type.

* "the longest Spanish thriller", "what is the oldest", "which one is the longest", "which
  reality show has the most seasons": one title (the writer names the titles tied with it); a
  plural head noun ("the longest movies"), a verb in the plural ("which shows have the most
  seasons") or a number ("top 5") asks for a list.
* Units go with types: running time in minutes for movies, seasons for TV shows. A question that
  asks for one type in the other's unit ("TV shows over 2 hours", "the average minutes of TV
  shows", "movies with 3 seasons") is read in the unit the type has, and told so in a note."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.sets import genre_type
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
#: "first" and "last" are superlatives only of the date added: "the first title added", "the
#: very first movie to be added in 2021", "the last title added in 2019", "the first additions"
#: (not "the first season", "first half", "the last 3 years")
FIRST_ADDED = (
    r"(?:very\s+)?(?:first|last)(?=(?:\s+[\w'’{}]+){0,3}?\s+(?:(?:that|which)\s+(?:was|got)\s+)?"
    r"(?:to\s+(?:be\s+|get\s+)?)?(?:ever\s+)?"
    r"(?:added|additions?|arrived|arrive|landed|land|uploaded)\b|\s+additions?\b)"
)
#: "the most seasons" said with a noun of number: "the highest number of seasons", "the
#: greatest count of seasons", "the lowest number of seasons"
MOST_SEASONS = (
    r"(?:most|fewest|(?:most|highest|greatest|largest|biggest|max(?:imum)?|lowest|smallest|"
    r"least|fewest|min(?:imum)?)\s+(?:number|count|amount|no\.?|total)\s+of)\s+seasons"
)
_FEWEST_SEASONS = re.compile(
    r"\b(?:fewest|lowest|smallest|least|min(?:imum)?)\s+(?:(?:number|count|amount|no\.?|total)"
    r"\s+of\s+)?seasons\b",
    re.IGNORECASE,
)
SUPERLATIVE = (
    r"(?:longest[\s-]+running|longest|shortest|oldest|newest|earliest|latest|"
    r"most\s+recent(?:ly\s+(?:added|released))?|"
    rf"{FIRST_ADDED}|{MOST_SEASONS})"
)
#: what a ranking that ends the question orders by ("… the oldest one by release year"), or in
#: brackets ("… and the oldest one (release yr)")
_FIELD = (
    r"(?:the\s+)?(?:release(?:\s+(?:year|yr|date))?|(?:year|yr)(?:\s+(?:of\s+release|"
    r"released|added))?|date(?:\s+(?:added|of\s+release|released))?|runtime|run\s*time|length|"
    r"duration|(?:number\s+of\s+)?seasons)"
)
RANKED_BY = rf"(?:\s+(?:by|in|on)\s+{_FIELD}|\s*\(\s*(?:(?:by|in|on)\s+)?{_FIELD}\s*\))?"
#: the noun after a superlative, past a participle saying what it orders by ("the earliest
#: added documentary", "the most recently released film")
_HEAD = re.compile(
    rf"\b{SUPERLATIVE}(?:\s+(?:added|released|made|uploaded|produced))?"
    r"((?:\s+(?!(?:and|or|from|in|of|by|on|with|that|which|who|"
    r"released|made|added|ever|to|for|is|was|are|were)\b)[\w'’-]+){0,4})",
    _I,
)
#: a title noun in the singular ("series" is either: a verb in the singular says one)
_SINGULAR = r"(?:one|title|show|movie|film|documentary|doc|docuseries|series|special|sitcom|anime)"
#: a title noun that is only singular ("teen show with the most seasons": one, with no "the")
_ONE_NOUN = r"(?:title|show|movie|film|documentary|doc|special|sitcom)"
#: a plural title noun or verb ("which shows have run the longest": a list)
_PLURAL = r"movies|films|shows|titles|ones|documentaries|docs|sitcoms|specials|have|were|are"
_ONE_VERB = re.compile(
    rf"(?:\b(?:is|was|whats|wats)|'s|’s)\s+the\s+{SUPERLATIVE}|"
    # "the longest of those", "the oldest one among them": one of an earlier set
    rf"\bthe\s+{SUPERLATIVE}\s+(?:one\s+)?(?:of|among)\s+(?:them|those|these|['’]?em)(?!\w)|"
    # a clause that is a ranking alone, of the set before it: "count of kids shows + the
    # newest", "korean movies, the longest", "mexican comedies: total? oldest?"
    rf"(?:^|[,:;?–—-])\W*(?:and\s+)?(?:the\s+)?{SUPERLATIVE}(?:\s+one)?{RANKED_BY}\W*$|"
    # a verb in the singular before the superlative: "which reality show has the most seasons",
    # "which aussie series has run the most seasons", "what show has lasted for the most seasons"
    # (not past a plural noun or verb: "which shows ran the longest", "… have lasted the longest")
    rf"\b(?:which|what)\b(?:(?!\b(?:{_PLURAL})\b)[^?.,;]){{0,60}}?\b(?:(?:has|had)(?:\s+(?:run|lasted|aired|gone\s+on|"
    rf"been\s+(?:on|running|going)))?|runs|ran|lasts|lasted|got)\s+(?:for\s+)?"
    rf"(?:the\s+)?{SUPERLATIVE}|"
    r"\bwhich\s+(?:one|of\s+(?:them|those|these)\s+(?:is|was|has|runs|lasts))\b|"
    # "which pokemon came out first", "what barbie movie was released last": the first one
    r"\b(?:which|what)(?:\s+(?!(?:movies|films|shows|titles|ones)\b)[\w'’&-]+){0,4}?\s+(?:came\s+out|(?:was|got)\s+(?:released|made|added)|"
    r"premiered|aired|dropped)\s+(?:(?:to|on|onto)\s+netflix\s+)?(?:the\s+)?(?:first|earliest|last|latest)\b|"
    # the order after its participle, a noun in the singular before it: "the korean movie
    # added earliest", "the thai film released most recently", "the show that got added last"
    rf"\bthe\s+(?:[\w'’&-]+\s+){{0,3}}?{_ONE_NOUN}\s+(?:(?:that|which)\s+(?:was|got)\s+)?"
    r"(?:added|released|premiered|landed|arrived|came\s+out)\s+(?:(?:to|on|onto)\s+netflix\s+)?"
    r"(?:the\s+)?(?:first|earliest|last|latest|most\s+recently)\b(?!\s+(?:year|month|week)\b)|"
    # "the one with the most seasons", "the title that has the longest runtime", "the german
    # show with the most seasons", "the korean film that runs the longest" (a noun in the
    # singular after "the", a few words before it)
    rf"(?:\bthe\s+(?:[\w'’&-]+\s+){{0,3}}?{_SINGULAR}|\b{_ONE_NOUN})\s+"
    # "the show among them with the most seasons": one of the set before it
    r"(?:(?:among|of)\s+(?:them|those|these|['’]?em)\s+)?(?:with|w/|(?:that|which)\s+(?:has|had|runs|ran|"
    rf"lasts|is)|having|running)\s+(?:the\s+)?{SUPERLATIVE}|"
    # "… and name the oldest", "tell me the longest": a ranking alone ends the part, of the set
    # before it (a number would have said how many: "the 3 oldest")
    rf"\b(?:name|tell\s+(?:me|us)|give\s+(?:me|us)|show\s+(?:me|us)|find|get|what(?:'s|’s|s)?"
    rf"(?:\s+is)?|which\s+is)\s+the\s+{SUPERLATIVE}(?:\s+one)?{RANKED_BY}\W*$",
    _I,
)
#: "which one came out first", "which of them was added last": a ranking of the earlier set by
#: its dates (not the entry of "the first one"); group 1 the verb, group 2 which end
CAME_FIRST = re.compile(
    r"(?:\bwhich(?:ever)?(?:\s+one|\s+of\s+(?:them|those|these))?|(?:\{n\}|\bthe\s+(?:one|title|"
    r"show|movie|film))(?:\s+(?:that|which))?)\s+(?:\w+\s+)?(?:was\s+|got\s+|were\s+)?"
    r"(came\s+out|released|added|premiered|dropped|made|aired)\s+(first|earliest|last|latest|"
    r"most\s+recently)\b",
    _I,
)


def by_date(spec: QuerySpec, piece: str) -> bool:
    """'which one came out first', 'which of them was added last': the one title of the set
    before it that comes first by that date (release year or date added); False if not said."""
    when = CAME_FIRST.search(piece)
    if when:
        spec.op, spec.limit, spec.about = "top", 1, ""
        spec.by = "date_added" if when.group(1).casefold() == "added" else "release_year"
        spec.ascending = when.group(2).casefold() in ("first", "earliest")
        spec.runner_up, spec.margin = "", None  # decided by the wording, not the vote
    return bool(when)


_MINUTES = re.compile(
    r"\b(?:minutes?|mins?|hours?|hrs?|running\s+time|run\s*time|length|"
    r"duration|long)\b",
    _I,
)
_SEASONS = re.compile(r"\bseasons?\b", _I)


#: running times asked in hours: "how long is the irishman in hours", "how many hours is it"
IN_HOURS = re.compile(
    r"\b(?:in\s+(?:hours|hrs)|how\s+many\s+(?:hours|hrs)|(?:hours|hrs)\s+long|"
    r"(?:total|combined|sum\s+of)\s+(?:hours|hrs))\b",
    re.I,
)


_RANKS = re.compile(rf"\b(?:{'|'.join(sorted(WORDS.rank_words))})\b", _I)
_ORDERED = re.compile(rf"\b{SUPERLATIVE}\b|{_RANKS.pattern}", _I)


def ranking_said(text: str) -> bool:
    """Whether `text` says a ranking: a superlative ("the longest") or a rank word ("the most
    seasons", "the highest rating")."""
    return bool(_ORDERED.search(text))


def breakdown(masked: str) -> bool:
    """A ranking of groups asked with no word for its leaders ("how many horror movies came out
    each year", "titles per country"): every group's count is the answer, not the first."""
    return not _RANKS.search(masked)


def in_hours(masked: str) -> bool:
    return bool(IN_HOURS.search(masked))


def hours(minutes: int) -> str:
    """A running time in hours and minutes: 209 -> '3 h 29 min'."""
    h, m = divmod(minutes, 60)
    return f"{h} h {m} min" if m else f"{h} h"


def one_asked(text: str) -> bool:
    """'the longest Spanish thriller', 'what is the oldest': one title; the head noun after the
    superlative in the plural ('the longest movies') asks for a list."""
    m = _HEAD.search(text)
    words = m.group(1).split() if m else []
    # a noun the same in both numbers ("series", "docuseries", "miniseries") says nothing
    if words and not words[-1].casefold().endswith("series") and words[-1].casefold() != "one":
        head = words[-1].casefold()
        return not (head.endswith("s") and not head.endswith("ss")) and head != "people"
    return bool(_ONE_VERB.search(text)) or bool(words)


#: (not "show me ...", the verb; nor a noun before people, "the top stand-up special directors")
_ONE_TITLE = re.compile(
    r"\b(?:movie|film|show(?!\s+(?:me|us|them|all|every))|documentary|doc|special|cartoon|"
    rf"sitcom|docuseries)\b(?!\s+(?:{'|'.join(w for w in WORDS.people_asked if w[-1] == 's')})\b)",
    _I,
)


def one_described(text: str, unused: list[str], named: bool) -> bool:
    """'korean zombie movie on a train', 'that british baking show': a title noun in the
    singular, naming no one and no title, with words the set's filters did not use, describes
    one title (a search by description within the filters), not a listing."""
    return bool(unused) and not named and bool(_ONE_TITLE.search(text))


_DATED = re.compile(r"\b(?:oldest|older|earliest|newest|newer|latest|most\s+recent)\b", _I)
_LENGTHS = re.compile(r"\b(?:longest|shortest|longer|shorter)\b", _I)


def order(masked: str, s: TitleSet, added: bool) -> tuple[str, bool]:
    """The column a ranking orders by, and whether the smallest comes first."""
    if re.search(rf"\b{MOST_SEASONS}\b", masked, re.IGNORECASE):
        return "seasons", bool(_FEWEST_SEASONS.search(masked))
    if re.search(r"\blongest[\s-]+running\b", masked, re.I) and s.type != "Movie":
        return "seasons", False  # "the longest-running anime": the one that ran most seasons
    #: a date superlative, no length one: "how long is the oldest X" asks the oldest's runtime
    dated = _DATED.search(masked) and not _LENGTHS.search(masked)
    if not dated and re.search(rf"\b(?:length|runtime|duration|long)\b|{_LENGTHS.pattern}", masked):
        kind = s.type or genre_type(s)  # "the longest anime series": a TV genre, in seasons
        tv = kind == "TV Show" or "season" in masked
        return ("seasons" if tv else "duration_minutes"), bool(
            re.search(r"\bshort(?:est|er)\b", masked)
        )
    asc = bool(re.search(r"\b(?:oldest|older|earliest|first)\b", masked))
    return ("date_added" if added else "release_year"), asc


def average_unit(masked: str, s: TitleSet) -> str:
    """'seasons' or 'duration_minutes': the unit named, else the one the type has."""
    seasons, minutes = bool(_SEASONS.search(masked)), bool(_MINUTES.search(masked))
    if seasons != minutes:
        return "seasons" if seasons else "duration_minutes"
    return "seasons" if s.type == "TV Show" else "duration_minutes"


def fit_units(
    s: TitleSet, by: str | None, named: frozenset[str] = frozenset()
) -> tuple[str | None, list[str]]:
    """The ordering column in the unit its type has, with a note for each unit that does not fit
    the type (a limit in the other unit is kept: no title matches it, and the note says why).
    `named`: the types the question named; both, with a unit only one has ("movies and shows
    over 2 hours"), are read over that one type, and the note says so."""
    notes = []
    minutes = s.minutes_min is not None or s.minutes_max is not None
    seasons = s.seasons_min is not None or s.seasons_max is not None
    if len(named) == 2 and (minutes or seasons or by in ("seasons", "duration_minutes")):
        tv = seasons or (by == "seasons" and not minutes)
        notes.append(
            "movies and TV shows were both named; read over "
            + (
                "TV shows only: movies have a running time, not seasons"
                if tv
                else "movies only: TV shows are measured in seasons, not minutes"
            )
        )
        return by, notes
    if s.type == "TV Show" and (minutes or by == "duration_minutes"):
        by = "seasons" if by == "duration_minutes" else by
        notes.append(
            "TV shows are measured in seasons, not minutes"
            + (" (the catalog has no running time for them)" if minutes else "")
        )
    if s.type == "Movie" and (seasons or by == "seasons"):
        by = "duration_minutes" if by == "seasons" else by
        notes.append(
            "movies have a running time, not seasons"
            + (" (the catalog has no seasons for them)" if seasons else "")
        )
    if s.type is None and by in ("seasons", "duration_minutes"):
        kind = "TV shows, in seasons" if by == "seasons" else "movies, in minutes"
        notes.append(f"read over {kind} (movies are measured in minutes, TV shows in seasons)")
    return by, notes


def refit(spec: QuerySpec) -> QuerySpec:
    """A part read with the part before it ("how many docuseries came out in 2017, and which is
    the longest"): its ordering in the unit of the type it took from that part (seasons for
    shows), where read alone it had no type and ordered movies by minutes."""
    by = {"TV Show": "seasons", "Movie": "duration_minutes"}.get(spec.titles.type or "")
    if by and spec.by in ("seasons", "duration_minutes") and spec.by != by:
        alone = fit_units(TitleSet(), spec.by)[1]  # the note the part got read with no type
        spec.by, spec.notes = by, [n for n in spec.notes if n not in alone]
    return spec


def own_units(merged: TitleSet, new: TitleSet) -> TitleSet:
    """A set read with an earlier part's set (`merged`): an amount it took from the earlier part
    in the unit the other type has is left out when its own part asks for this type ("movies
    over 2 hours … and how many dramas with 3+ seasons": the seasons go with shows only)."""
    if new.type == "TV Show" and new.minutes_min is None and new.minutes_max is None:
        merged.minutes_min = merged.minutes_max = None
    if new.type == "Movie" and new.seasons_min is None and new.seasons_max is None:
        merged.seasons_min = merged.seasons_max = None
    return merged


#: a part that only asks for the titles of the listing before it ("… ? list them", "name em",
#: "n name a few")
LIST_THEM = re.compile(
    r"\W*(?:(?:and|so|pls|please|then)\s+)?(?:list|name|show|give)\s+(?:me\s+)?"
    r"(?:them|those|these|them\s+all|all\s+of\s+them|(?:a\s+few|some|a\s+couple|several)"
    r"(?:\s+of\s+(?:them|those|these))?)(?:\s+(?:pls|please))?\W*",
    re.IGNORECASE,
)
#: a later part that asks for the earlier part's titles by a pronoun or a word of `lists_alone`
#: alone ("… how many and what are they", "…, which ones", "any of those docuseries? which",
#: "number of films he directed + list"): a listing of that set, with no words of its own
THEY_LISTED = re.compile(
    rf"{LIST_THEM.pattern}|\W*(?:and\s+|plus\s+)?(?:(?:what|which)\s+(?:are|were)\s+(?:they|those|these)|"
    rf"(?:{'|'.join(WORDS.lists_alone)})(?:\s+(?:too|also|pls|please))?|"
    r"(?:what\s+|which(?:\s+|(?=\W*$)))(?:(?:ones?|titles?)(?:\s+(?:are|were)\s+(?:they|those|these))?)?)\W*",
    _I,
)
