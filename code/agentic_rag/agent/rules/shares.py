"""The two sets of a share: its base and its part. "what share of <base> are <part>" (the verb
cuts), "what % of <base> that list <x> are <part>" (a relative clause is the base's), "percentage
of films longer than 2 hours" (no verb: what follows the base's noun is the part), "<part> make up
what share of <base>" (the part said first), "what percent is that of <base>" (`SHARE_OF_IT`)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.cues import CUES
from agentic_rag.agent.rules.sets import is_tv_genre, to_set
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE

#: a share whose part is the answer before it: "what percent is that of all shows added that
#: year", "what share of all movies is that", "how much of the catalog do they make up"
SHARE_OF_IT = re.compile(
    r"\b(?:is|are|was|were|do|does)\s+(?:that|this|it|those|these|they)\s+(?:make\s+up\s+)?"
    r"(?:of|out\s+of|from|among|within)\b|"
    r"\b(?:of|out\s+of)\s+[^?.;]*\b(?:is|are|was|were)\s+(?:that|this|it|those|these|they)\W*$",
    _I,
)

#: the verb, "r" as typed for "are" too ("wat percentage of japanese titles r anime"), one that
#: says what the titles' fields hold ("what % of documentaries list the us as a country"), "do"
#: of "what share of korean titles do movies account for"; not a word of a tag ("r rated")
_VERBS = (
    r"are|r|were|is|was|have|has|had|got|get|come|came|do|does|did|"
    r"list|lists|include|includes|feature|features|credit|credits|name|names|"
    # a running time's verb: "what % of movies released in 2019 run under 90 min" (the
    # participle "released" is the base's; "last year" is a date, not the verb)
    r"run|runs|ran|last(?!\s+(?:year|month|week|decade|summer|winter|spring|fall))|lasts|"
    r"lasted|clock|clocks|clocked|go|goes|went|exceed|exceeds|exceeded"
)
_VERB = re.compile(rf"\b(?:that|which|(?:{_VERBS})(?:n['’]?t)?)\b", _I)  # "weren't" too
_NOT_VERB = re.compile(r"(?:are|is|were|was)(?:n['’]?t|\s+not)\b", _I)
#: a relative clause of the base: "titles that list taiwan", "films which are from japan"
_RELATIVE = re.compile(rf"(?:that|which|who)\s+(?:\w+ly\s+)?(?:{_VERBS})(?:n['’]?t)?\b", _I)
#: the part said before the cue: "tv shows make up what share of …", "movies are what % of …",
#: "tv-ma titles account for what share of …"; or set beside it: "dramas over 2 hours, as a
#: percentage of all dramas", "anime shows with 3+ seasons as a share of anime"
_PART_FIRST = re.compile(
    r"\s*(?:(?:titles|ones|content|stuff|things)\s+)?(?:make|makes|made|account|accounts|accounted|represent|represents|constitute|"
    r"constitutes|form|forms|comprise|comprises|are|is|were|was)\s+(?:up\s+|for\s+)?"
    r"(?:what|which|how\s+(?:much|big)\s+(?:of\s+)?(?:a\s+)?|a|the)?\s*|"
    r"\s*[,:;(-]?\s*(?:(?:expressed|given|shown|written)\s+)?(?:as|in)\s+(?:a|the)?\s*",
    _I,
)
_OF = re.compile(r"\s*(?:of|out\s+of|among)\b", _I)
#: a base's noun not tagged: "percentage of titles rated tv-ma"
_TITLES = re.compile(r"\b(?:titles|catalog(?:ue)?|library|things|stuff|everything)\b", _I)
#: what joins two of a base's nouns ("movies and shows"), or sets two apart ("movies to shows")
_JOIN = re.compile(r"[\s,/&]*(?:\b(?:and|or|to|vs|versus|against)\b)?[\s,/&]*", _I)
_JOINED = re.compile(r"[\s,/&]*\b(?:and|or|to|vs|versus|against)\b", _I)
_NOUN_KINDS = ("type", "genre")
#: the film industry's (MPA) ratings, which only films carry: TV ratings start "TV-"
_MPA = re.compile(r"G|PG|PG-13|R|NC-17")
#: a ratio of one set to another, not a share of one set
_RATIO = re.compile(
    r"\bratio\b[^?.;]*\b(?:to|vs|versus|against)\b|\bto[\w\s-]*\bratio\b|"
    r"\bratio\s+(?:between|of)\b[^?.;]*\band\b",
    _I,
)


def _free(tags: list[Tag], i: int) -> bool:
    return not any(t.start <= i < t.end for t in tags)


def _after_noun(text: str, tags: list[Tag], start: int) -> int | None:
    """With no verb, where the part starts: after the base's noun ("films longer than 2 hrs",
    "titles rated tv-ma"), when a tag follows it that no joining word ties to it."""
    nouns = [t for t in tags if t.start >= start and t.kind in _NOUN_KINDS]
    word = next((m for m in _TITLES.finditer(text, start) if _free(tags, m.start())), None)
    ends = [e for e in (nouns[0].end if nouns else None, word.end() if word else None) if e]
    if not ends:
        return None
    end = min(ends)
    for t in sorted((t for t in tags if t.start >= end), key=lambda t: t.start):
        if _JOINED.match(text, end) or (
            t.kind in _NOUN_KINDS and _JOIN.fullmatch(text, end, t.start)
        ):
            return None  # "movies to indian shows", "movies and shows": no part after a noun
        return end
    return None


def _cut(text: str, tags: list[Tag]) -> int | None:
    """Where a share's part starts: its verb after the cue (None: `SHARE_OF_IT`, no part)."""
    cue = CUES["share"].search(text)
    start = cue.end() if cue else 0
    if not any(t.start >= start for t in tags):  # "… r romantic shows, in percent": at the end
        start = 0
    if SHARE_OF_IT.search(text, start):  # "what percent is that of all shows": all the base
        return None
    verbs = [m.start() for m in _VERB.finditer(text, start) if _free(tags, m.start())]
    #: a verb said as not done opens the entity it leaves out: "… from japan aren't anime"
    verbs = sorted(
        [*verbs, *(t.start for t in tags if t.negated and _NOT_VERB.match(text, t.start))]
    )
    verbs = [v for v in verbs if v >= start]
    if not verbs:
        return _after_noun(text, tags, start) or len(text)
    first = verbs[0]
    if rel := _RELATIVE.match(text, first):  # "titles that list taiwan [as a country] are …"
        said = [t.end for t in tags if t.end > rel.end()]
        later = (v for v in verbs[1:] if said and v >= min(said))
        return next((v for v in later if not _RELATIVE.match(text, v)), first)
    return first


