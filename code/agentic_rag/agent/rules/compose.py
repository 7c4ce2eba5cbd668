"""Questions in parts: what a later part takes from the part before it.

"how many Spanish thrillers are there and which one is the longest?": the second part names no
titles of its own, so it is about the first part's set, and "which one" asks for one. The rules:

* a part that refers back ("it", "them", "those", "which one", "the first one", "the same
  director"), names no titles noun ("... and how many are from Japan?") or nothing of its own
  but a type ("... and how many are shows?") inherits the earlier part's filters; its own
  filters override the inherited ones field by field ("... and how many are from Japan?" keeps
  the rest and replaces the country);
* a set operation (count, list, top, ...) then runs over that set; a singular reference to a
  ranking ("which one is the longest") asks for one title;
* an operation on named titles (people, describe, similar, external) with a singular reference
  ("who directed it") needs the earlier part's top RESULT: it is marked `ref="first"` and the
  planner fills in that title once the earlier part has run (the loop's second round); a plural
  reference ("who directed them") runs over the earlier part's set; "name them", "which are
  they" list it;
* "he", "she" after a part that named one person, with a verb of another role ("movies with
  Keanu Reeves … which of those did he direct himself"): that person in both roles;
* "he", "she", "his", "her" after a part that found people ("who directed X and how many
  movies has he directed?") is that part's first person (`ref="person"`, filled in the same way).

The same applies across turns (`follow.py`): the previous turn's reading is the earlier part.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from agentic_rag.agent.rules.amounts import in_units
from agentic_rag.agent.rules.compile_cypher import REL
from agentic_rag.agent.rules.cues import BOOK, CUES
from agentic_rag.agent.rules.narrowing import narrowed
from agentic_rag.agent.rules.people_rows import PEOPLE_OPS, person_name, ranks_people, referred
from agentic_rag.agent.rules.person_refs import HIS_WORKS, PERSON_REF, THE_ROLE, THEY
from agentic_rag.agent.rules.shape import THEY_LISTED, by_date
from agentic_rag.agent.rules.shift import moved
from agentic_rag.agent.rules.spec import PersonRef, QuerySpec, SamePeople, TitleSet
from agentic_rag.agent.rules.title_refs import SINGULAR, at_place

_I = re.IGNORECASE
#: a reference to the earlier set or result, in any number
REFERENCE = re.compile(
    r"\b(?:them|those|these|they|their|ones|of\s+(?:them|those|these|['’]?em)|(?<!\w)['’]em|"
    r"the\s+same\s+(?:director|cast|actors?|people|year|country|genre))\b",
    _I,
)
#: a noun naming titles: a part that has one and a filter besides has a subject of its own
WORKS = re.compile(
    r"\b(?:movies?|films?|shows?|series|titles?|documentar(?:y|ies)|sitcoms?|docuseries|anime|"
    r"specials?)\b",
    _I,
)
#: "which has the most" with no noun after it: the most of the quantity the earlier part named
_MOST_OF_IT = re.compile(r"\b(?:has|have|had|with|runs?)\s+the\s+(?:most|longest)\W*$", _I)
#: "… and who directed the most": the person with the most of the earlier set in that role
_THE_MOST = re.compile(
    r"\bthe\s+most(?:\s+(?:of\s+)?(?:them|those|these|it|['’]?em|(?:the\s+)?(?:titles|movies|films|"
    r"shows|ones)))?(?:\s+(?:on\s+)?(?:here|there|overall))?\W*$",
    _I,
)
#: how sure a part read as the describe cue with its "it" as the title is
DESCRIBE_FLOOR = max(c.floor for c in BOOK.operations["describe"].cues)
SET_OPS = frozenset({"count", "list", "top", "most", "average", "share", "label"})
ENTITY_OPS = frozenset({"people", "describe", "similar", "external", "costars"})
#: "they" after a part that found people is those people ("who directed X … what else did
#: they direct"); after a set of titles it is the titles
_BY_THEM = re.compile(r"\bby\s+(?:them|him|her)\b", _I)
OTHER = re.compile(r"\b(?:else|other|also|besides|apart\s+from|except)\b", _I)


def person_again(prev: QuerySpec, spec: QuerySpec, piece: str) -> None:
    """'movies with Keanu Reeves … which of those did he direct himself': "he" is the one person
    the earlier part named, now in the role this part's verb gives (both roles then hold)."""
    named = prev.titles.people
    if spec.titles.people or len(named) != 1 or not spec.role or not PERSON_REF.search(piece):
        return
    if named[0].role != spec.role:
        spec.titles.people = [*named, PersonRef(name=named[0].name, role=spec.role)]


