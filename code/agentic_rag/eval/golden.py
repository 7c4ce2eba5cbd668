"""The golden question set: load tests/golden/questions.yaml plus its computed expected values.

The YAML holds the questions and how each is checked; questions.expected.json (written by
tests/golden/make_expected.py from the CSV) holds the expected values. `load_golden` merges
the two and validates the whole set, failing with one message that lists every problem.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Literal, get_args

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from agentic_rag.config import PROJECT_ROOT
from agentic_rag.errors import AgenticRagError

GOLDEN_DIR = PROJECT_ROOT / "tests" / "golden"
QUESTIONS_PATH = GOLDEN_DIR / "questions.yaml"
EXPECTED_PATH = GOLDEN_DIR / "questions.expected.json"
MIN_QUESTIONS = 40

Category = Literal[
    "filter_count",
    "aggregate",
    "graph_relation",
    "semantic",
    "hybrid",
    "follow_up",
    "unanswerable",
    "adversarial",
    "names_typed",
    "date_added",
]
CheckKind = Literal[
    "exact_number",
    "all_titles",
    "title",
    "person",
    "refusal_or_no_data",
    "combined",
    "absent",
    "present",
]
CATEGORIES: tuple[str, ...] = get_args(Category)
TOOLS = frozenset({"sql", "semantic", "cypher", "graph_expand", "web", "omdb"})
#: which compute ops (see make_expected.py) can feed which check kind
KIND_OPS: dict[str, frozenset[str]] = {
    "exact_number": frozenset({"count", "top", "field_of", "share", "counts", "added_of", "mean"}),
    "all_titles": frozenset({"titles", "first"}),
    "title": frozenset({"title_of"}),
    "person": frozenset(
        {"people", "costar_top", "top", "common", "director_actor", "coworker_top", "chain"}
    ),
    "refusal_or_no_data": frozenset({"absent"}),
    "combined": frozenset({"parts"}),
    "absent": frozenset({"absent"}),
    "present": frozenset({"titles", "title_of", "people"}),
}
#: which expected field each kind checks against
KIND_FIELD = {
    "exact_number": "numbers",
    "all_titles": "titles",
    "title": "titles",
    "person": "names",
}
#: kinds checked against values (combined: every field; present: titles or names)
VALUE_KINDS = (*KIND_FIELD, "combined", "present")
NUMBER = re.compile(r"\d[\d,]*")


class GoldenSetError(AgenticRagError):
    """The golden set or its expected values are missing, stale or malformed."""


class Expected(BaseModel):
    """Values computed from the CSV (only the field the check kind uses is filled)."""

    model_config = ConfigDict(extra="forbid")
    numbers: list[int | float] = Field(default_factory=list)
    titles: list[str] = Field(default_factory=list)
    names: list[str] = Field(default_factory=list)
    absent: str | None = None
    chain: list[str] = Field(default_factory=list)  # one valid chain (op chain), for readers
    #: must not be named in the answer's lead: runners-up of "the longest", the rest of a
    #: "which of those" set
    others: list[str] = Field(default_factory=list)
    #: per expected title, longer catalog titles holding it ("The Irishman: In Conversation"),
    #: masked before the title is looked for
    near: dict[str, list[str]] = Field(default_factory=dict)


class Check(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: CheckKind
    compute: dict[str, Any] | None = None
    forbidden: list[str] = Field(default_factory=list)
    expected: Expected = Field(default_factory=Expected)
    #: check only the answer's lead (before its reading note, tables and footer): for
    #: questions whose supporting table would hold the expected title anyway ("the longest")
    lead_only: bool = False
    #: numbers match within this much (averages: 1.76 seasons may be written 1.8)
    tolerance: float = Field(0.0, ge=0.0)

    @field_validator("forbidden")
    @classmethod
    def _patterns_compile(cls, patterns: list[str]) -> list[str]:
        for p in patterns:
            try:
                re.compile(p)
            except re.error as exc:
                raise ValueError(f"forbidden pattern {p!r} does not compile: {exc}") from exc
        return patterns

    @model_validator(mode="after")
    def _compute_fits_kind(self) -> Check:
        op = (self.compute or {}).get("op")
        if self.compute is None and self.kind != "refusal_or_no_data":
            raise ValueError(f"a {self.kind} check needs a compute spec")
        if op is not None and op not in KIND_OPS[self.kind]:
            raise ValueError(f"compute op {op!r} cannot feed a {self.kind} check")
        return self

    def expected_values(self) -> list[Any]:
        e = self.expected
        if self.kind == "combined":
            return [*e.numbers, *e.titles, *e.names]
        if self.kind == "present":
            return [*e.titles, *e.names]
        field = KIND_FIELD.get(self.kind)
        return list(getattr(e, field)) if field else []


class GoldenQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z0-9_-]+$")
    question: str = Field(min_length=1)
    category: Category
    expected_tools: list[str]
    check: Check
    thread: str | None = Field(default=None, pattern=r"^[a-z0-9_-]+$")

    @field_validator("expected_tools")
    @classmethod
    def _known_tools(cls, items: list[str]) -> list[str]:
        for item in items:
            unknown = set(item.split("|")) - TOOLS
            if unknown:
                raise ValueError(f"unknown tool(s) {sorted(unknown)} in {item!r}")
        return items

    @model_validator(mode="after")
    def _thread_iff_follow_up(self) -> GoldenQuestion:
        if (self.category == "follow_up") != (self.thread is not None):
            raise ValueError("follow_up questions need a `thread`; other categories must not")
        return self


class GoldenSet(BaseModel):
    questions: list[GoldenQuestion]

    @model_validator(mode="after")
    def _whole_set(self) -> GoldenSet:
        ids = [q.id for q in self.questions]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate ids: {dupes}")
        if len(self.questions) < MIN_QUESTIONS:
            raise ValueError(f"{len(self.questions)} questions; at least {MIN_QUESTIONS} needed")
        for thread, group in self.threads().items():
            if len(group) < 2:
                raise ValueError(f"thread {thread!r} has one question; a follow-up needs two")
        return self

    def threads(self) -> dict[str, list[GoldenQuestion]]:
        out: dict[str, list[GoldenQuestion]] = {}
        for q in self.questions:
            if q.thread:
                out.setdefault(q.thread, []).append(q)
        return out

    def groups(
        self, category: str | None = None, limit: int | None = None
    ) -> list[list[GoldenQuestion]]:
        """Units of work in file order: one question, or a whole thread (never split)."""
        units: list[list[GoldenQuestion]] = []
        seen: set[str] = set()
        threads = self.threads()
        for q in self.questions:
            if category and q.category != category:
                continue
            if q.thread is None:
                units.append([q])
            elif q.thread not in seen:
                seen.add(q.thread)
                units.append(threads[q.thread])
        if limit is not None:
            kept, count = [], 0
            for unit in units:
                if count >= limit:
                    break
                kept.append(unit)
                count += len(unit)
            units = kept
        return units


def _attach_expected(doc: dict[str, Any], expected: dict[str, Any]) -> None:
    for q in doc.get("questions") or []:
        check = q.get("check") or {}
        if check.get("compute") and q.get("id") in expected:
            check["expected"] = expected[q["id"]]


def _expected_problems(golden: GoldenSet, computed: set[str]) -> list[str]:
    problems = []
    threads = golden.threads()
    for q in golden.questions:
        if q.check.compute and q.id not in computed:
            problems.append(f"{q.id}: no expected value (run tests/golden/make_expected.py)")
            continue
        values = q.check.expected_values()
        if q.check.kind in VALUE_KINDS and not values:
            problems.append(f"{q.id}: the expected value of a {q.check.kind} check is empty")
        if q.check.kind == "absent" and not q.check.expected.absent:
            problems.append(f"{q.id}: an absent check needs the absent name (op absent)")
        if q.check.kind in ("exact_number", "combined"):
            asked = [p.question for p in threads.get(q.thread or "", [q])]
            in_question = {int(n.replace(",", "")) for text in asked for n in NUMBER.findall(text)}
            echoed = [v for v in q.check.expected.numbers if v in in_question]
            if echoed:
                problems.append(
                    f"{q.id}: expected number(s) {echoed} already appear in the "
                    "question, so an echo of it would pass"
                )
    return problems


def load_golden(
    questions_path: Path = QUESTIONS_PATH,
    expected_path: Path = EXPECTED_PATH,
    every_category: bool = True,
) -> GoldenSet:
    """The validated golden set with its expected values, or `GoldenSetError` saying why not.
    `every_category`: each of `CATEGORIES` must have a question (the golden set's coverage; a
    stranger half is split by family, so a category with one question lands in one half)."""
    try:
        doc = yaml.safe_load(Path(questions_path).read_text(encoding="utf-8")) or {}
        stored = json.loads(Path(expected_path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError, json.JSONDecodeError) as exc:
        raise GoldenSetError(f"cannot read the golden set: {exc}") from exc
    expected = stored.get("questions") or {}
    _attach_expected(doc, expected)
    try:
        golden = GoldenSet.model_validate(doc)
    except ValidationError as exc:
        lines = [f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()]
        detail = "\n  ".join(lines)
        raise GoldenSetError(f"invalid golden set {questions_path}:\n  {detail}") from exc
    missing = sorted(set(CATEGORIES) - {q.category for q in golden.questions})
    if every_category and missing:
        raise GoldenSetError(f"invalid golden set {questions_path}: no question in {missing}")
    problems = _expected_problems(golden, set(expected))
    if problems:
        raise GoldenSetError("golden set problems:\n  " + "\n  ".join(problems))
    return golden


def load_set(name: str) -> GoldenSet:
    """A question set of tests/golden by its stem ("questions", "offline_check", ...)."""
    return load_golden(GOLDEN_DIR / f"{name}.yaml", GOLDEN_DIR / f"{name}.expected.json")
