"""What an average asks of a set's running times or seasons: the mean, their total ("total
seasons of all korean tv shows", "how many hours of anime movies are there in total") or the
median; and two sets' means set against each other ("which is longer on average, korean
movies or japanese movies", "do british shows run more seasons on average than american
ones"), read as a comparison (`compare`) of that measure (`by`). Words: `words.yaml`."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.cues import CUES
from agentic_rag.agent.rules.shape import average_unit
from agentic_rag.agent.rules.spec import Measure, QuerySpec
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.usage_words import reading_words
from agentic_rag.agent.rules.vocab import WORD
from agentic_rag.agent.rules.words import WORDS


def _any(words: tuple[str, ...]) -> re.Pattern[str]:
    alts = "|".join(r"\s+".join(map(re.escape, w.split())) for w in sorted(words, key=len)[::-1])
    return re.compile(rf"\b(?:{alts})\b", re.IGNORECASE)


#: a total or median asked in a unit the titles lack ("minutes of shows in total"): another
#: quantity than the one answered, so the reading is unsure (`confidence.CAPPING`)
UNIT_LACKING = "a total or median in that unit cannot be given: answered in the titles' own unit"
_MEASURES = {m: _any(words) for m, words in WORDS.measures.items()}
_VERSUS = _any(WORDS.versus_words)
_COMPARATIVE = _any(WORDS.comparatives)
_OR = re.compile(r"\bor\b", re.IGNORECASE)
_ON_AVERAGE = re.compile(r"\b(?:on|per|each)\b", re.IGNORECASE)  # "on average", "per title"


def measure_of(masked: str) -> Measure:
    """'median' or 'total' when the part says so, else the mean."""
    if _MEASURES["median"].search(masked):
        return "median"
    return "total" if _MEASURES["total"].search(masked) else "mean"


def _pair(tags: list[Tag]) -> bool:
    """Two values of one kind: the two sides of a comparison (`sets.compare_sets`)."""
    kinds = [t.kind for t in tags if t.kind != "type"]
    return any(len({str(t.value or t.text) for t in tags if t.kind == k}) >= 2 for k in kinds)


def versus(spec: QuerySpec, masked: str, tags: list[Tag]) -> bool:
    """Whether the part compares two sets. An average (the mean) asked of two values of one
    kind set against each other ("than", "versus", or a comparative and "or") becomes the
    comparison of their means; a comparison that asks an average compares means too."""
    against = _VERSUS.search(masked) or (_COMPARATIVE.search(masked) and _OR.search(masked))
    if spec.op == "average" and spec.measure == "mean" and against and _pair(tags):
        spec.op = "compare"
    elif spec.op == "compare" and spec.by is None and CUES["average"].search(masked):
        spec.by = average_unit(masked, spec.titles)
    return spec.op == "compare"


def measure_used(spec: QuerySpec, masked: str) -> set[str]:
    """The words a measure's reading used: "total" / "median" of an average; the average
    cue and the words that set two means against each other of a comparison of means."""
    found: list[re.Pattern[str]] = []
    if spec.op == "average" and spec.measure != "mean":
        found.append(_MEASURES[spec.measure])
    means = spec.op == "compare" and spec.by is not None
    if means:  # and the words an average's answer says ("runtime", "seasons")
        found += [CUES["average"], _VERSUS, _COMPARATIVE, _OR, _ON_AVERAGE]
    said = {w.casefold() for p in found for m in p.finditer(masked) for w in WORD.findall(m[0])}
    return said | set(reading_words().by_op["average"]) if means else said
