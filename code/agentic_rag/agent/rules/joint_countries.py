"""Countries a title must list all of: "titles listed as both india and the us", "movies
co-produced by france and germany", "shows the uk and canada made jointly". A title's country
field is a list; two countries said with "and" alone ("us and uk titles") keep the catalog's
"any of them", but a cue of all of them (`joint_countries` of `words.yaml`: "both" before the
first, "jointly" after the last, "co-produced by" before; not "together", a total) asks for
the titles whose list holds each: the first country's set within the next one's
(`TitleSet.within`, so all hold)."""

from __future__ import annotations

import re
from itertools import pairwise

from agentic_rag.agent.rules.spec import TitleSet
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import alternation
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
_J = WORDS.joint_countries
#: what may stand between a cue before the countries and the first of them
_LINK = r"(?:\s+|\b(?:from|in|by|of|the|between|as|made|listed|listing|list)\b)*"
_BEFORE = re.compile(rf"\b(?:{alternation(_J['before'])})\b{_LINK}$", _I)
_AFTER = re.compile(
    rf"^\s*(?:as\s+(?:their\s+|the\s+)?countr(?:y|ies)\s+|(?:make|made|produce|produced|"
    rf"film|filmed|shot)\s+)?(?:{alternation(_J['after'])})\b",
    _I,
)
#: the cue's words, which the reading uses (`consumed`)
CUE = re.compile(rf"\b(?:{alternation((*_J['before'], *_J['after']))})\b", _I)
#: between two countries of the list: "and", "&", "+", a comma
_AND = re.compile(r"^\s*(?:,\s*)?(?:and|&|\+|,)\s*(?:the\s+)?$|^\s*[-/]\s*$", _I)


def joint(text: str, tags: list[Tag]) -> list[str]:
    """The countries a title must list all of, when a cue of all of them is said (else [])."""
    said = [t for t in tags if t.kind == "country" and not t.negated]
    if len(said) < 2 or not all(_AND.match(text[a.end : b.start]) for a, b in pairwise(said)):
        return []
    if not (_BEFORE.search(text[: said[0].start]) or _AFTER.match(text[said[-1].end :])):
        return []
    return list(dict.fromkeys(str(t.value) for t in said))


def nested(s: TitleSet) -> bool:
    """Whether the set asks for titles listing more than one country (`all_of`)."""
    return bool(s.countries) and s.within is not None and bool(s.within.countries)


def all_of(s: TitleSet, countries: list[str]) -> TitleSet:
    """`s` with the titles listing each of `countries`: one country a set, nested."""
    inner = None
    for c in reversed(countries[1:]):
        inner = TitleSet(countries=[c], within=inner)
    return s.model_copy(update={"countries": countries[:1], "within": inner})
