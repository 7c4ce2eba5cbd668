"""The wordings of the graph relations between people (see `relations`): which question asks
for which relation, the words that make each (what the reading used, for `usage`), and a part
that only restates the relation the part before it asked ("how is A linked to B? shortest path
of people who worked together": one question, not a second part about the shortest title)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules import crossover
from agentic_rag.agent.rules.auteur_words import AUTEUR as _AUTEUR
from agentic_rag.agent.rules.chain_words import CHAIN, VIA
from agentic_rag.agent.rules.cues import CUES
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
#: the nouns that ask for people ("any actor that ...", "is there a person who ..."): `words.yaml`
_PEOPLE_NOUNS = "|".join(sorted(WORDS.people_asked, key=len, reverse=True))
_COWORKERS = "|".join(re.escape(w) for w in sorted(WORDS.coworkers, key=len, reverse=True))
#: "with" and its chat shorthand ("a project w jake gyllenhaal", "w/ oscar isaac")
_W = r"(?:(?:with|w)\s+|w/\s*)"
_ADV = r"(?:also|separately|elsewhere|independently|too)"  # "… and separately with B"
_ON_ONE = r"(?:\s+(?:on|in)\s+(?:one|an?|some)\s+(?:\{type\}|\w+))?"  # "A on one project and …"
#: a person's titles said after the name ("shared between {person} titles and {person} films")
_THEIRS = r"(?:['’]s)?(?:\s+(?:\{type\}|(?:titles|movies|films|shows|projects|stuff|work)\b))?"
_BOTH = re.compile(
    rf"\b(?:shared|common|in\s+common)\s+(?:by|between|to)\s+\{{person\}}{_THEIRS}\s+(?:and|&)\s+"
    rf"\{{person\}}{_THEIRS}|"
    r"\bboth\b|\b(?:and|&)\s+\{person\}\s+(?:both|each)\b|\bin\s+common\b|"
    rf"\b(?:common|shared|mutual)\s+(?:{_COWORKERS}|cast)\b|"
    rf"\b{_W}\{{person\}}\s*,?\s+(?:and|&)\s+(?:also\s+)?(?:{_W})?\{{person\}}|"
    # the two named before, as a group: "a, b - anyone who appeared with the pair"
    r"\{person\}.*\b(?:with|alongside|opposite)\s+(?:the\s+(?:pair|duo|two)(?:\s+of\s+them)?|"
    r"each\s+of\s+them|them\s+(?:both|two))\b|"
    # ("… and also, in some other title, with B", "… and separately alongside B")
    rf"\b(?:{_W}|alongside\s+)\{{person\}}{_ON_ONE}\s*,?\s+(?:and|&|as\s+well\s+as|plus)(?:\s+{_ADV})?"
    r"(?:\s*,\s*(?:[^,{]|\{type\}){1,40}?\s*,)?\s+(?:(?:also|separately)\s+)?"
    r"(?:(?:(?:in|on)\s+)?(?:(?:one|another|other|an?|some|the)\s+(?:\{type\}\s+|\w+\s+)?|"
    r"(?:(?:(?:some|any|an(?:y|other))\s*)?things?|stuff)\s+(?:else\s+)?|"
    rf"\{{type\}}\s+)(?:{_W}|(?:alongside|starring|featuring)\s+)|{_W}|alongside\s+)?(?:also\s+)?"
    r"\{person\}",
    _I,
)
#: (not a "{person}" placeholder of the masked question: "which movies did both {person} and
#: {person} appear in" asks for titles)
_WHO = re.compile(
    r"^\W*(?:who|whom|which\s+(?:\w+\s+)?(?:actors?|people|persons?|directors?|stars?|cast)|"
    r"(?:any|some)(?:one|body))\b|(?<!\{)\b(?:actors|people|any(?:one|body)|some(?:one|body)|whom|"
    rf"who(?:['’]?s)?|{_COWORKERS}|{_PEOPLE_NOUNS})\b",
    _I,
)
_WORKED = re.compile(
    r"\b(?:work\w*|act\w*|star\w*|appear\w*|collaborat\w*|co-?star\w*|direct\w*|"
    r"shar\w*(?:\s+(?:the\s+|a\s+)?(?:screen|stage|set|frame|credits?)(?:\s+space)?)?|"
    r"alongside|overlap\w*|(?:been|were|was)\s+in|in\s+the\s+cast|in\s+(?:an?\s+)?(?:titles?|movies?|films?|shows?)|(?:in\s+)?common\s+to|in\s+common)\b|"
    r"\bin\s+(?:an?\s+)?\{type\}",
    _I,
)
#: the titles with each of the two need not be one ("(not necessarily the same movie)",
#: "doesn't have to be together", "separately"): the relation's own words (a title with each)
_APART = re.compile(
    r"\b(?:not\s+(?:\w+ly\s+)?|do(?:es)?n['’]?t\s+(?:have|need)\s+to\s+be\s+|"
    r"need(?:n['’]?t|\s+not)\s+be\s+)(?:in\s+|from\s+)?(?:the\s+)?(?:same\s+(?:\{type\}|(?:"
    r"titles?|movies?|films?|shows?|ones?|projects?)\b)|together\b)|\bseparately\b|\b(?:on|in)\s+"
    r"(?:another|a\s+different|some\s+other)\b|\b(?:(?:either|whether)\s+)?together\s+or\s+(?:"
    r"not|apart|separately)\b",
    _I,
)

#: the one title both roles are in ("directed and starred in the same movie"): its words are
#: the relation's own (usage), not a wording that makes the relation
_SAME_TITLE = re.compile(
    r"\b(?:in|on|for)\s+(?:(?:the|that|this|those|these)\s+(?:very\s+)?same|one|a\s+single|their\s+own|"
    r"his\s+own|her\s+own)(?:\s+(?:title|movie|film|show|project)s?)?\b",
    _I,
)

#: the people a person directed, asked with "who" as the object: "who has {person} directed",
#: "who did {person} direct the most" (not "what did {person} direct": their titles)
_DIRECTED_WHOM = (
    r"^\W*whom?\s+(?:did|does|has|have|had)\s+\{person\}\s+(?:ever\s+)?direct(?:s|ed)?\b"
)

#: a director's usual actors: "who did {person} cast the most", "actors {person} uses most"
_CASTING = (
    r"\b(?:(?:did|does|do|has|have|had)\s+)?\{person\}\s+(?:(?:has|have|had)\s+)?"
    r"(?:cast|cast(?:s|ed)|use[sd]?|hire[sd]?|pick(?:s|ed)?|employ(?:s|ed)?)\b|" + _DIRECTED_WHOM
)


def casting(masked: str) -> bool:
    """Whether a ranking of a person's co-workers asks for the actors of their own films."""
    return bool(re.search(_CASTING, masked, _I))


