"""Intent from tagged examples: the masked part ("how many {type} from {country} were added
after {date}") is compared with the masked questions of the shared example bank
(`agent/plan_examples.yaml`) and the nearest vote; a few general cue detectors (percentages,
comparisons, superlatives, labels) take precedence, and missing entities rule operations out.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from itertools import pairwise
from pathlib import Path

from pydantic import BaseModel

from agentic_rag.agent.plan_examples import BANK_PATH
from agentic_rag.agent.rules.tags import PLACEHOLDER, Tag

_FEATURE = re.compile(r"\{\w+\}|[a-z0-9]+")
_I = re.IGNORECASE
# fmt: off
#: general cue detectors: a phrasing that names an operation whatever the subject
CUES: dict[str, re.Pattern[str]] = {
    "share": re.compile(r"\b(?:share|percent(?:age)?|proportion|fraction|ratio)\b|%", _I),
    "label": re.compile(r"\b(?:label|tag|classify|categori[sz]e|bucket)\b.*\bas\b", _I),
    "compare": re.compile(r"\b(?:compare[ds]?|comparison|versus|vs\.?|difference\s+between|"
                          r"more\b.*\b(?:or|than)|(?:or|than)\b.*\bmore)\b", _I),
    "average": re.compile(r"\b(?:average|avg|mean|typical\s+(?:length|duration|runtime))\b", _I),
    "costars": re.compile(r"\b(?:co-?stars?|worked\s+with|(?:acted|appeared|starred|worked)\s+"
                          r"(?:with|alongside)|collaborat\w*|team(?:ed|s)?\s+up|alongside|"
                          r"(?:most\s+)?often\s+with|paired\s+with)\b", _I),
    "similar": re.compile(r"\b(?:similar\s+to|like|such\s+as|in\s+the\s+(?:style|vein)\s+of|if\s+"
                          r"i\s+(?:liked|loved|enjoyed))\s+\{title\}", _I),
    "external": re.compile(r"\b(?:imdb|rotten\s+tomatoes|metacritic|critics?|reviews?|reviewed|"
                           r"awards?|oscars?|emmys?|box\s+office|gross\w*|news|sequel|renewed|"
                           r"cancell?ed|upcoming|weather|stock|net\s+worth|salary|viewers|"
                           r"viewership|watched|streams|subscribers?|budget|cost|revenue|profits?|"
                           r"earn\w*|price|forecast|temperature|how\s+old|married|birthday|"
                           r"how\s+much\s+money|how\s+popular|popularity|nominat\w*)\b|\ba\s+"
                           r"(?:big\s+|huge\s+)?(?:hit|flop|success)\W*$|"
                           r"\bhow\s+many\s+(?:\w+\s+)?(?:people|viewers|views|users|households|"
                           r"dollars|tickets|fans|votes)\b", _I),
    "count": re.compile(r"\bh[ow]{1,2}s?\s*m(?:any|ny|nay|amy)\b|\bnumber\s+of\b|\bcount\b|"
                        r"\btotal\b", _I),
    "most": re.compile(r"\b(?:most|fewest|least|top|highest|lowest|biggest|largest|busiest|peak|"
                       r"leading|breakdown|per|by\s+(?:country|genre|year|rating))\b", _I),
    "top": re.compile(r"\b(?:longest|shortest|oldest|newest|earliest|latest|most\s+recent(?:ly)?|"
                      r"most\s+seasons|fewest\s+seasons)\b", _I),
    "describe": re.compile(r"\b(?:runtime|run\s*time|running\s+time|length|duration|how\s+long\s+"
                           r"(?:is|was)|how\s+many\s+seasons|(?:age\s+)?rating|rated|when\s+(?:was|"
                           r"did|were))\b[^{]*\{title\}|\{title\}[^{]*\b(?:runtime|how\s+long|rated|"
                           r"rating)\b", _I),
    "people": re.compile(r"\bwho\b|\bcast\b|\bdirector|\bactors?\b|\bstars?\s+(?:of|in)\b", _I),
}
#: a group noun after "which/what" names the group of a `most` question
GROUP_WORDS: dict[str, re.Pattern[str]] = {
    "country": re.compile(r"\bcountr(?:y|ies)|nations?\b", _I),
    "genre": re.compile(r"\b(?:genres?|categor(?:y|ies)|kinds?\s+of)\b", _I),
    "director": re.compile(r"\b(?:directors?|filmmakers?|directed)\b", _I),
    "cast": re.compile(r"\b(?:actors?|actress(?:es)?|cast\s+members?|performers?|stars|"
                       r"acted|appear\w*|starred)\b", _I),
    "added_year": re.compile(r"\byears?\b(?=.*\b(?:added|arriv\w*|new\s+to)\b)|\b(?:added|"
                             r"arriv\w*)\b.*\byears?\b", _I),
    "release_year": re.compile(r"\b(?:years?|release\s+years?)\b", _I),
    "rating": re.compile(r"\b(?:ratings?|certificat\w+|maturity|age\s+ratings?)\b", _I),
    "type": re.compile(r"\bmovies?\s+(?:or|vs\.?|versus)\s+(?:tv\s+)?shows?\b|\btypes?\b", _I),
}
# fmt: on


CUE_FLOOR = 0.5  # how sure an operation a cue word decided is, at least
PER_GROUP = re.compile(r"\b(?:per|each|every)\s+(?:release\s+)?(?:year|country|genre|rating)\b", _I)
RANKED = re.compile(r"\bby\s+(?:the\s+)?(?:number|count)\b", _I)


class Intent(BaseModel):
    op: str
    score: float  # 0-1: similarity of the nearest example (1.0 for a decisive cue)
    example: str = ""  # the nearest example's question
    cue: str = ""  # the cue detector that decided, if any


def mask(text: str, tags: list[Tag]) -> str:
    """The question with its entities replaced by placeholders, folded to lower case."""
    out, pos = [], 0
    for t in sorted(tags, key=lambda t: t.start):
        if t.start < pos:
            continue
        out += [text[pos : t.start], PLACEHOLDER[t.kind]]
        pos = t.end
    out.append(text[pos:])
    return " ".join("".join(out).casefold().split())


class IntentMatcher:
    """Nearest masked examples vote for the operation; built once with the tagger."""

    def __init__(self, tag_text, path: Path = BANK_PATH):  # type: ignore[no-untyped-def]
        # the one loader of the shared bank; read once per process, at the first question
        from agentic_rag.agent.plan_examples import load_examples

        self.examples = [
            (mask(e.question, tag_text(e.question)), e.operation, e.question)
            for e in load_examples(path)
            if e.operation
        ]
        docs = [set(self._features(m)) for m, _, _ in self.examples]
        df = Counter(f for d in docs for f in d)
        self.idf = {f: math.log((1 + len(docs)) / (1 + n)) + 1 for f, n in df.items()}
        self.max_idf = math.log(1 + len(docs)) + 1
        self.vectors = [self._vector(m) for m, _, _ in self.examples]

    @staticmethod
    def _features(masked: str) -> list[str]:
        words = _FEATURE.findall(masked)
        return [*words, *(f"{a} {b}" for a, b in pairwise(words))]

    def nearest(self, masked: str, k: int = 3) -> list[tuple[str, float, str]]:
        """The k examples most similar to `masked` (idf-weighted cosine of words and pairs)."""
        vec = self._vector(masked)
        scored = sorted(
            (
                (sum(w * ex.get(f, 0.0) for f, w in vec.items()), i)
                for i, ex in enumerate(self.vectors)
            ),
            reverse=True,
        )[:k]
        return [(self.examples[i][1], round(score, 3), self.examples[i][2]) for score, i in scored]

    def _vector(self, masked: str) -> dict[str, float]:
        vec = {f: self.idf.get(f, self.max_idf) for f in self._features(masked)}
        norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
        return {f: v / norm for f, v in vec.items()}

    def classify(self, text: str, tags: list[Tag]) -> Intent:
        masked = mask(text, tags)
        kinds = {t.kind for t in tags}
        named = bool(kinds & {"title", "unknown_title"})
        person = "person" in kinds
        for op in ("label", "share", "average", "costars", "similar"):
            if CUES[op].search(masked) and (op != "costars" or person):
                return Intent(op=op, score=1.0, cue=op)
        if CUES["compare"].search(masked) and _pair(tags):
            return Intent(op="compare", score=1.0, cue="compare")
        if CUES["external"].search(masked):  # an outside source named wins: "IMDb rating of X"
            return Intent(op="external", score=0.9, cue="external")
        if named and CUES["describe"].search(masked):  # "the runtime of {title}"
            return Intent(op="describe", score=0.9, cue="describe")
        if re.match(r"^\W*who\b", masked) and not CUES["most"].search(masked):
            return Intent(op="people", score=0.9, cue="who")  # "who ..." asks for people
        hits = self.nearest(masked)
        votes: Counter[str] = Counter()
        for op, score, _ in hits:
            votes[op] += score
        allowed = {op for op in votes if _fits(op, named, person, masked)}
        ranked = [op for op, _ in votes.most_common() if op in allowed]
        op = ranked[0] if ranked else ("list" if kinds else "search")
        best = next((h for h in hits if h[0] == op), (op, 0.4, ""))
        voted = op
        if PER_GROUP.search(masked) or RANKED.search(masked):
            op = "most"  # "how many ... per year", "top countries by number of titles"
        elif CUES["count"].search(masked) and op not in ("describe", "average", "most"):
            op = "count"
        elif CUES["top"].search(masked) and op not in ("people",):
            op = "top"
        elif op == "count" and not CUES["count"].search(masked):
            op = "list"
        score = best[1] if op == voted else max(best[1], CUE_FLOOR)  # a cue decided it
        return Intent(op=op, score=round(score, 2), example=best[2])


def _fits(op: str, named: bool, person: bool, masked: str) -> bool:
    if op in ("share", "label", "compare", "average", "external", "top", "most", "count"):
        return bool(CUES[op].search(masked))  # operations a phrasing must name
    if op in ("describe", "similar"):
        return named and (op == "describe" or bool(CUES["similar"].search(masked)))
    if op == "people":
        return named or bool(re.search(r"\bwho\b|\bcast\b|\bdirector", masked))
    if op == "costars":
        return person and bool(CUES["costars"].search(masked))
    if op == "most":
        return bool(CUES["most"].search(masked))
    return True


def _pair(tags: list[Tag]) -> bool:
    """Two different values of one kind (the two sides of a comparison)."""
    seen: dict[str, set[str]] = {}
    for t in tags:
        seen.setdefault(t.kind, set()).add(t.value or t.text)
    return any(len(v) >= 2 for k, v in seen.items() if k not in ("limit",))


def group_of(masked: str) -> str | None:
    """The group a `most` question ranks: the first group noun of the question."""
    text = re.sub(r"\{\w+\}", " ", masked)
    hits = [
        (m.start(), i, name)
        for i, (name, pattern) in enumerate(GROUP_WORDS.items())
        if (m := pattern.search(text))
    ]
    return min(hits)[2] if hits else None