#: "the same director", "the same cast": the people of the earlier part's top title
SAME = re.compile(
    r"\b(?:the\s+)?same\s+(?:(director|directors|filmmaker|(?<=\bby\sthe\ssame\s)(?:guy|man|"
    r"woman|lady))|(cast|actors?|actress|stars?|lead|(?<=\bwith\sthe\ssame\s)(?:guy|man|"
    r"woman|lady))|people|person|team)\b",  # "by the same guy": who made it; "with": in it
    _I,
)


def describes_it(piece: str) -> bool:
    """'when was it added', 'how long is it', 'what is it rated': a question about one earlier
    title's entry, the title named by 'it' (read as the describe wording with a title there)."""
    if not SINGULAR.search(piece):
        return False
    return bool(CUES["describe"].search(SINGULAR.sub("{title}", piece.casefold())))


#: "how many does it have" of the title a ranking by an amount found ("which british crime show
#: has the most seasons … how many does it have"): that amount, its entry (not a count)
_HOW_MANY_IT = re.compile(
    r"\bhow\s+many\s+(?:does|did|has|had|is|was)\s+(?:it|that(?:\s+one)?|this(?:\s+one)?)\b", _I
)


def amount_of_it(prev: QuerySpec, piece: str) -> bool:
    """Whether `piece` asks "how many" of the one title `prev` ranked by an amount."""
    return prev.by in ("seasons", "duration_minutes") and bool(_HOW_MANY_IT.search(piece))


def refers(piece: str) -> str | None:
    """'first' (one earlier title), 'all' (the earlier set) or None."""
    if SINGULAR.search(piece) or THE_ROLE.search(piece):
        return "first"
    return "all" if REFERENCE.search(piece) else None


#: a part that asks for every title of the set before it: "… count them and give me every
#: title", "… + list all the titles", "… and name every one", "… show me all the names"
EVERY_TITLE = re.compile(
    r"\W*(?:(?:give|show|tell|list|name)\s+(?:me\s+|us\s+)?)?(?:(?:all|every|each)\s+(?:of\s+)?(?:the\s+)?"
    r"(?:titles?|ones?|one\s+of\s+them|names?)|the\s+(?:titles|names|whole\s+list|full\s+list))\W*",
    _I,
)
#: a part that is only what is asked, of the set the next part names: "count and name the
#: egyptian comedies", "how many and which anime are from korea", "which and how many …"
_ASK_ONLY = re.compile(r"\W*(?:(count|how\s+many|number|tally)|which|what|list|name)\W*", re.I)