#: the people a person worked with most: a work verb or noun with a person, and a superlative
_MOST_WITH = re.compile(
    r"\b(?:most(?:\s+common)?|often|frequent\w*|usual\w*|regular\w*|favou?rite|go-?to)\b|"
    # "who does X keep turning up with", "time after time"
    r"\b(?:keeps?|kept|keeping)\s+(?:on\s+)?\w+ing\b|\b(?:over\s+and\s+over|"
    r"time\s+(?:and|after)\s+time)\b",
    _I,
)
_WITH = re.compile(
    r"\b(?:work\w*|act\w*|star\w*|appear\w*|collaborat\w*|team\w*|paired|cast|"
    r"(?:show|turn|pop)(?:s|ped|ed|ping|ing)?\s+up|\{type\}\s+up)\s+(?:\w+\s+){0,4}?(?:with\b|alongside\b|w/)|"
    r"\b(?:(?:shar\w*|ha(?:s|d|ve|ving)|ma[dk]\w*|d(?:id|one|oes)|been\s+in)\s+)?(?:the\s+)?most\s+"
    r"(?:\{type\}|titles|movies|films|shows|projects|things|stuff|credits)\s+"
    r"(?:in\s+common\s+)?(?:with\b|alongside\b|w/)|\bco-?(?:stars?|actors?|workers?)\b|\bcollaborat(?:ors?|ions?)\b|"
    r"\bpartners?\b|"
    # "X's most frequent director", "who directed X most often" (no gender: not "leading lady")
    r"\b(?:frequent|usual|regular|favou?rite|main|go-?to)\s+(?:directors?|actors?|actresses|stars?|"
    r"persons?|people|guys?|partners?)\b|"
    r"\b(?:direct\w*|cast)\s+\{person\}\s+(?:the\s+)?most\b|" + _CASTING,
    _I,
)

