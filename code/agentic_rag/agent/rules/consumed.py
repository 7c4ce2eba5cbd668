"""Which words of a question a reading's operations and spec fields consumed (`usage` weighs the
rest): the cue or wording that decided each part's operation (`intent.CUES`,
`relation_words.WORDING`, each operation's own wordings in `_OWN`), the words an answer of that
operation says (`reading_words.yaml`), a ranking's group words, a follow-up's lead, and the words a
part's fields carry (its searched description, keywords, labels, an `external` part's text)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules import billing, joint_countries, relation_words
from agentic_rag.agent.rules.amounts import (
    AMOUNT_ASKED,
    BARE_AMOUNT,
    GROUP_BOUND,
    IN_ITS_UNIT,
    LASTING,
)
from agentic_rag.agent.rules.any_role import ANY_ROLE
from agentic_rag.agent.rules.compose import OTHER, SAME, SINGULAR
from agentic_rag.agent.rules.costar_count import PEOPLE_COUNT
from agentic_rag.agent.rules.costar_sql import REPEAT
from agentic_rag.agent.rules.cues import CUES, GROUP_WORDS
from agentic_rag.agent.rules.dated_by import ADDED_VERB
from agentic_rag.agent.rules.follow import FOLLOW_LEAD, FOLLOWED, SAME_TIME
from agentic_rag.agent.rules.follow_parts import WITH_EARLIER
from agentic_rag.agent.rules.measure_words import measure_used
from agentic_rag.agent.rules.pairs import each_said
from agentic_rag.agent.rules.people_rows import PEOPLE_OPS, ranks_people
from agentic_rag.agent.rules.person_refs import OF_TITLE, PERSON_REF, THEY
from agentic_rag.agent.rules.sets import is_tv_genre
from agentic_rag.agent.rules.shape import CAME_FIRST, IN_HOURS
from agentic_rag.agent.rules.shape_asks import shape_words
from agentic_rag.agent.rules.shift import SHIFT
from agentic_rag.agent.rules.spec import ADDED_GROUPS, QuerySpec, TitleSet
from agentic_rag.agent.rules.split import both_asked
from agentic_rag.agent.rules.title_refs import place_words
from agentic_rag.agent.rules.usage_words import meaning, reading_words
from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.agent.rules.words import WORDS

DESCRIBED = frozenset({"search", "people", "similar"})  # operations that use the described words
_PEOPLE_OPS = PEOPLE_OPS | {"chain"}  # a chain of shared titles runs through people too
_RELEASE = re.compile(r"\breleas(?:e|es|ed)\b")  # a title as released: "the newest release"
#: a number of seasons said with a noun of number: "the average season count", "the highest
#: count of seasons" (not a count of titles)
_SEASON_COUNT = re.compile(
    r"\bseasons?\s+(?:count|total|tally)\b|\b(?:count|tally)\s+of\s+seasons\b"
)
#: a time said again after the time named ("{date} … that day")
_TIME_AGAIN = re.compile(rf"\{{\w+\}}.*?(?:{SAME_TIME.pattern})", re.IGNORECASE)
_TIMED = frozenset({"average", "top", "describe", "list"})  # answers that say running times
#: each operation's own deciding wordings besides its cue (read on the masked question)
_OWN: dict[str, tuple[re.Pattern[str], ...]] = {
    "most": (CUES["most"], GROUP_BOUND),  # "per year", "by number"; "with over 5 {type}"
    "top": (CUES["top"], CUES["most"], AMOUNT_ASKED, LASTING),  # "… has how many seasons"
    "count": (CUES["count"],),
    "describe": (CUES["describe"],),
    "external": (CUES["external"],),
    "compare": (CUES["compare"],),
    "average": (CUES["average"], AMOUNT_ASKED, LASTING),  # "… last how many seasons"
    #: a ranking ("who has directed X the most"), a bound ("more than once"), a count of people
    "costars": (CUES["costars"], CUES["most"], REPEAT, PEOPLE_COUNT, ANY_ROLE),
    "people": (CUES["people"], ANY_ROLE),  # "credited on both X and Y (cast or director)"
}


def _either_genre(spec: QuerySpec) -> bool:
    """Whether a genre group of the part accepts two genres of one type ("anime series or kids
    tv"), not only one genre word's movie and TV names ("comedies": Comedies, TV Comedies)."""
    kinds = [[is_tv_genre(g) for g in group] for group in spec.titles.genres]
    return any(len(k) != len(set(k)) for k in kinds)


def _matched(patterns: tuple[re.Pattern[str], ...], masked: str) -> set[str]:
    return {
        w.casefold() for p in patterns for m in p.finditer(masked) for w in WORD.findall(m.group())
    }


def searched(spec: QuerySpec) -> bool:
    """Whether the part searches its description words (a `people` or `similar` part with a
    named title reads that title's credits, not the words after "who")."""
    return spec.op == "search" or (spec.op in DESCRIBED and not spec.titles.titles)


def _all_of(t: TitleSet) -> bool:
    """Two or more conditions of different kinds, each one value, so all must hold ("both
    dramas and from poland", "both rated r and from canada"); a list of countries or ratings
    is any of them, so "both" there is not this reading's."""
    if len(t.countries) > 1 or len(t.ratings) > 1 or len(t.genres) > 1:
        return False
    bounds = (
        (t.year_from, t.year_to),
        (t.added_from, t.added_to),
        (t.minutes_min, t.minutes_max),
        (t.seasons_min, t.seasons_max),
    )
    kinds = [t.countries, t.genres, t.ratings, *(any(v is not None for v in b) for b in bounds)]
    return sum(bool(k) for k in kinds) >= 2


def consumed(specs: list[QuerySpec], masked: str, fields: bool = True) -> set[str]:
    """The words of the (masked) question that the reading's operations and, with `fields`, its
    spec fields (the searched description, keywords, labels, a part's text) consumed."""
    rw = reading_words()
    used = {w.casefold() for w in rw.structural}
    for s in specs:
        own = (*_OWN.get(s.op, ()), *relation_words.WORDING.get(s.op, ()))
        if s.op in CUES and s.op not in _OWN:
            own = (CUES[s.op], *own)
        used |= _matched(own, masked) | set(rw.by_op.get(s.op, ()))
        if s.ref == "first" or s.titles.show_ids:  # "who is in the 2nd one": that title
            used |= place_words(s.text)
        if s.op == "describe":  # "how many seasons does it have": "it" is the title looked up
            used |= _matched(own, SINGULAR.sub("{title}", masked)) - {"title"}
        sets = (s.titles, s.part) if s.part is not None else (s.titles,)  # a share's part too
        if any(len(t.people) >= 2 or len(t.genres) >= 2 for t in sets):  # all of them, together
            used |= set(rw.conjunction)
        if any(_all_of(t) for t in sets):  # "both from turkey and rated tv-ma": each holds
            used |= set(rw.all_of)
        if any(joint_countries.nested(t) for t in sets):  # "both india and the us": each of them
            used |= _matched((joint_countries.CUE,), masked)
        if s.every:  # the people in all of its titles: "both", "in common", "share"
            used |= _matched((relation_words.EVERY,), masked) | set(rw.conjunction)
        if any(t.countries or any(w.countries for w in t.without) for t in sets):
            used |= set(rw.countries)  # "have the uk among their countries"
        if len(s.titles.countries) >= 2 or len(s.titles.ratings) >= 2 or _either_genre(s):
            used |= set(rw.disjunction)
        used |= set(rw.keywords) if s.titles.keywords or s.labels else set()
        used |= set(rw.franchise) if s.titles.title_has else set()  # "the naruto franchise"
        used |= set(rw.conjunction) if len(s.titles.title_has) >= 2 else set()  # "X plus Y films"
        #: a role serves a part about people or whose answer names them (a title's entry); not a
        #: ranking or count of titles ("the oldest musical film director" as Gigi shows no one)
        about_people = s.titles.people or s.ref or s.op in _PEOPLE_OPS or s.titles.missing
        if about_people or (s.role and (ranks_people(s) or s.op == "describe")):
            used |= set(rw.people)
        if s.titles.added_from or s.titles.added_to or s.by in ADDED_GROUPS:
            used |= _matched((ADDED_VERB,), masked)
        if s.shifted:  # "the year after that": the previous time, moved
            used |= _matched((SHIFT,), masked)
        if s.op == "top":  # "… and which one came out first": the order's words
            used |= _matched((CAME_FIRST,), masked)
        if s.by == "release_year":  # "her earliest release": the year it orders by
            used |= _matched((_RELEASE,), masked)
        if billing.asks_lead(s):  # "who's the lead in X": its first billed
            used |= _matched((billing.LEAD,), masked)
        if FOLLOWED in s.notes:  # "same for the following year": the lead of a follow-up
            used |= _matched((FOLLOW_LEAD,), masked)
        t = s.titles  # "and tv shows that same day?", "… - how many landed that day", "xmas
        #: day 2020, how many got added that day": the time carried over or named before it
        timed = t.added_from or t.added_to or t.year_from or t.year_to or t.added_month
        if timed and (FOLLOWED in s.notes or WITH_EARLIER in s.notes or _TIME_AGAIN.search(masked)):
            used |= _matched((SAME_TIME,), masked)
        used |= _matched((BARE_AMOUNT,), s.text.casefold()) if IN_ITS_UNIT in s.notes else set()
        used |= measure_used(s, masked)  # "total", "median"; two means "longer … than"
        if s.in_hours and (s.op in _TIMED or (s.op == "compare" and s.by)):  # said in hours
            used |= _matched((IN_HOURS,), masked)
        if s.by == "seasons" and s.op in ("average", "top", "compare"):  # "average season count"
            used |= _matched((_SEASON_COUNT,), masked)
        if s.by and s.by in GROUP_WORDS:
            used |= _matched((GROUP_WORDS[s.by],), masked)
        if s.ref == "people_of":  # "the same director": the wording the part was read from
            used |= _matched((SAME,), masked)
        if s.ref == "person":  # "the guy who directed X … his": the person the part refers to
            who = _matched((OF_TITLE, PERSON_REF, THEY), masked)  # "what else of theirs"
            #: one of a cast is its first billed: "the woman who starred in X" asks more
            used |= who - set(meaning().words) if s.role == "cast" else who
            used |= _matched((OTHER,), masked)  # "… besides that": their titles but the earlier
        said = " ".join(
            [
                s.about if searched(s) else "",
                *s.titles.keywords,
                *(w for v in s.labels.values() for w in v),
                *s.labels,
                s.text
                if s.op == "external"
                or (s.op == "describe" and (not s.titles.titles or s.ref == "first"))
                else "",
            ]
        )
        used |= {w.casefold() for w in WORD.findall(said)} if fields else set()
    if all(s.op == "compare" for s in specs):  # "… which has more? both counts": its two
        used |= each_said(masked)
    if len(specs) > 1:  # the split into parts used its joining word and each part's opener
        #: (an everyday word: "westerns from the forties - how many" opens with the set's noun)
        openers = {w.casefold() for s in specs for w in WORD.findall(s.text)[:1]} & COMMON
        #: not a word that changes the meaning ("best rated kids show and how long is it")
        used |= set(WORDS.joining_words) | (openers - set(meaning().words))  # "and", "n", "plus"
        if all(s.op == "count" for s in specs):  # "… give me both numbers": a count each
            used |= each_said(masked)
        if [s.op for s in specs[:2]] == ["count", "list"]:  # "…, count and names"
            used |= shape_words(masked)
        if all(s.op == "top" for s in specs):  # "the longest and shortest one, both at once"
            used |= both_asked(masked)
    return used | _slashed(masked)


_SLASH = re.compile(r"\b(\w+)\s*/\s*(\w+)\b")
_NOUNS = WORDS.works_nouns | WORDS.entry_nouns


def _slashed(masked: str) -> set[str]:
    """A series' entries said with a slash beside a works noun ("terrace house seasons/titles
    count", "titles/seasons"): the same thing named twice, read as the works noun (a type, or
    every title). Not two genres or places ("comedies/dramas"): each one a filter of its own."""
    out = set()
    for m in _SLASH.finditer(masked):
        pair = {m.group(1).casefold(), m.group(2).casefold()}
        if pair <= _NOUNS and pair & WORDS.works_nouns:
            out |= pair
    return out
