"""Scoring one answer against its golden check, and one turn's figures.

Check kinds (docs/evaluation.md has the same rules in prose):

- exact_number: every expected number appears in the answer as a standalone number. Numbers
  are read whole: "1,079" and "1079" are 1079, never 79; "2018," and "79." are 2018 and 79.
- all_titles: every expected title appears; title / person: the title or every name appears.
  Text is compared normalized: accents dropped, case folded, apostrophes removed, any other
  punctuation or markdown turned into a space, and matched on word boundaries.
- refusal_or_no_data: the answer is non-empty and makes no specific claim of the kind asked:
  no money amount or temperature (DEFAULT_CLAIMS) and none of the question's `forbidden`
  patterns. An explicit "could not find"/"no results" statement is recorded but is not needed,
  and it does not excuse a claim made next to it.
- combined (a question of several parts): every expected number, title and name appears.
- absent: the answer's lead (see below) says the catalog does not hold the named thing (a
  NOT_HELD or NO_DATA statement), does not open with "yes", and cites no result before saying
  so (an answer that offers another title first presents it as the answer). No field of the
  turn says "not in the catalog" today, so this one is read from the text.
- present: every expected title or name appears and the lead makes no such absence statement
  (so "always say no" cannot pass the questions about things the catalog holds).
- `lead_only` checks run on the lead only: the answer before its reading note ("How I read
  the question"), supporting results, tables, notes and footer.
- `tolerance`: a number matches when it is within that much of the expected one.
- `forbidden` patterns fail any kind of check when they match.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field

from agentic_rag.eval.calibration import turn_confidence
from agentic_rag.eval.golden import Check, GoldenQuestion
from agentic_rag.eval.node_stats import NodeRun, node_runs

_TOKEN = re.compile(r"(?<![\w.])\d[\d,]*+(?:\.\d+)?+(?!\w)")
_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_GROUP_SPACE = re.compile(r"(?<=\d)[\u00a0\u202f\u2009](?=\d{3}\b)")
NO_DATA = re.compile(
    r"\b(?:could\s*not|couldn't|can\s*not|cannot|can't|unable\s+to|did\s*not|didn't)\s+"
    r"(?:find|answer|locate|determine|provide)\b|\bno\s+(?:results?|data|information|matching|"
    r"rows|records|titles?)\b|\bfound\s+nothing\b|\bnot\s+(?:in|part\s+of)\s+(?:the|this)\s+"
    r"catalog\b|\b(?:don't|do\s+not)\s+have\b|\bnot\s+available\b",
    re.I,
)
#: the catalog does not hold it (beyond NO_DATA): "not in the catalog", "has no title named",
#: "Netflix doesn't have", "no movies by", "isn't on", "nothing with", "0 titles"
NOT_HELD = re.compile(
    r"\bnot\s+(?:in|on|part\s+of|listed\s+(?:in|on)|available\s+(?:in|on))\s+(?:the\s+|this\s+|"
    r"our\s+)?(?:catalog(?:ue)?|netflix|collection|data(?:set)?|library|list)\b"
    r"|\b(?:has|have|holds?|lists?|contains?)\s+no\s+(?:titles?|movies?|films?|shows?|series|"
    r"person|people|one|entr(?:y|ies)|credits?|records?|match(?:es)?)\b"
    r"|\b(?:catalog(?:ue)?|netflix|it|we|i)\s+(?:does\s+not|doesn't|do\s+not|don't)\s+(?:have|"
    r"hold|list|include|contain|carry)\b"
    r"|\bno\s+(?:titles?|movies?|films?|shows?|series|person|people|one|entr(?:y|ies)|credits?|"
    r"match(?:es)?)\s+(?:called|named|titled|by|with|matching|featuring|for|directed|found)\b"
    r"|\b(?:is|are)(?:n't|\s+not)\s+(?:in|on|listed|available|part\s+of)\b"
    r"|\bnothing\s+(?:by|with|from|called|named|titled|matching|for|found)\b"
    r"|\b0\s+(?:titles?|movies?|films?|shows?|results?|matches|rows)\b"
    r"|\b(?:titles?|movies?|films?|shows?|results?|rows):\s*0\b",
    re.I,
)
AFFIRMATIVE = re.compile(r"^\W*(?:yes|yeah|yep|sure)\b", re.I)
_LEAD_END = re.compile(
    r"_?How I read the question|^[ \t]*(?:Supporting results|What did not work)\b|^[ \t]*\|"
    r"|^[ \t]*_(?:Answered\s+(?:in|by)|Note:)",
    re.M,
)
_CITE = re.compile(r"\[\d{1,3}\]")
DEFAULT_CLAIMS = (
    r"(?:[$€£¥]|\bUSD\s?)\s?\d",  # a money amount
    r"(?i)\b\d[\d,.]*\s*(?:million|billion)\b",  # a large amount
    r"-?\d+(?:\.\d+)?\s*°",  # a temperature
    r"(?i)\b\d+(?:\.\d+)?\s*degrees\b",
)


@dataclass
class Outcome:
    passed: bool
    detail: str
    missing: list[str] = field(default_factory=list)


def numbers_in(text: str) -> list[float]:
    """Every standalone number of `text`, thousands separators understood."""
    found: list[float] = []
    for token in _TOKEN.findall(_GROUP_SPACE.sub("", text)):
        token = token.rstrip(",")
        if _THOUSANDS.fullmatch(token):
            found.append(float(token.replace(",", "")))
        else:
            found.extend(float(part) for part in token.split(",") if part)
    return found


def normalize(text: str) -> str:
    """Accent-free, case-folded words separated by single spaces, padded with spaces."""
    text = unicodedata.normalize("NFKD", text.replace("&amp;", "&"))
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    text = re.sub(r"['’‘`´]", "", text)
    return f" {' '.join(re.sub(r'[\W_]+', ' ', text).split())} "


def contains(answer: str, needle: str) -> bool:
    return normalize(needle) in normalize(answer)


def answer_lead(answer: str) -> str:
    """The answer's opening: the text before its reading note, supporting results, tables,
    notes and footer (the whole answer when it has none of them)."""
    m = _LEAD_END.search(answer)
    return answer[: m.start()] if m else answer


def _plain(text: str) -> str:
    return re.sub(r"[*_`\\]", "", text)


def absence_in(text: str) -> re.Match[str] | None:
    """The first statement in `text` that the catalog does not hold something."""
    plain = _plain(text)
    found = [m for m in (NOT_HELD.search(plain), NO_DATA.search(plain)) if m]
    return min(found, key=lambda m: m.start()) if found else None


def score_numbers(answer: str, expected: Sequence[float], tolerance: float = 0.0) -> Outcome:
    found = set(numbers_in(answer))
    slack = max(tolerance, 1e-9)
    missing = [f"{v:g}" for v in expected if not any(abs(v - f) <= slack for f in found)]
    if missing:
        return Outcome(False, f"number(s) not in the answer: {', '.join(missing)}", missing)
    return Outcome(True, f"found {', '.join(f'{v:g}' for v in expected)}")


def score_strings(answer: str, expected: Sequence[str], what: str) -> Outcome:
    missing = [s for s in expected if not contains(answer, s)]
    if missing:
        more = f" (+{len(missing) - 5} more)" if len(missing) > 5 else ""
        shown = "; ".join(missing[:5]) + more
        return Outcome(False, f"{len(missing)} of {len(expected)} {what} missing: {shown}", missing)
    return Outcome(True, f"all {len(expected)} {what} present")


def claims_in(answer: str, forbidden: Iterable[str] = ()) -> list[str]:
    """Text of every claim pattern (defaults plus `forbidden`) that matches the answer."""
    hits = []
    for pattern in (*DEFAULT_CLAIMS, *forbidden):
        m = re.search(pattern, answer)
        if m:
            hits.append(m.group(0))
    return hits


def score_refusal(answer: str, forbidden: Iterable[str] = ()) -> Outcome:
    if not answer.strip():
        return Outcome(False, "no answer")
    claims = claims_in(answer, forbidden)
    if claims:
        return Outcome(False, f"makes specific claims: {claims[:3]}", claims)
    said = "says it found no data" if NO_DATA.search(answer) else "makes no specific claim"
    return Outcome(True, said)


def score_absent(answer: str, thing: str) -> Outcome:
    """The lead says the catalog lacks `thing`, opens with no "yes", cites nothing before."""
    if not answer.strip():
        return Outcome(False, "no answer")
    lead = _plain(answer_lead(answer))
    if AFFIRMATIVE.match(lead):
        return Outcome(False, f"answers yes about {thing}, which the catalog does not hold")
    said = absence_in(lead)
    if said is None:
        return Outcome(False, f"does not say the catalog lacks {thing}", [thing])
    cite = _CITE.search(lead)
    if cite is not None and cite.start() < said.start():
        return Outcome(False, f"offers a cited result before saying {thing} is absent", [thing])
    return Outcome(True, f"says {thing} is not in the catalog ({said.group(0)!r})")


def score_present(answer: str, lead: str, expected: Sequence[str]) -> Outcome:
    """Every expected title or name appears, and the lead does not call it absent."""
    found = score_strings(answer, expected, "titles/names")
    if not found.passed:
        return found
    said = absence_in(lead)
    if said is not None:
        return Outcome(False, f"names it but says {said.group(0)!r}", [said.group(0)])
    return found


def score_combined(answer: str, check: Check) -> Outcome:
    """Every part of a several-part question: numbers, titles and names."""
    e = check.expected
    parts = [score_numbers(answer, [float(v) for v in e.numbers], check.tolerance)]
    parts += [score_strings(answer, e.titles, "titles"), score_strings(answer, e.names, "names")]
    missing = [m for p in parts for m in p.missing]
    if missing:
        return Outcome(False, "; ".join(p.detail for p in parts if not p.passed), missing)
    return Outcome(True, f"all {len(check.expected_values())} parts present")


def score_check(check: Check, answer: str) -> Outcome:
    """Score `answer` against one golden check (forbidden patterns first, for every kind)."""
    if check.kind == "refusal_or_no_data":
        return score_refusal(answer, check.forbidden)
    bad = [m.group(0) for p in check.forbidden if (m := re.search(p, answer))]
    if bad:
        return Outcome(False, f"forbidden text in the answer: {bad[:3]}", bad)
    if check.kind == "absent":
        return score_absent(answer, check.expected.absent or "it")
    text = answer_lead(answer) if check.lead_only else answer
    if check.kind == "present":
        return score_present(text, answer_lead(answer), check.expected_values())
    if check.kind == "combined":
        return score_combined(text, check)
    if check.kind == "exact_number":
        return score_numbers(text, [float(v) for v in check.expected.numbers], check.tolerance)
    if check.kind == "person":
        return score_strings(text, check.expected.names, "names")
    return score_strings(text, check.expected.titles, "titles")


def tool_match(used: Iterable[str], expected: Sequence[str]) -> tuple[float, list[str], list[str]]:
    """(share of expected items satisfied, unsatisfied items, tools used beyond them).

    An expected item "a|b" is satisfied by either tool.
    """
    used_set = set(used)
    items = [set(item.split("|")) for item in expected]
    hits = [bool(alts & used_set) for alts in items]
    missing = [item for item, hit in zip(expected, hits, strict=True) if not hit]
    allowed = set().union(*items) if items else set()
    score = sum(hits) / len(items) if items else 1.0
    return round(score, 3), missing, sorted(used_set - allowed)


class QuestionResult(BaseModel):
    """Everything the report needs about one golden question's turn."""

    id: str
    category: str
    question: str
    thread: str | None = None
    passed: bool
    detail: str
    answer: str = ""
    error: str | None = None
    tools_used: list[str] = Field(default_factory=list)
    expected_tools: list[str] = Field(default_factory=list)
    tool_match: float = 0.0
    tools_missing: list[str] = Field(default_factory=list)
    tools_extra: list[str] = Field(default_factory=list)
    iterations: int = 0
    decisions: list[str] = Field(default_factory=list)
    latency_s: float = 0.0
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    stores_unchanged: bool | None = None
    nodes: list[NodeRun] = Field(default_factory=list)  # planner/evaluator/synthesizer runs
    # calibration (eval/calibration.py): how sure the turn was, and whether it asked back
    confidence: float | None = None
    confidence_source: str = "none"  # "turn" | "evaluator" | "none"
    asked_back: bool = False
    reading: Any = None  # the turn's own reading of the question, when it reports one