#: what a ranking of co-workers counts: "by number of shared titles", "most films together"
_BY_SHARED = re.compile(
    r"\b(?:(?:ranked|sorted|ordered)\s+)?(?:by|in|on|per)\s+(?:the\s+)?"
    r"(?:number|count|amount|total)\s+of\s+(?:shared|common|joint)\s+"
    r"(?:titles|movies|films|shows|projects|credits|\{type\})|\bshar(?:es?|ing)\s+(?:the\s+)?"
    r"(?:most\s+)?(?:titles|movies|films|shows|projects|credits|\{type\})\b|\b(?:shared|common|joint)\s+"
    r"(?:(?:titles|movies|films|shows|projects|credits)\b|\{type\})|\btogether\b",
    _I,
)

#: the wordings that make each relation: the words they match are what the reading used
WORDING: dict[str, tuple[re.Pattern[str], ...]] = {
    "shared": (_BOTH, _WORKED, _WHO, _APART),
    "auteur": (_AUTEUR, _SAME_TITLE),
    "chain": (CHAIN, VIA),
    "crossover": crossover.WORDING,
    "costars": (_WITH, _MOST_WITH, _WHO, _BY_SHARED),
}

#: the wordings that name a relation (as a cue names an operation): left unused, a cue unused
CUE_LIKE: dict[str, re.Pattern[str]] = {"shared": _BOTH, "auteur": _AUTEUR, "chain": CHAIN}


#: the people of several titles asked for in all of them at once: "who acted in both (of them)",
#: "the cast X and Y have in common", "appears in all three", "shared by those films"
EVERY = re.compile(
    r"\bboth\b|\bin\s+common\b|\bcommon\s+to\b|\bshared\s+(?:by|between)\b|\bshare\b|"
    r"\bin\s+(?:(?:all|each|every)\s+(?:one\s+)?of\s+(?:them|those|these|the|\{title\})|"
    r"all\s+(?:\{n\}|two|three|four|five)|every\s+one|them\s+all|each\s+one)(?!\w)|"
    # "in all the underworld films" (a phrase of titles is masked as a genre)
    r"\bin\s+(?:all|every)\s+(?:(?:of\s+)?the\s+)?(?=\{(?:genre|title)\})",
    _I,
)


def relation(masked: str, tags: list[Tag]) -> str | None:
    """The relation a question asks for, from its wording (read on the masked question)."""
    people = [t for t in tags if t.kind == "person"]
    if len(people) == 2 and CHAIN.search(masked):
        return "chain"
    if len(people) == 2 and _BOTH.search(masked) and _WORKED.search(masked) and _WHO.search(masked):
        return "shared"
    titled = any(t.kind == "title" for t in tags)  # "who starred in {title} and directed something"
    if not people and titled and crossover.wording(masked):
        return "crossover"
    if len(people) <= 1 and _AUTEUR.search(masked):  # "... in a movie with {person}": among theirs
        return "auteur"
    if together_asked(masked, tags):  # "has A ever worked with B": the titles the two share,
        return "count" if CUES["count"].search(masked) else "list"  # or how many ("… times")
    if len(people) == 1 and _WITH.search(masked) and _MOST_WITH.search(masked):
        return "costars"  # "who does {person} work with the most", "{person}'s usual co-star"
    if len(people) == 1 and re.search(_DIRECTED_WHOM, masked, _I):
        return "costars"  # "who has {person} directed": the cast of their films
    titles = [t for t in tags if t.kind == "title"]
    several = len(titles) >= 2 or any(t.kind == "phrase" for t in tags)  # "lord of the rings films"
    if several and not people and EVERY.search(masked) and _WHO.search(masked):
        return "people"  # "what cast do {title} and {title} share": those in all (`every_asked`)
    return None


