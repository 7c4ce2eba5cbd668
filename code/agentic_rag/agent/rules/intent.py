"""The operation of a part, decided once: every candidate operation is scored from the vote of
the nearest masked examples of the shared bank (`agent/plan_examples.yaml`: "how many {type}
from {country} were added after {date}"), the cues that name it (`cues.yaml`: words, phrases
and their weights, loaded by `cues.py`) and the evidence other steps of the reader found (a
graph relation's wording, "do you have X", a ranking of groups, a long description). The tags
rule operations out: one that needs a title, a person or a pair of values cannot win without
them. The winner, its runner-up and the margin between their scores come out together, so
the confidence and asking back read how close the decision was.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path

from pydantic import BaseModel, Field, field_validator

from agentic_rag.agent.plan_examples import BANK_PATH
from agentic_rag.agent.rules.cues import BOOK, GROUP_WORDS, OperationCues
from agentic_rag.agent.rules.tags import PLACEHOLDER, Tag

__all__ = ["Found", "Intent", "IntentMatcher", "group_of", "mask"]

_FEATURE = re.compile(r"\{\w+\}|[a-z0-9]+")
NEAREST = 3  # examples that vote


class Found(BaseModel):
    """Evidence another step of the reader found: its name in `cues.yaml` and, for evidence
    whose entry names no operation (a relation names its own), the operation."""

    source: str
    op: str = ""

    @field_validator("source")
    @classmethod
    def _known(cls, source: str) -> str:
        if source not in BOOK.evidence:
            raise ValueError(f"no evidence named {source!r} in cues.yaml")
        return source


class Hit(BaseModel):
    """A cue or a piece of evidence that counts for an operation."""

    op: str
    name: str
    weight: float
    floor: float


class Intent(BaseModel):
    op: str
    score: float  # 0-1: the nearest example of `op`'s similarity, or its decisive cue's floor
    example: str = ""  # the nearest example of `op` in the bank
    cue: str = ""  # the strongest cue or evidence that counted for `op`, if any
    runner_up: str = ""  # the best other candidate ("" when no other could win)
    margin: float = 0.0  # `op`'s total minus the runner-up's (vote shares are 0-1)
    totals: dict[str, float] = Field(default_factory=dict)  # every candidate's total


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
    """The one operation decision; built once with the tagger (it masks the bank's examples)."""

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

    def _similarities(self, masked: str) -> list[tuple[float, int]]:
        vec = self._vector(masked)
        return sorted(
            (
                (sum(w * ex.get(f, 0.0) for f, w in vec.items()), i)
                for i, ex in enumerate(self.vectors)
            ),
            reverse=True,
        )

    def nearest(self, masked: str, k: int = NEAREST) -> list[tuple[str, float, str]]:
        """The k examples most similar to `masked` (idf-weighted cosine of words and pairs)."""
        return [
            (self.examples[i][1], round(score, 3), self.examples[i][2])
            for score, i in self._similarities(masked)[:k]
        ]

    def vector(self, masked: str) -> dict[str, float]:
        """The idf-weighted, normalised vector of a masked text (as the bank's are)."""
        return self._vector(masked)

    def _vector(self, masked: str) -> dict[str, float]:
        vec = {f: self.idf.get(f, self.max_idf) for f in self._features(masked)}
        norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
        return {f: v / norm for f, v in vec.items()}

    def classify(self, text: str, tags: list[Tag], found: Sequence[Found] = ()) -> Intent:
        """The operation of `text`: the one decision over every candidate (see the module)."""
        masked = mask(text, tags)
        held = _conditions(tags)
        sims = self._similarities(masked)
        votes: Counter[str] = Counter()
        for score, i in sims[:NEAREST]:
            votes[self.examples[i][1]] += max(score, 0.0)
        polled = sum(votes.values()) or 1.0
        nearest: dict[str, tuple[float, str]] = {}
        for score, i in sims:
            nearest.setdefault(self.examples[i][1], (score, self.examples[i][2]))
        hits = _fired(masked, held)
        for f in found:
            ev = BOOK.evidence[f.source]
            hits.append(Hit(op=ev.op or f.op, name=f.source, weight=ev.weight, floor=ev.floor))
        described = any(BOOK.evidence[f.source].describes for f in found)
        out = {op for f in found for op in BOOK.evidence[f.source].rules_out}
        totals: dict[str, float] = {}
        for op, entry in BOOK.operations.items():
            own = [h for h in hits if h.op == op]
            if op in out or not _feasible(entry, held | ({"cue"} if own else set()), described):
                continue
            if op in votes or own:  # a candidate: an example near, or a cue or evidence
                totals[op] = round(votes[op] / polled + sum(h.weight for h in own), 3)
        ranked = sorted(totals.items(), key=lambda kv: kv[1], reverse=True)
        if not ranked:
            fall = BOOK.fallback
            op = fall.tagged if tags else fall.untagged
            return Intent(op=op, score=fall.score, example=nearest.get(op, (0.0, ""))[1])
        op, best = ranked[0]
        runner, second = ranked[1] if len(ranked) > 1 else ("", 0.0)
        own = sorted((h for h in hits if h.op == op), key=lambda h: h.weight, reverse=True)
        sim, example = nearest.get(op, (0.0, ""))
        floor = max((h.floor for h in own), default=0.0)
        return Intent(
            op=op,
            score=round(min(1.0, max(sim, floor)), 2),
            example=example,
            cue=own[0].name if own and own[0].weight > 0 else "",
            runner_up=runner,
            margin=round(best - second, 3),
            totals=totals,
        )


def _conditions(tags: list[Tag]) -> set[str]:
    """What the tags hold, in the words of `requires` and `needs`."""
    kinds = {t.kind for t in tags}
    held = {"named"} if kinds & {"title", "unknown_title"} else set()
    held |= {k for k in ("title", "person") if k in kinds}
    return held | ({"pair"} if _pair(tags) else set())


def _fired(masked: str, held: set[str]) -> list[Hit]:
    """Every cue that fires on the masked question; a cue is void when the tags lack what it
    needs or a cue of an operation in its `unless` fires too."""
    hits = [
        (op, f"{op}.{i}" if i else op, cue)
        for op, entry in BOOK.operations.items()
        for i, cue in enumerate(entry.cues)
        if set(cue.needs) <= held and cue.pattern.search(masked)
    ]
    named = {op for op, _, _ in hits}
    return [
        Hit(op=op, name=name, weight=cue.weight, floor=cue.floor)
        for op, name, cue in hits
        if not named & set(cue.unless)
    ]


def _feasible(entry: OperationCues, held: set[str], described: bool) -> bool:
    if described and (
        entry.description == "drops" or (entry.description == "with_title" and "title" not in held)
    ):
        return False  # it cannot carry a description of the titles asked for
    return all(held & set(item.split("|")) for item in entry.requires)


def _pair(tags: list[Tag]) -> bool:
    """Two different values of one kind (the two sides of a comparison)."""
    seen: dict[str, set[str]] = {}
    for t in tags:
        seen.setdefault(t.kind, set()).add(t.value or t.text)
    return any(len(v) >= 2 for k, v in seen.items() if k not in ("limit",))


def group_of(masked: str) -> str | None:
    """The group a `most` question ranks: the first group word of the question."""
    text = re.sub(r"\{\w+\}", " ", masked)
    hits = [
        (m.start(), i, name)
        for i, (name, pattern) in enumerate(GROUP_WORDS.items())
        if (m := pattern.search(text))
    ]
    return min(hits)[2] if hits else None