def link(prev: QuerySpec, spec: QuerySpec, piece: str) -> QuerySpec:
    """`spec` (a later part) read with the part before it."""
    if (ask := _ASK_ONLY.fullmatch(prev.text)) and prev.titles.is_empty() and prev.ref is None:
        prev.op, prev.about = ("count" if ask.group(1) else "list"), ""
        prev.titles = spec.titles.model_copy(deep=True)
    if spec.ref == "person" and prev.op in PEOPLE_OPS:
        return spec  # "what else did the director of X make": already the people part's person
    ref = refers(piece)
    own = bool(spec.titles.people or spec.titles.titles or spec.titles.show_ids)
    if ranks_people(prev) and not own and (PERSON_REF.search(piece) or THEY.search(piece)):
        spec.ref, spec.needs_results = "person", True  # "... and how many has he directed?"
        said = PERSON_REF.search(piece)
        if spec.role is None and (_BY_THEM.search(piece) or (said and said.group(1))):
            spec.role = "director"  # "anything else by them", "… from that director": made by
        elif spec.role is None and said and said.group(2):
            spec.role = "cast"  # "anything else with that actor"
        elif spec.role is None and prev.role and HIS_WORKS.search(piece):
            spec.role = prev.role  # "who directed X" … "how many of his films": made by him
        if spec.op == "search" or (spec.op == "people" and OTHER.search(piece)):
            # "what else did they make": their titles, as sure as the people part (by wording)
            spec.op, spec.about, spec.runner_up, spec.margin = "list", "", "", None
            spec.confidence = max(spec.confidence, prev.confidence)
        return spec
    only_type = spec.titles.model_copy(update={"type": None}).is_empty()
    elliptic = not own and (not WORKS.search(piece) or only_type)
    titles_asked = spec.op in ("search", "list", "count") or (
        spec.op == "people" and bool(OTHER.search(piece))  # "what else did the same … make"
    )
    if not own and (same := SAME.search(piece)) and titles_asked:
        spec.op = "count" if spec.op == "count" else "list"  # "… by the same director"
        spec.role = "director" if same.group(1) else "cast" if same.group(2) else None
        spec.titles = TitleSet(type=spec.titles.type)
        spec.ref, spec.needs_results, spec.about = "people_of", True, ""
        return spec
    if not own and by_date(spec, piece):  # "… and which one came out first"
        ref = "first"
    elif (
        ref == "first"
        and not own
        and spec.op in ("search", "list", "count")
        and (describes_it(piece) or amount_of_it(prev, piece))
    ):
        spec.op = "describe"  # "… and when was it added?": the earlier part's top title
        spec.confidence = max(spec.confidence, DESCRIBE_FLOOR)  # decided by the describe cue
    if THE_ROLE.search(piece) and not own:
        spec.op, spec.about = "people", ""  # "… and who is the director": its people
    if (
        (ref or EVERY_TITLE.fullmatch(piece) or THEY_LISTED.fullmatch(piece))
        and not own
        and spec.op == "search"
        and spec.titles.is_empty()
    ):
        spec.op = "list"  # "name them", "which are they": the earlier set's titles
    person_again(prev, spec, piece)
    if spec.op == "most" and _MOST_OF_IT.search(piece) and prev.titles.seasons_min is not None:
        spec.op, spec.by, spec.limit = "top", "seasons", 1  # "... and which has the most?"
    if spec.op == "most" and _MOST_OF_IT.search(piece) and prev.titles.minutes_min is not None:
        spec.op, spec.by, spec.limit = "top", "duration_minutes", 1
    if spec.op == "people" and spec.role and _THE_MOST.search(piece) and prev.op in SET_OPS:
        spec.op, spec.by, spec.about = "most", spec.role, ""  # "… and who directed the most"
        spec.runner_up, spec.margin = "", None  # decided by the wording, not the vote
    if spec.op in SET_OPS and (ref or elliptic) and not own:
        base = prev.titles if prev.op in SET_OPS or prev.op == "search" else spec.titles
        base, spec.shifted = moved(base, spec.titles, piece)  # "… and the year after"
        spec.titles = narrowed(base, spec.titles, piece)
        in_units(base, spec, piece, prev.text)  # "… and how many have exactly 3": 3 seasons
        if ref == "first" and spec.op == "top" and spec.limit is None:
            spec.limit = 1
        spec.needs_results = False
        spec.confidence = max(spec.confidence, prev.confidence)  # as sure as what it refers to
        spec.notes.append("read with the earlier part of the question")
    elif spec.op in ENTITY_OPS and ref and not own:
        if ref == "first" and prev.op == "top" and prev.limit is None:
            prev.limit = 1  # "malaysian series with the most seasons... whos in it": one asked
        one_before = prev.op in ("top", "describe") and prev.limit == 1
        spec.ref = "first" if ref == "first" or one_before else "all"
        #: of a set, its filters; of a ranking or of N titles asked ("the 3 newest thai movies
        #: and who directed them"), the titles it found (filled from its results)
        if spec.ref == "all" and prev.op in SET_OPS and prev.op != "top" and not prev.limit:
            spec.titles = prev.titles.merged(spec.titles)
        spec.needs_results = True
    return spec


