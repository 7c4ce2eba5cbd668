"""Tags to title sets: the filters a part's entities make, the two sets of a share or a
comparison, and whether a question ranks groups ("top 4 genres") rather than titles."""

from __future__ import annotations

import re

from agentic_rag.agent.rules import joint_countries
from agentic_rag.agent.rules.amounts import GROUP_BOUND
from agentic_rag.agent.rules.cues import CUES
from agentic_rag.agent.rules.spec import PersonRef, TitleSet
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import GENRE_ALONE, TYPE_HINTS
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
_RANKED_GROUP = re.compile(
    r"(?:\b(?:top|which|what|the)\s+(?:\{n\}\s+|\d+\s+)?|\{n\}\s+)"
    rf"(?:most\s+\w+\s+|(?:{'|'.join(sorted(WORDS.rank_words))})\s+)?(?:genres?|countr(?:y|ies)|"
    r"directors?|actors?|actress(?:es)?|ratings?|categor(?:y|ies)|months?|"
    # years ranked: "top three release years for romantic tv shows" ("top three" is masked
    # "{n}"); not "3 years ago", "10 years old"
    r"(?:release\s+)?years(?!\s+(?:old|ago|later|back))\b)\b",
    _I,
)

#: the people of one title, not groups ranked over a set: "the first 2 actors listed for it",
#: "the 3 main actors in {title}"
_OF_ONE = re.compile(r"\b(?:in|of|for|on|from)\s+(?:it|that\s+one|this\s+one|\{title\})\W*$", _I)


def ranks_groups(masked: str) -> bool:
    """'top 4 genres', 'which 3 actors show up most', 'top 3 release years for anime': a ranking
    of groups, not of titles; or groups bounded by their counts, not counted ("actors with over
    20 indian movies")."""
    m = _RANKED_GROUP.search(masked)
    if m and _OF_ONE.search(masked, m.end()):  # "name the first 2 actors listed for it"
        return False
    if GROUP_BOUND.search(masked) and not CUES["count"].search(masked):
        return True
    return bool(m) and ("{n}" in m.group() or bool(CUES["most"].search(masked, m.end())))


#: a type named only as what need not be shared ("who acted with A and B (not necessarily the
#: same movie)"): it restates the relation, it filters nothing
_NOT_SAME = re.compile(
    r"\b(?:not\s+(?:necessarily\s+)?|do(?:es)?n['’]?t\s+(?:have|need)\s+to\s+be\s+|"
    r"need(?:n['’]?t|\s+not)\s+be\s+)(?:in\s+|from\s+)?(?:the\s+)?same\s+(\w+)",
    _I,
)
_RANGES = {
    "release": ("year_from", "year_to"),
    "minutes": ("minutes_min", "minutes_max"),
    "seasons": ("seasons_min", "seasons_max"),
}
_LISTS = {
    "rating": "ratings",
    "missing": "missing",
    "title": "titles",
    "unknown_title": "titles",
    "phrase": "title_has",
}


def to_set(tags: list[Tag], text: str, ranked: bool = False) -> TitleSet:
    """The set of titles `tags` name. `ranked`: the set is ranked (its groups or its titles),
    where a genre word meaning two genres with no type named means the one its cue gives
    (`words.yaml` genres `alone`: "the top 3 countries for documentaries" ranks by documentary
    films); a count or a listing keeps both (the answer says how many of each type)."""
    s, people = TitleSet(), any(t.kind == "person" for t in tags)
    tags = [_other_type(t) if t.negated and t.kind == "type" else t for t in tags]
    s.without = [to_set([t.model_copy(update={"negated": False})], text) for t in tags if t.negated]
    tags = [t for t in tags if not t.negated]  # "not from japan": a set left out (`negation`)
    loose = [m.span(1) for m in _NOT_SAME.finditer(text)]  # "not necessarily the same movie"
    tags = [t for t in tags if t.kind != "type" or not any(a <= t.start < b for a, b in loose)]
    types = {t.value for t in tags if t.kind == "type"}
    for t in tags:
        k = t.kind
        if k == "type" and len(types) > 1:
            continue  # "films or shows", "movies and series": either type
        if k == "type" and s.type is None and not (t.text.casefold() == "shows" and people):
            s.type = t.value  # type: ignore[assignment]  # a person's "shows" are their titles
        elif k == "country" and t.value not in s.countries:
            s.countries.append(t.value)
        elif k == "genre" and s.genres and _either(text, tags, t):  # "horror or comedies"
            s.genres[-1] += [g for g in (t.value, *t.alts) if g not in s.genres[-1]]
        elif k == "genre":
            s.genres.append([t.value, *t.alts])
            hint = next((v for w, v in TYPE_HINTS.items() if t.text.casefold().startswith(w)), None)
            s.type = s.type or (hint if not types else None)  # type: ignore[assignment]
        elif k == "person":
            s.people.append(PersonRef(name=t.value, role=t.role))
        elif k == "same_year":
            s.added_same_year = True
        elif k == "added" and not (t.value or t.value2):  # a month of no year
            s.added_month = t.lo
        elif k == "added":
            s.added_from, s.added_to = t.value or None, t.value2 or None
        elif k in _RANGES:  # inclusive bounds of a year, running time or season count; an
            lo_f, hi_f = _RANGES[k]  # open bound joins the other side's ("over 90 and under 120")
            lo, hi = getattr(s, lo_f), getattr(s, hi_f)
            joins = (t.lo is None) != (t.hi is None) and (lo is None) != (hi is None)
            setattr(s, lo_f, t.lo if t.lo is not None or not joins else lo)
            setattr(s, hi_f, t.hi if t.hi is not None or not joins else hi)
        elif k in _LISTS:
            held = getattr(s, _LISTS[k])
            held += [] if t.value in held else [t.value]  # "NR (not rated)": one rating
            if k == "phrase":  # a shorter name its titles go by too (`series_names.shorter`)
                s.title_has += t.alts
                s.without += [TitleSet(titles=t.left_out)] if t.left_out else []
    if s.type is None and (s.minutes_min or s.minutes_max or s.seasons_min or s.seasons_max):
        s.type = "Movie" if s.minutes_min or s.minutes_max else "TV Show"
    if joint := joint_countries.joint(text, tags):  # "listed as both india and the us"
        s = joint_countries.all_of(s, joint)
    for i, group in enumerate(s.genres):
        if s.type and len(group) > 1:
            keep = [g for g in group if is_tv_genre(g) == (s.type == "TV Show")]
            s.genres[i] = keep or group
        elif not s.type and ranked and (alone := GENRE_ALONE.get(tuple(group))):
            s.genres[i] = list(alone)
    return s