#: a question asking whether (or where) two people worked together, not who else they worked
#: with: "has {person} ever worked with {person}", "did {person} and {person} act together",
#: "what films did {person} make with {person}" (their shared titles, a list)
_WITH_OTHER = re.compile(
    r"\b(?:with|alongside|opposite|w/)\s+\{person\}|\{person\}\s+(?:and|&)\s+\{person\}.*"
    r"\b(?:together|each\s+other|with\s+(?:one\s+another|each\s+other))\b",
    _I,
)


def together_asked(masked: str, tags: list[Tag]) -> bool:
    """Whether a question with two people and a co-worker's wording asks for the titles the
    two share (a yes/no or a listing), not a ranking of the people either worked with."""
    people = [t for t in tags if t.kind == "person"]
    return (
        len(people) == 2
        and bool(_WITH.search(masked) or re.search(r"\btogether\b", masked, _I))
        and bool(_WITH_OTHER.search(masked))
        and not _MOST_WITH.search(masked)
        and not _WHO.search(masked)
        and not _BOTH.search(masked)
        and not CHAIN.search(masked)
    )


_ACTED = re.compile(
    r"\b(?:act|star|appear|perform|play|co-?star|shar\w*\s+(?:the\s+|a\s+)?screen)\w*", _I
)


def together_roles(spec: QuerySpec, masked: str) -> None:
    """The two people of a `together_asked` listing in the role its verb gives both ("acted
    with": the cast; "worked with": any role, so a director and an actor share titles too)."""
    role = "cast" if _ACTED.search(masked) else None
    spec.titles.people = [p.model_copy(update={"role": role}) for p in spec.titles.people]


def every_asked(masked: str) -> bool:
    """Whether a part asking for the people of titles asks for those in all of them (the
    common cast), not the people of each."""
    return bool(EVERY.search(masked))


#: people asked for as those who worked with someone: "who has acted with both of them",
#: "anyone who appeared alongside {person}" (the people worked with follow the verb)
_WORKED_WITH = re.compile(
    r"\b(?:work|act|star|appear|collaborat|co-?star|team|perform|play|shar)\w*\s+"
    r"(?:(?:the\s+)?(?:screen|stage|set|credits?|a\s+(?:title|movie|film|show))\s+)?"
    r"(?:with|alongside|opposite)\b",
    _I,
)


def coworkers_unread(spec: QuerySpec) -> list[str]:
    """The words of a part read as the people of its people's titles that ask for the people
    who worked with them ("cate blanchett and meryl streep ... who has acted with them" read as
    the cast of the titles with both): the relation was not read, and those words say so."""
    s = spec.titles
    if spec.op != "people" or not s.people or s.titles or s.show_ids or spec.replayed:
        return []
    m = _WORKED_WITH.search(spec.text)
    return [m.group()] if m else []


def one_asked(masked: str) -> bool:
    """A ranking of people asked in the singular: "who does X work with the most" (one, and
    those tied with them); "who has X worked with" is the list."""
    return bool(_MOST_WITH.search(masked)) and not re.search(
        r"\b(?:people|actors|actresses|directors|co-?stars|collaborators|partners)\b", masked, _I
    )


#: words that name a relation again in a part of its own, with no one new named: the chain's
#: ("shortest path of people who worked together", "what is the link"), the shared people's
#: ("who are they both linked to"), the auteur's and the co-stars' own wordings
_RESTATE: dict[str, tuple[re.Pattern[str], ...]] = {
    "chain": (
        re.compile(
            r"\b(?:chain|path|link|route|connection|degrees?|separation|steps?|hops?)s?\b", _I
        ),
    ),
    "shared": (re.compile(r"\b(?:both|in\s+common|shared|common)\b", _I),),
    "auteur": (_AUTEUR,),
    "costars": (_WITH, _MOST_WITH, _WHO),
}


def restates(op: str, piece: str, named: bool) -> bool:
    """A part that only says again the relation `op` the part before it asked (`named`: the
    part names a person or a title of its own, so it asks something new)."""
    wording = _RESTATE.get(op)
    return bool(wording) and not named and all(p.search(piece) for p in wording or ())