def _part_first(text: str, tags: list[Tag]) -> tuple[list[Tag], list[Tag]] | None:
    """'<part> make up what share of <base>': the tags before the cue are the part."""
    cue = CUES["share"].search(text)
    if cue is None:
        return None
    before = [t for t in tags if t.end <= cue.start()]
    after = [t for t in tags if t.start >= cue.end()]
    if not before or not _OF.match(text, cue.end()):
        return None
    if not _PART_FIRST.fullmatch(text, max(t.end for t in before), cue.start()):
        return None
    return after, before


#: a base said first, before the share's cue: "of all thrillers, what percent carry a pg-13
#: rating", "among korean shows what share are kids' shows", "out of 2019 releases, % that …"
_FRONT = re.compile(r"^\W*(?:(?:ok(?:ay)?|so|and)\s+)?(?:of|out\s+of|among(?:st)?|within)\s", _I)
#: a topic set before a colon or a dash, its words all of the set: "finland: tv shows as a %
#: of all its titles", "korean titles - what share are movies"
_TOPIC = re.compile(r"^[^:;?]*?(?:\s*:|\s+-+)\s", _I)
#: a base said by the part's owner: "… as a % of all its titles", "… out of everything they
#: made"; its owner is the part's country or person
_OWNED = re.compile(r"\b(?:its|their|his|her|they|it)\b", _I)
_OWNERS = ("country", "person")
_TOPIC_KINDS = ("country", "person", "genre")


def _fronted(text: str, tags: list[Tag]) -> tuple[list[Tag], list[Tag]] | None:
    """'of all <base>, what % <part>': the tags before the cue are the base."""
    cue = CUES["share"].search(text)
    if cue is None or not _FRONT.match(text):
        return None
    base = [t for t in tags if t.end <= cue.start()]
    part = [t for t in tags if t.start >= cue.end()]
    return (base, part) if base and part else None


def _scoped(text: str, tags: list[Tag], split: tuple[list[Tag], list[Tag]]) -> list[Tag]:
    """The base with the topic said before a colon ("finland: tv shows as a % of all its
    titles": of Finland's titles) and the owner a possessive names ("… of all its titles")."""
    base, part = split
    cue = CUES["share"].search(text)
    topic = _TOPIC.match(text)
    if cue is None or topic is None or topic.end() > cue.start():
        topic = None
    said = [t for t in tags if topic is not None and t.end <= topic.end()]
    owned = not base and cue is not None and _OWNED.search(text, cue.end()) is not None
    owners = [t for t in part if owned and t.kind in _OWNERS]
    kinds = {t.kind for t in base}  # a base that names its own ("… of all documentaries")
    added = [t for t in [*said, *owners] if t.kind in _TOPIC_KINDS and t.kind not in kinds]
    return [*base, *(t for i, t in enumerate(added) if all(t is not u for u in added[:i]))]