#: the note of a catalog entry that answers a later part as well (`entry_given`)
ENTRY_ANSWERS = "its catalog entry also answers"


def entry_given(earlier: Sequence[QuerySpec], spec: QuerySpec) -> bool:
    """'pull up Roma and tell me what year it came out': "it" is the title an earlier part
    already looks up (through parts that refer to it too: "find Okja, who directed it and what
    year it came out"), so that part's catalog entry answers this one; that part notes it."""
    if spec.op != "describe" or spec.ref != "first":
        return False
    for prev in reversed(earlier):
        if prev.op == "describe":
            prev.notes.append(f"{ENTRY_ANSWERS} '{spec.text.strip(' ?.!')}'")
            return True
        if prev.ref != "first":
            return False
    return False


def waiting(spec: QuerySpec) -> bool:
    """A part that refers to an earlier part's result (its titles, its top title, its first
    person) that is not filled in yet."""
    named = spec.titles.titles or spec.titles.show_ids
    if spec.ref == "person":
        return not spec.titles.people
    if spec.ref == "people_of":
        return spec.titles.same_people is None
    return not (spec.ref is None or named or (spec.ref == "all" and not spec.titles.is_empty()))


def source(specs: Sequence[QuerySpec], i: int) -> int:
    """The part whose results part `i` (1-based) refers to: the one before it, or for "it"
    after a part that itself meant the title before it ("the longest korean movie, who directed
    it and when was it released") that earlier title's part: known a round sooner."""
    src = i - 1
    while src > 1 and specs[i - 1].ref == "first" and specs[src - 1].ref == "first":
        src -= 1
    return src


def ranked_one(spec: QuerySpec) -> bool:
    """A ranking of one title ("the newest korean movie"): its rows are the titles tied first."""
    return spec.op == "top" and spec.limit == 1


def fill(spec: QuerySpec, rows: list[dict[str, Any]], tied: bool = False) -> bool:
    """Give a part that refers to an earlier result its titles; False while none are known.
    `tied`: the rows are titles tied for first place, so "it" is each of them ("the newest
    korean movie and its cast" when six came out in 2021), not the first one listed."""
    if not waiting(spec):
        return True
    if spec.ref == "person":
        #: "who made X? anything else by them": the first in this part's role, not any first
        named = [{**r, "name": person_name(r)} for r in rows if person_name(r)]  # or by role
        roles = {spec.role, REL[spec.role]} if spec.role else set()
        of_role = [r for r in named if r.get("role") in roles] or named
        name = str(of_role[0]["name"]) if of_role else None
        if referred(spec, of_role, rows):  # "… what else did they make": all of them
            return True  # ("she" after a cast of many: the first, unsure which)
        if name:
            spec.titles.people = [PersonRef(name=name, role=spec.role)]  # type: ignore[arg-type]
            if OTHER.search(spec.text):  # "what else did he direct": not the earlier titles
                ids = (str(r["show_id"]) for r in rows if r.get("show_id"))
                spec.titles.excluded = list(dict.fromkeys(ids))
        return bool(spec.titles.people)
    rows = [r for r in rows if r.get("show_id") and r.get("title")]
    if spec.ref == "people_of" and rows:  # "… the same director": its people's titles, not it
        first = [str(rows[0]["show_id"])]
        spec.titles.same_people = SamePeople(show_ids=first, role=spec.role)
        spec.titles.excluded = first
        return True
    picked = rows[:50] if spec.ref != "first" else at_place(rows, spec.text)  # "the 2nd one"
    picked = rows[: 10 if tied else 1] if picked is None else picked  # "it": the top (or a tie)
    if not picked:
        return False
    titles = list(dict.fromkeys(str(r["title"]) for r in picked))
    ids = list(dict.fromkeys(str(r["show_id"]) for r in picked))
    spec.titles = spec.titles.merged(TitleSet(titles=titles, show_ids=ids))
    return True