#: the words between two genres that accept either of them ("anime series or kids tv",
#: "horror and/or comedy"); two genres said with "and" or side by side are both required
_OR = re.compile(r"[\s,]*(?:or|and/or|/)\s*(?:else\s+)?", _I)


def _either(text: str, tags: list[Tag], t: Tag) -> bool:
    """Whether genre tag `t` follows the genre tag before it with only "or" between them."""
    before = [g for g in tags if g.kind == "genre" and g.end <= t.start]
    return bool(before) and bool(_OR.fullmatch(text[before[-1].end : t.start]))


def _other_type(t: Tag) -> Tag:
    """A type said as left out ("not tv shows"): the other type, read."""
    other = "Movie" if t.value == "TV Show" else "TV Show"
    return t.model_copy(update={"negated": False, "value": other})


_TV_GENRE = ("TV", "Series", "Docuseries", "Shows", "Kids' TV")


def is_tv_genre(genre: str) -> bool:
    return any(w in genre for w in _TV_GENRE)


def retyped(genres: list[list[str]], kind: str) -> list[list[str]]:
    """Genre groups of one type said again of the other ("how many anime movies", then "and
    series?": Anime Features is Anime Series of TV shows): a group all of the other type takes
    the genres of `kind` its genre word (`words.yaml` genres) means, when there are some."""
    tv = kind == "TV Show"
    out = []
    for group in genres:
        said = [c for c in WORDS.genres if set(group) == set(c.movie if tv else c.tv)]
        theirs = (said[0].tv if tv else said[0].movie) if said else []
        other = bool(group) and all(is_tv_genre(g) != tv for g in group)
        out.append(list(theirs) if other and theirs else group)
    return out


def genre_type(s: TitleSet) -> str | None:
    """The type every genre of the set belongs to ('Anime Series': TV shows), if they agree."""
    kinds = {is_tv_genre(g) for group in s.genres for g in group}
    return None if len(kinds) != 1 else ("TV Show" if kinds.pop() else "Movie")


def compare_sets(tags: list[Tag], text: str) -> tuple[TitleSet, TitleSet]:
    """Two values of one kind ('movies or TV shows', '2019 or 2020'): one set each. A type
    said once is both sets' unless a set's genres are all of the other type ("horror movies or
    tv horror shows": the genre Horror Movies is of films, whatever "shows" says)."""
    for kind in dict.fromkeys(t.kind for t in tags):
        values = list({(t.value or t.text): t for t in tags if t.kind == kind}.values())
        if len(values) >= 2:
            shared = [t for t in tags if t.kind != kind]
            a, b = (_own_type(to_set([*_side(shared, v, values[1]), v], text)) for v in values[:2])
            return a, b
    return to_set(tags, text), TitleSet()


def _side(shared: list[Tag], value: Tag, second: Tag) -> list[Tag]:
    """The shared tags that hold for `value`'s set: a kind said twice more, once on each side
    of the second value's start, is each side's own ("tv-ma shows versus r movies": the shows
    are the TV-MA ones, the films the R ones); a kind said once holds for both."""
    mine = value.start < second.start
    out = []
    for t in shared:
        same = [o for o in shared if o.kind == t.kind and o.value != t.value]
        split = same and all((o.start < second.start) != (t.start < second.start) for o in same)
        if not split or (t.start < second.start) == mine:
            out.append(t)
    return out


def _own_type(s: TitleSet) -> TitleSet:
    """The set, typed by its genres when they are all of the other type than it says."""
    own = genre_type(s)
    return s.model_copy(update={"type": own}) if own and s.type and own != s.type else s