def share_split(text: str, tags: list[Tag]) -> tuple[list[Tag], list[Tag]]:
    """'what share of <base> are/were/have <part>': the tags before the verb are the base; in
    'what percent is that of <base>' (`SHARE_OF_IT`) the part is the answer before it."""
    if (front := _fronted(text, tags)) is not None:
        return front
    if (first := _part_first(text, tags)) is not None:
        return _scoped(text, tags, first), first[1]
    if (cut := _cut(text, tags)) is None:
        return tags, []
    part = [t for t in tags if t.start >= cut]
    base = [_genre_of(t, part) for t in tags if t.start < cut]
    return (base, part) if part else ([], base)


def share_sets(text: str, tags: list[Tag]) -> tuple[TitleSet, TitleSet, TitleSet | None]:
    """A share's base (read as a ranking's: "documentaries" are the films), its part, and the
    base's other reading when a nationality of it names a genre too ("what % of british tv shows
    are from the us": the shows made in the UK, or the genre British TV Shows)."""
    base, part = share_split(text, tags)
    amb = next((t for t in base if t.kind == "country" and t.alts), None)
    other = None
    if amb is not None:
        genre = amb.model_copy(update={"kind": "genre", "value": amb.alts[0], "alts": []})
        other = to_set([genre if t is amb else t for t in base], text, ranked=True)
    whole, some = to_set(base, text, ranked=True), to_set(part, text)
    if any(t.kind == "type" for t in part):  # "… of 2019 releases are movies under 90 min"
        return whole, some, other
    return _typed_by_unit(whole, some), some, other


def _typed_by_unit(base: TitleSet, part: TitleSet) -> TitleSet:
    """A base of no type whose part is a running time or a season count: of the type that
    has it ("what share of comedies released in 2020 last over 2 hours": of the comedy
    films; a show has no minutes), its genres those of that type; a part of film ratings
    (`_MPA`) keeps the base's film genres."""
    timed = part.minutes_min or part.minutes_max or part.seasons_min or part.seasons_max
    filmed = bool(part.ratings) and all(_MPA.fullmatch(r) for r in part.ratings)
    if base.type is None and filmed:  # "of all thrillers, what % are rated pg-13": the films'
        genres = [[g for g in group if not is_tv_genre(g)] or group for group in base.genres]
        return base.model_copy(update={"genres": genres})  # genre (no show is rated PG-13)
    if base.type is not None or part.type is None or not timed:
        return base
    tv = part.type == "TV Show"
    genres = [[g for g in group if is_tv_genre(g) == tv] or group for group in base.genres]
    return base.model_copy(update={"type": part.type, "genres": genres})


def _genre_of(t: Tag, part: list[Tag]) -> Tag:
    """A base's nationality that the part names as a country is its genre: "what % of british
    tv shows list the uk as a country" asks of the genre British TV Shows (of the shows made in
    the UK the share would be all of them)."""
    same = any(p.kind == "country" and p.value == t.value for p in part)
    if t.kind != "country" or not t.alts or not same:
        return t
    return t.model_copy(update={"kind": "genre", "value": t.alts[0], "alts": []})


def idle_share(spec: QuerySpec) -> bool:
    """A share of a ratio of two sets ("the ratio of indian movies to indian tv shows", "ratio of
    movies to tv shows", "movie-to-show ratio"): a share says no ratio; or a share whose part
    is only titles of the other type than its base's: its 0% answers nothing asked. (A part
    that names nothing is a later part's "give a percentage" of the set before it.)"""
    if spec.op != "share" or spec.part is None:
        return False
    types = {spec.titles.type, spec.part.type}
    return (None not in types and len(types) == 2) or _RATIO.search(spec.text) is not None


def share_unread(text: str, tags: list[Tag]) -> list[str]:
    """The words of a share's part none of whose words was read ("kids shows from canada, what
    percent are animated?": 'animated'): the reading cannot say which share is asked."""
    if _part_first(text, tags) is not None:
        return []
    cut = _cut(text, tags)
    if cut is None or cut >= len(text) or any(t.start >= cut for t in tags):
        return []
    words = WORD.findall(text[cut:].casefold())[1:]  # after the verb
    return [w for w in words if w not in COMMON and w not in WORDS.small_words]
