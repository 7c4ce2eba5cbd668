"""Catalog-independent vocabulary: genre cue words, nationality words, everyday words.

The catalog itself (names, titles, genre and country names, ratings) is read by `lexicon`;
these tables map the words people use for them ("scary", "Korean", "docs") onto the
catalog's own names. Every key is a regex over folded text (see `agentic_rag.folding`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from agentic_rag.agent.rules.words import WORDS

WORD = re.compile(r"[\w]+(?:['’][\w]+)*")
_ANY = r"[\w'’]+(?:\s+[\w'’]+)?"  # a `*` of a table phrase: one or two words


def alternation(phrases: Iterable[str]) -> str:
    """A regex alternation of a word table's phrases, longest first, any spaces between words;
    a `*` in a phrase stands for any one or two words ("say * first": "say hello first")."""
    return "|".join(
        r"\s+".join(_ANY if w == "*" else re.escape(w) for w in p.split())
        for p in sorted(phrases, key=len, reverse=True)
    )


def alternatives(cue: str) -> list[str]:
    """A regex's top-level alternatives ("documentar(?:y|ies)|docs?": two)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(cue):
        depth += (ch == "(") - (ch == ")")
        if ch == "|" and depth == 0:
            out.append(cue[start:i])
            start = i + 1
    return [*out, cue[start:]]


#: the heads of a question asked ("how many", "which", "list"; `words.yaml` `asks`), as a regex
ASK_HEADS = alternation(WORDS.asks)
#: the words that join one question to the next ("and", "plus", "n"; `words.yaml`), as a regex
JOINS = alternation(WORDS.joining_words)
#: Words that never make up an unquoted title or a single-word name on their own.
COMMON = WORDS.common
#: genre cue regex -> (movie genres, TV genres)
GENRE_SYNONYMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    g.cue: (tuple(g.movie), tuple(g.tv)) for g in WORDS.genres if not g.with_person
}
#: a cue's genres (movie, then TV) -> those it means when no type is named ("documentaries")
GENRE_ALONE: dict[tuple[str, ...], tuple[str, ...]] = {
    tuple(dict.fromkeys((*g.movie, *g.tv))): tuple(g.alone) for g in WORDS.genres if g.alone
}
#: the same, read only in a question that names a person ("jeff dunham specials")
PERSON_GENRES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    g.cue: (tuple(g.movie), tuple(g.tv)) for g in WORDS.genres if g.with_person
}
AMBIGUOUS_COUNTRIES = WORDS.ambiguous_countries
#: nationality words (regex) -> country
DEMONYMS = WORDS.demonyms
#: genre words that also say which type of title is meant
TYPE_HINTS = WORDS.type_hints

#: role words before or after a name ("directed by X", "X starred in"): which role it is
ROLE_BEFORE = {
    "director": re.compile(
        r"(?:directed\s+by|direct(?:or|ors)|filmmaker|helmed\s+by|(?<!inspired\s)by|from\s+"
        r"director)\W*(?:the\s+)?$",
        re.I,
    ),
    "cast": re.compile(
        r"(?:starring|featuring|with|actors?|actress|stars?|cast\s+member|"
        r"co-?stars?\s+of|played\s+by)\W*$",
        re.I,
    ),
}
#: "X as director", "X as an actor": the role named after the name
_AS = r"|^\s+as\s+(?:an?\s+|the\s+)?"
ROLE_AFTER = {
    "director": re.compile(
        rf"^\W*(?:'s\s+)?(?:directed|directs|direct|helmed|made)\b{_AS}(?:director|filmmaker)\b",
        re.I,
    ),
    "cast": re.compile(
        r"^\W*(?:acted|acts|starred|stars|appeared|appears|played|plays|"
        rf"star|appear|act|(?:has\s+|have\s+)?been\s+in)\b{_AS}(?:actor|actress|star|"
        r"cast\s+member|performer)\b"
        # "with X in the cast", "where X is among the cast": a place in a cast, not of a title
        r"|^\s+(?:(?:is|was|are|were)\s+)?(?:in|among|part\s+of)\s+(?:the|its|their)\s+"
        r"cast\b(?!\s+(?:of|for|list\s+of)\b)",
        re.I,
    ),
}
#: words before or after a name that ask for its titles in any role ("movies of X", "X's films")
#: a loose verb of making ("what has X made", "movies X did with Y"): it gives a name no role
LOOSE_VERB = re.compile(r"\b(?:ma(?:de|ke|kes|king)|creat\w*|d(?:id|one|oes))\b", re.I)
WORKS_BEFORE = re.compile(
    r"(?:movies|films|shows|titles|series|work|works|filmography)\s+of\W*$", re.I
)
WORKS_AFTER = re.compile(
    r"^['’]s\s+(?:\w+\s+){0,2}?(?:movies|films|shows|titles|series|work|works|"
    r"filmography|stuff|collaborat(?:ors?|ions?)|co-?stars?|partners?|"
    r"(?:directors?|actors?|actresses|stars?)\s+(?:of\s+choice))\b|"
    # "scorsese's most frequent collaborator", "peele's usual co-star", "X's favourite actor"
    r"^['’]s\s+(?:most\s+)?(?:frequent|usual|regular|favou?rite|go-to|main)\s+"
    r"(?:directors?|actors?|actresses|stars?)\b",
    re.I,
)


#: what may stand before a people noun asked for: "number of distinct directors", "diff actors"
COUNTED_PEOPLE = r"(?:number\s+of\s+)?(?:(?:distinct|diff(?:erent)?|unique)\s+)?"
#: a name then a passive "directed by" with no one after it: the name is the one directed
_DIRECTED_BY_AFTER = re.compile(
    r"\s+(?:(?:has|have|had)\s+(?:ever\s+)?been|was|were|is|got|gets|get|being)\s+(?:\w+\s+)?"
    r"(?:directed|helmed)\s+by\b(?!\s+(?:both\s+)?[a-z{])",
    re.I,
)


def role_at(text: str, start: int, end: int) -> str | None:
    """The role the words around text[start:end] give a name there, if any."""
    before, after = text[max(0, start - 30) : start], text[end : end + 20]
    if _DIRECTED_BY_AFTER.match(text, end):  # "the directors X has been directed by": cast
        return "cast"
    for role in ("director", "cast"):
        if ROLE_BEFORE[role].search(before) or ROLE_AFTER[role].search(after):
            return role
    return None


_SHOWS_VERB = re.compile(r"(?:documentary|film|movie|series|it|that|which|this|footage)\W*$", re.I)
#: after "shows", words that make it the noun ("documentary shows from the uk"), not the verb
_SHOWS_NOUN = re.compile(
    r"\W*$|\s*[,;:?]|\s+(?:from|in|on|with|made|released|added|are|were|have|has|and|or|over|"
    r"under|since|before|after|rated|vs|versus|plus|n|&|\+|-)\b",
    re.I,
)


def shows_verb(before: str, after: str) -> bool:
    """Whether "shows" between `before` and `after` is the verb ("a documentary that shows how
    …"), not the noun ("documentary shows from the uk", "how many documentary shows")."""
    return bool(_SHOWS_VERB.search(before)) and not _SHOWS_NOUN.match(after)
