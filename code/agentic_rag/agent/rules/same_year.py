"""Titles added to Netflix in the year they came out: "added the same year they came out",
"released and added in the same year", "added in their release year". A `same_year` tag over
the whole wording (`TitleSet.added_same_year`); the verbs are `dated_by.ADDED_VERB` and
`dated_by.RELEASE_VERB`.
"""

from __future__ import annotations

import re

from agentic_rag.agent.rules.dated_by import ADDED_VERB, RELEASE_VERB
from agentic_rag.agent.rules.tags import Tag, at, free

_ADDED, _RELEASED = ADDED_VERB.pattern, RELEASE_VERB.pattern
_THEY = r"(?:(?:they|it|the\s+\w+|each\s+\w+)\s+(?:were\s+|was\s+|got\s+|had\s+been\s+)?)?"
#: where it was added, after the verb: "to netflix", "on netflix" ("put on netflix"), "onto the
#: platform", "to the catalog"
_WHERE = r"(?:(?:(?:to|on|onto)\s+)?(?:netflix|the\s+(?:platform|service|catalog(?:ue)?|site))\s+)?"
_SAME_YEAR = re.compile(
    rf"{_ADDED}\s+{_WHERE}(?:in\s+|during\s+)?(?:the\s+)?(?:same\s+year|year)\s+"
    rf"(?:as\s+|that\s+|when\s+)?{_THEY}{_RELEASED}|"
    rf"{_ADDED}\s+{_WHERE}(?:in\s+|during\s+)?(?:the\s+same\s+year\s+as\s+|the\s+year\s+of\s+)?"
    rf"(?:their|its|the)\s+(?:release\s+year|release|premiere)\b|"
    rf"{_RELEASED}\s+(?:and|&)\s+{_ADDED}\s+{_WHERE}(?:in\s+)?(?:the\s+)?same\s+year",
    re.I,
)


#: "… released that same year", "… added in the same year": the year the other date said before
#: ("of the titles added in 2018, how many were also released that same year")
_THAT_YEAR = re.compile(
    rf"(?:({_RELEASED})|{_ADDED})\s+{_WHERE}(?:in\s+|during\s+)?(?:that|the)\s+same\s+year\b", re.I
)


def _back(text: str, m: re.Match[str]) -> bool:
    """A `_THAT_YEAR` wording after a year said with a verb of the other date ("added in
    2018"): the two dates share a year (not "movies from japan added that same year")."""
    other = (ADDED_VERB if m.group(1) else RELEASE_VERB).pattern
    dated = re.compile(rf"{other}(?:\s+[\w'’]+){{0,4}}?\s+(?:19|20)\d\d\b", re.I)
    return bool(dated.search(text, 0, m.start()))


def same_year_tags(text: str, tags: list[Tag]) -> None:
    """Add a `same_year` tag for each such wording of `text` not inside another tag."""
    found = [*_SAME_YEAR.finditer(text), *(m for m in _THAT_YEAR.finditer(text) if _back(text, m))]
    for m in found:
        if free(tags, *m.span()):
            tags.append(at("same_year", m, value="same year", label="in the year it came out"))
