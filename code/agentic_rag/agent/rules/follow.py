"""A follow-up ("what about 2019?", "who directed them?", "and only movies?") read against the
previous turn's question: the new part's entities replace the same fields of the old spec."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentic_rag.agent.models import ReadingConfidence
from agentic_rag.agent.rules import ties, title_refs
from agentic_rag.agent.rules.compose import (
    DESCRIBE_FLOOR,
    PERSON_REF,
    SAME,
    SINGULAR,
    WORKS,
    amount_of_it,
    describes_it,
    person_again,
)
from agentic_rag.agent.rules.cues import CUES
from agentic_rag.agent.rules.dated_by import RELEASE_VERB
from agentic_rag.agent.rules.narrowing import AMONG, UNNARROWED, narrowed, narrows_nothing
from agentic_rag.agent.rules.person_refs import BARE_WHO
from agentic_rag.agent.rules.relation_words import restates
from agentic_rag.agent.rules.sets import retyped
from agentic_rag.agent.rules.shape import CAME_FIRST, SUPERLATIVE, THEY_LISTED, by_date
from agentic_rag.agent.rules.shares import SHARE_OF_IT
from agentic_rag.agent.rules.shift import moved
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.title_refs import NTH, THAT_ASKED, at_place, place, place_words
from agentic_rag.agent.rules.vocab import COMMON, WORD

_I = re.IGNORECASE
PRONOUN = re.compile(
    rf"\b{NTH}|\b{THAT_ASKED}\b|\b(?:them|those|these|they|their|it|its|ones|(?:that|this)\s+(?:one|movie|film|"
    r"show|series|title)|that(?=\W*$)|(?:both|each\s+one|all\s+(?:two|three|four))(?=\W*$))\b",
    _I,
)
FOLLOW_LEAD = re.compile(
    r"^(?:(?:and\s+|but\s+|now\s+|ok(?:ay)?\s+)?(?:the\s+)?same\s+(?:thing\s+)?(?:for|but|goes\s+for)|"
    r"and|only|just|but|also|now|ok(?:ay)?|so|what\s+about|how\s+about|"
    r"which\s+(?:ones?\s+)?(?:of|among)\s+(?:these|those|them|the\s+(?:movies|films|shows|"
    r"series|titles|documentaries|ones))|of\s+(?:these|those)|same\s+(?:for|"
    r"but)|among\s+(?:these|those))\b",
    _I,
)
_THAT = re.compile(rf"\b{THAT_ASKED}\b", _I)
#: "the oldest one", "the one with the most seasons", "the one that runs the longest", "the one
#: added most recently": one title of the set before, by an order
_ONE_RANKED = re.compile(
    rf"\bthe\s+(?:{SUPERLATIVE}\s+(?:[\w-]+\s+){{0,2}}?one\b|one\s+(?:(?:with|w/|having|running|"
    rf"(?:that|which)\s+\w+)\s+(?:the\s+)?{SUPERLATIVE}|(?:(?:that|which)\s+(?:was|got)\s+)?"
    r"(?:added|released|made)\s+(?:first|last|earliest|latest|most\s+recently)\b))",
    _I,
)
#: the note of a part read with the previous question: its lead ("same for …") was used
FOLLOWED = "a follow-up: read with the previous question"
#: how likely right a follow-up of a turn that asked back is at most: the reading it builds on
#: was never answered nor chosen ("how many seasons of money heist" asked back, then "and when
#: was it added" must not be sure of the guess it was offered)
UNCONFIRMED_SURE = 0.45
#: what a title's entry says of it, asked as a count or length ("how many seasons", "how long")
_OF_ONE = re.compile(r"\bhow\s+(?:many\s+(?:seasons|episodes|minutes)|long)\b", _I)
#: a follow-up that opens by asking "which": the titles themselves, even after a count
WHICH_ASKED = re.compile(r"^(?:and\s+|but\s+|so\s+|ok(?:ay)?\s+)?which\b", _I)
#: a follow-up that asks for the titles counted before by name ("ok list them", "can you name
#: those", "show me all of them"): a listing, even after a count ("and only movies?" stays one)
NAME_THEM = re.compile(
    r"\b(?:list|name|show\s+me|give\s+me|tell\s+me|what\s+are)\s+(?:all\s+(?:of\s+)?)?"
    r"(?:them|those|these|['’]?em|they)\b",
    _I,
)

#: the time the answer before it was read in, said again: "that same day", "that year", "the
#: same month", "back then"
SAME_TIME = re.compile(
    r"\b(?:(?:that|the|this)\s+(?:very\s+)?same|that)\s+(?:day|date|year|month|week|period|time)\b|"
    r"\b(?:back\s+)?then\W*$",
    _I,
)
_TIMES = ("year_from", "year_to", "added_from", "added_to", "added_month")


def _of_it(old: QuerySpec, out: QuerySpec, fresh: TitleSet, text: str) -> None:
    """'how many korean shows were added in 2020' then 'what percent is that of all shows added
    that year': the share of the answer before (its set) within the set named now, at the same
    time when it says so."""
    out.part = old.titles.model_copy(deep=True)
    out.titles = fresh.model_copy(deep=True)
    if SAME_TIME.search(text):
        for k in _TIMES:
            if getattr(out.titles, k) in (None, "") and getattr(old.titles, k) not in (None, ""):
                setattr(out.titles, k, getattr(old.titles, k))


_NAMES_PEOPLE = frozenset({"people", "costars", "shared", "auteur", "crossover"})


_IS = r"(?:'s|’s|s|\s+is|\s+was)"
#: a part that only asks the name of the title described before it ("an explorer crosses the
#: pacific on a raft, what's it called"): the search for it answers with its name
_NAME_ASKED = re.compile(
    rf"\W*(?:(?:and|so)\s+)?(?:what{_IS}\s+(?:it|this|that|this\s+one|that\s+one)\s+called|"
    rf"what{_IS}\s+(?:the\s+|its\s+)?(?:name|title)(?:\s+of\s+(?:it|this|that))?|"
    r"(?:what|which)\s+(?:one|movie|film|show|series|documentary|title)\s+(?:is|was)\s+"
    r"(?:it|this|that)|(?:what|which)\s+is\s+it|(?:its|the)\s+(?:name|title))\W*",
    _I,
)


def answered_by(prev: QuerySpec, spec: QuerySpec, piece: str) -> bool:
    """'…the most titles, and how many?': a bare count after a ranking is part of the ranking
    (not "… - how many seasons has it got": the ranked title's own entry); "… where the
    director acted in it too? who?": a bare "who" after a part that names people is that part;
    "…, what's it called" after a search or a ranking of one title is that part."""
    if BARE_WHO.fullmatch(piece) and prev.op in _NAMES_PEOPLE:
        return True
    one = prev.op == "search" or prev.ref == "first" or (prev.op == "top" and prev.limit == 1)
    if _NAME_ASKED.fullmatch(piece) and one:  # "…, what's it called", "… what film is that"
        return True
    if THEY_LISTED.fullmatch(piece) and prev.op == "list" and spec.titles.is_empty():
        return True  # "anything from guatemala? list them", "any thai docs? which": the listing
    t = spec.titles
    if restates(prev.op, piece, bool(t.people or t.titles or t.title_has or spec.absent)):
        return True  # "how is A linked to B? shortest path of people who worked together"
    return (
        prev.op in ("most", "top")
        and spec.op in ("count", "list")
        and spec.titles.is_empty()
        and bool(re.search(r"\bhow\s+many\b", piece, _I))
        and not SAME.search(piece)  # "… and how many have the same director" asks more
        and not (describes_it(piece) or amount_of_it(prev, piece))
    )


def is_follow_up(text: str, spec: QuerySpec) -> bool:
    #: no subject of its own: a person, a title, a phrase of titles ("how many barbie movies"
    #: after "how many korean movies" is a new question) or a name the catalog lacks
    t = spec.titles
    bare = not (t.people or t.titles or t.title_has or spec.absent)
    short = spec.needs_results or len(WORD.findall(text)) <= 4
    someone = bare and PERSON_REF.search(text) is not None  # "what else did he direct?"
    same = bare and SAME.search(text) is not None  # "what else has the same director made?"
    that = bare and _THAT.search(text) is not None  # "when did that come out"
    that = that or (spec.op == "share" and SHARE_OF_IT.search(text) is not None)
    #: "which was released most recently", "show me the oldest one", "when was the last one
    #: added": a ranking naming no titles of its own ("one": of the set before)
    that = that or (bare and CAME_FIRST.search(text) is not None and not WORKS.search(text))
    that = that or (bare and _ONE_RANKED.search(text) is not None)
    #: "how many of them star X", "any of those with X", "which ones star X": the set before,
    #: narrowed by the person or title the follow-up names (not a new question about them)
    among = AMONG.search(text) is not None
    return bool(FOLLOW_LEAD.match(text)) or (bare and short) or someone or same or that or among


#: what a set is about (its subject): a follow-up that names a subject of its own replaces them all
_SUBJECT = ("countries", "genres", "people", "titles", "title_has", "show_ids", "keywords")


def new_subject(fresh: TitleSet, text: str) -> bool:
    """'how many korean shows' then 'and pokemon?': a follow-up that names a title or a phrase of
    titles and no filter besides (no country, genre, ...) asks the same question of
    a new subject, not of the old one narrowed to it (South Korean Pokémon shows: none); the
    frame carries over (the type, the years, the ratings: "and pokemon?" counts Pokémon shows).
    "which of those are pokemon" narrows (a reference back)."""
    named = bool(fresh.titles or fresh.title_has)  # a person may narrow: "and with Song Kang-ho?"
    filters = bool(fresh.countries or fresh.genres or fresh.keywords)
    return named and not filters and not PRONOUN.search(text) and not AMONG.search(text)


def _frame(old: TitleSet) -> TitleSet:
    """The old set without its subject (`_SUBJECT`): what a new subject is asked with."""
    return old.model_copy(update={k: [] for k in _SUBJECT} | {"within": None})


_AGGREGATES = ("most", "top", "average", "share")


def follow(old: QuerySpec, new: QuerySpec, text: str, prev_ids: Sequence[str]) -> QuerySpec:
    """The new part read with the previous question: its entities replace the old ones.

    The operation is not decided again here: both parts' operations were decided by the one
    decision (`Reader.decide`), and this layer picks which turn's applies. The new part's own
    when it names one (a count or people cue, or an operation that needs its own wording:
    most, share, compare, average, top); else the previous turn's, and a bare "and only …"
    narrowing of anything but a count, people, a search or similar titles lists the narrowed
    set ("and which of those …" lists it after a count too, also when the words after it were
    read as a search: "which of those does he also act in")."""
    own = bool(CUES["count"].search(text) or CUES["people"].search(text)) or new.op in (
        "most",
        "share",
        "compare",
        "average",
        "top",
    )
    own = own and not (new.op == "search" and new.needs_results)  # "which of those did he …"
    #: a title of its own, asked its entry ("who directed furie", "and how long is jackpot")
    entry = new.confidence >= DESCRIBE_FLOOR or bool(_OF_ONE.search(text))
    own = own or (new.op == "describe" and bool(new.titles.titles) and entry)
    new = new.model_copy(deep=True)
    person_again(old, new, text)  # "which of those did he direct himself"
    out = (new if own else old).model_copy(deep=True)
    fresh = new.titles.model_copy()
    dated = old.titles.added_from or old.titles.added_to
    if dated and fresh.year_from and not RELEASE_VERB.search(text):  # "what about 2020?" after
        last = (fresh.year_to or fresh.year_from) + 1  # a question on dates added: same dimension
        fresh.added_from, fresh.added_to = f"{fresh.year_from}-01-01", f"{last}-01-01"
        fresh.year_from = fresh.year_to = None
    base, out.shifted = moved(old.titles, fresh, text)  # "and the year after that?"
    if new_subject(fresh, text):  # "how many korean shows" then "and pokemon?"
        out.titles, out.other, out.shifted = narrowed(_frame(old.titles), fresh, text), new.other, 0
    else:  # the other reading of an ambiguous word ('korean': the genre) follows it too
        out.titles = narrowed(base, fresh, text)
        if fresh.type and fresh.type != old.titles.type:  # "anime movies" then "and series?"
            out.titles.genres = retyped(out.titles.genres, fresh.type)
        both = old.other is not None and out.op in ("count", "average")
        other = moved(old.other, fresh, text)[0] if old.other else None
        out.other = narrowed(other, fresh, text) if both and other else new.other
    if out.op == "share" and SHARE_OF_IT.search(text) and old.op in ("count", "list"):
        _of_it(old, out, fresh, text)
    shown = list(dict.fromkeys(i for i in prev_ids if re.fullmatch(r"s\d+", str(i))))
    asks_names = NAME_THEM.search(text) is not None  # "ok list them" after a count
    placed = False  # a place in the previous answer's list was taken ("who's in the 2nd one")
    if own and new.op in ("people", "costars") and (PRONOUN.search(text) or place(text)):
        ids = shown
        nth = at_place(ids, text)  # "who is in the second one": that title of the answer alone
        ids = ties.few_ids(old, new, ids, bool(SINGULAR.search(text))) if nth is None else nth
        placed = bool(nth)  # "the fifth one" after four titles: a place the answer lacks
        #: the earlier question named them ("who stars in the crown", then "and who directed
        #: it?"): the names go with the ids, so the reading and the answer can say them
        named = old.titles.titles if len(ids) <= len(old.titles.titles) else []
        out.titles = TitleSet(titles=named, show_ids=ids[:50]) if ids else old.titles
        out.about = "" if ids else old.about
    elif (
        not own
        and (new.op == "list" or (new.op == "search" and (WHICH_ASKED.match(text) or asks_names)))
        and (FOLLOW_LEAD.match(text) or WHICH_ASKED.match(text) or asks_names)
        and (old.op != "count" or WHICH_ASKED.match(text) or asks_names)
    ):
        #: "top 5 countries" then "what about just movies?": the ranking (an aggregate, a
        #: share) of the narrowed set, unless the follow-up asks for titles ("which of those …")
        kept = _AGGREGATES if not (WHICH_ASKED.match(text) or asks_names) else ()
        out.op = "list" if old.op not in (*_NAMES_PEOPLE, "search", "similar", *kept) else old.op
    ranks = not own or (new.op == "top" and new.limit is None)  # "which was released most …"
    if ranks and not (fresh.titles or fresh.people or fresh.title_has) and by_date(out, text):
        out.confidence = max(out.confidence, old.confidence)  # "which one came out first"
    if old.limit and 1 < len(shown) <= old.limit and AMONG.search(text) and not out.titles.show_ids:
        out.titles.show_ids = shown  # "name 3 british crime shows", "which of those …": the 3
    if old.ref == "first" and not (out.titles.titles or out.titles.show_ids) and len(shown) == 1:
        out.titles.show_ids = shown  # an entry after "it" ("when did that come out" then "what
        #: is it rated"): the one title the answer before was about
    if out.op == "count" and len(out.titles.titles) == 1 and _OF_ONE.search(text):
        out.op = "describe"  # "the crown" then "how many seasons": its entry, not a count of 1
        out.ref = "first"  # the title the turn before named, as an "it" ("how long is it")
        out.confidence = max(out.confidence, DESCRIBE_FLOOR)  # decided by the entry's cue
    nth = at_place(shown, text) if title_refs.only_place(text) else None  # "and the 2nd one?"
    if not placed and nth and len(nth) == 1 < len(shown):  # a place in a list of several
        out.op = old.op if old.op in ("people", "costars") else "describe"
        out.titles, out.ref, placed = TitleSet(show_ids=nth), "first", True
        out.confidence = max(out.confidence, DESCRIBE_FLOOR)  # the title at that place, alone
    if place(text) is not None and not placed:  # "and the fifth?" after "the fourth one": no
        out.unresolved = sorted(w for w in place_words(text) if w not in COMMON)  # list to count
    out.text = text
    out.notes, out.crowded = [*new.notes, FOLLOWED], new.crowded
    out.notes += [UNNARROWED] if narrows_nothing(old, new, text, len(shown)) else []
    if out.shifted:
        out.notes.append(f"moved the previous question's time by {out.shifted:+d} year(s)")
    named = {p.name for p in out.titles.people} | set(out.titles.titles)
    out.absent = list({a.name: a for a in [*old.absent, *new.absent] if a.name in named}.values())
    return out


def carried(before: list[QuerySpec], out: QuerySpec) -> list[QuerySpec]:
    """A follow-up's parts: `out` alone, or, when the previous turn's last part waited on the
    person its own earlier part found ("who directed X" … "what else has he made?" … "and how
    many of those are from the 90s"), that turn's earlier parts run again first and `out` waits
    on the same person (read alone it has no person: the whole catalog's 90s titles)."""
    old = before[-1]
    if old.ref not in ("person", "people_of") or len(before) < 2 or out.titles.people:
        return [out]
    out.ref, out.needs_results, out.role = old.ref, True, out.role or old.role
    return [*(s.model_copy(update={"replayed": True}) for s in before[:-1]), out]


def unconfirmed(
    sure: ReadingConfidence, specs: list[QuerySpec], before_asked_back: bool
) -> ReadingConfidence:
    """The confidence of a reading that follows up a turn which asked back (`UNCONFIRMED_SURE`
    at most, saying why); any other reading's as it is."""
    if not before_asked_back or not any(FOLLOWED in s.notes or s.replayed for s in specs):
        return sure
    why = "what the question before meant (I asked it back instead of answering it)"
    return sure.capped(UNCONFIRMED_SURE, why)