def tools_used(values: dict[str, Any]) -> list[str]:
    """Tools the turn planned (every iteration), in first-use order."""
    names = [c.get("tool") for p in values.get("plans") or [] for c in p.get("calls") or []]
    return list(dict.fromkeys(n for n in names if n))


def score_turn(
    q: GoldenQuestion, values: dict[str, Any] | None, latency_s: float, error: str | None = None
) -> QuestionResult:
    """Score one turn; an error (raised, or reported by the graph) fails the question."""
    values = values or {}
    error = error or values.get("error")
    answer = str(values.get("answer") or "")
    totals = (values.get("trace_export") or {}).get("totals") or {}
    used = tools_used(values)
    match, missing, extra = tool_match(used, q.expected_tools)
    outcome = Outcome(False, f"error: {error}") if error else score_check(q.check, answer)
    decisions = values.get("decisions") or []
    sure = turn_confidence(values)
    return QuestionResult(
        confidence=sure.confidence,
        confidence_source=sure.source,
        asked_back=sure.asked_back,
        reading=values.get("reading"),
        nodes=node_runs(values),
        id=q.id,
        category=q.category,
        question=q.question,
        thread=q.thread,
        passed=outcome.passed,
        detail=outcome.detail,
        answer=answer,
        error=error,
        tools_used=used,
        expected_tools=list(q.expected_tools),
        tool_match=match,
        tools_missing=missing,
        tools_extra=extra,
        iterations=int(values.get("iteration") or 0),
        decisions=[f"{d.get('decision')} ({d.get('source')})" for d in decisions],
        latency_s=round(latency_s, 3),
        tokens_in=int(totals.get("tokens_in") or 0),
        tokens_out=int(totals.get("tokens_out") or 0),
        cost_usd=float(totals.get("cost_usd") or 0.0),
    )
