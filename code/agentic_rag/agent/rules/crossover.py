"""The people of named titles in one role who hold the other role on some title of their own
("who starred in the crown and also directed something": the cast of The Crown who directed a
title; "which directors of narcos have acted in anything": its directors who are in some cast).

Unlike `auteur` (both roles on one title: "... and acted in it"), the second role is on any
title: the named titles are where they have the first role, and the set's other filters say
what they did in the second ("... and also directed a documentary": documentaries they
directed). Its wording is read on the masked question (`wording`), its role (`role`: the role
on the named titles) from which of the two it names first; the compilers and the reading line
are here (the answer sentence is the relations' one for people with their titles).
"""

from __future__ import annotations

import re

from agentic_rag.agent.rules.compile_cypher import REL, filters, lit
from agentic_rag.agent.rules.compile_sql import conditions
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.sql_text import in_list

_I = re.IGNORECASE
_ACT = r"(?:act|star|appear|play|perform)\w*"
_DIRECT = r"direct\w*"
#: the named titles: "{title}", "{title} and {title}", "{title}, {title} or {title}"
_TITLES = r"\{title\}(?:\s*(?:,|and|&|or)\s*\{title\})*"
#: the cast of the named titles: "starred in", "was in", "the cast of", "actors from"
_IN_CAST = (
    rf"(?:(?:{_ACT}|(?:is|was|are|were|been|be)(?:\s+also)?)\s+(?:in|on)\s+(?:the\s+cast\s+of\s+)?|"
    r"(?:cast(?:\s+members?)?|actors?|actress\w*|stars?|(?:people|any(?:one|body)|who)\s+in\s+"
    r"the\s+cast)\s+(?:of|from|in|on)\s+)"
)
#: the directors of the named titles: "directed", "the director(s) of"
_BY_DIRECTOR = rf"(?:{_DIRECT}\s+|directors?\s+(?:of|from|on)\s+)"
#: between the two: "and also", ", and has", "who later", "have ever"
_THEN = (
    r"\s*,?\s+(?:(?:and|&|but|who|that)\s+)?(?:(?:has|have|had|did|does|do|ever|also|too|then|"
    r"later|since|themselves|himself|herself|gone\s+on\s+to|went\s+on\s+to|go\s+on\s+to)\s+){0,4}"
)
#: what they did in the second role: any title ("something", "a movie", "any films", "their
#: own show") or nothing more ("... and also directed?"); not "it" / "that same one" (auteur)
_ANY = (
    r"\s*(?:(?:some|any)\s*(?:thing|one|title|movie|film|show|project)s?\b(?:\s+else)?|stuff\b|"
    r"(?:an?|any|some|other|their\s+own|his\s+own|her\s+own)\s+(?:\w+\s+)?"
    r"(?:\{(?:type|genre)\}|(?:titles?|movies?|films?|shows?|projects?|series|things?)\b)|\{(?:type|genre)\}|"
    r"(?:titles|movies|films|shows|projects)\b|(?=\W*$))"
)
_CAST_FIRST = re.compile(rf"{_IN_CAST}{_TITLES}{_THEN}{_DIRECT}{_ANY}", _I)
_DIRECTOR_FIRST = re.compile(rf"{_BY_DIRECTOR}{_TITLES}{_THEN}{_ACT}(?:\s+in)?{_ANY}", _I)
#: the wordings (the words they match are what the reading used)
WORDING = (_CAST_FIRST, _DIRECTOR_FIRST)


def wording(masked: str) -> bool:
    """Whether a part asks for the crossover: the first role on named titles, the other on any."""
    return any(p.search(masked) for p in WORDING)


def role(masked: str) -> str:
    """The role on the named titles: the one said first ("starred in X and also directed")."""
    cast, director = (p.search(masked) for p in WORDING)
    if cast and director:
        return "cast" if cast.start() <= director.start() else "director"
    return "cast" if cast else "director"


def other(spec: QuerySpec) -> str:
    return "director" if spec.role != "director" else "cast"


def cypher(spec: QuerySpec, limit: int = 30) -> str:
    s = spec.titles
    matches, where = filters(s.model_copy(update={"titles": []}), "o")
    cond = f" WHERE {' AND '.join(where)}" if where else ""
    titles = "[" + ", ".join(lit(t) for t in s.titles) + "]"
    return (
        f"MATCH (p:Person)-[:{REL[spec.role or 'cast']}]->(s:Show) WHERE s.title IN {titles} "
        f"MATCH (p)-[:{REL[other(spec)]}]->(o:Show){cond}{''.join(' ' + m for m in matches)} "
        "RETURN p.name AS name, count(DISTINCT o) AS shared, collect(DISTINCT o.title) AS "
        f"titles ORDER BY shared DESC, name LIMIT {int(limit)}"
    )


def sql(spec: QuerySpec, limit: int = 30) -> str:
    s = spec.titles
    own = conditions(s.model_copy(update={"titles": [], "people": []}))  # on the other titles
    cond = " AND ".join(
        [
            f"a.role = '{spec.role or 'cast'}'",
            f"b.role = '{other(spec)}'",
            f"t.title IN ({in_list(s.titles)})",
            *own,
        ]
    )
    return (
        "SELECT p.name, count(DISTINCT s.show_id) AS shared, group_concat(DISTINCT s.title) AS "
        "titles FROM show_people a JOIN shows t ON t.show_id = a.show_id JOIN show_people b ON "
        "b.person_id = a.person_id JOIN shows s ON s.show_id = b.show_id JOIN people p ON "
        f"p.person_id = a.person_id WHERE {cond} GROUP BY p.name ORDER BY shared DESC, p.name "
        f"LIMIT {int(limit)}"
    )


def reading(spec: QuerySpec, set_words: str) -> str:
    named = " and ".join(spec.titles.titles)
    first = "cast" if spec.role != "director" else "directors"
    did = "directed" if other(spec) == "director" else "acted in"
    rest = spec.titles.model_copy(update={"titles": []})
    what = "a title" if rest.is_empty() else set_words
    return f"The {first} of {named} who also {did} {what}"


def doing(spec: QuerySpec) -> str:
    """The reading's last facet: "their cast who also directed"."""
    first = "cast" if spec.role != "director" else "directors"
    return f"their {first} who also " + ("directed" if other(spec) == "director" else "acted")
