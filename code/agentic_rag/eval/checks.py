"""Scoring one answer against its golden check (the check kinds).

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
- present: every expected title or name appears in the lead, which makes no such absence
  statement (so "always say no" cannot pass the questions about things the catalog holds).
- `lead_only` checks run on the lead only: the answer before its reading line ("Read as: ..."),
  before its supporting results, tables, notes and footer.
- `expected.near` (stranger sets): per expected title, longer catalog titles holding it; they
  are masked before the title is looked for ("The Irishman: In Conversation" does not name
  "The Irishman"). `expected.others`: names the lead must not hold besides the answer (the
  runners-up of "the longest", the rest of a "which of those" set); naming one fails.
- `tolerance`: a number matches when it is within that much of the expected one.
- `forbidden` patterns fail any kind of check when they match.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from agentic_rag.eval.golden import Check

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
_READING_NOTE = re.compile(r"_?How I read the question:[^\n]*")
_LEAD_END = re.compile(
    r"_?How I read the question|_?Read as\\?:|^[ \t]*(?:Supporting results|What did not work)\b"
    r"|^[ \t]*\||^[ \t]*_(?:Answered\s+(?:in|by)|Note:)",
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


def mentions(answer: str, needle: str, masks: Iterable[str] = ()) -> bool:
    """`needle` appears once the longer names in `masks` are taken out of the answer: "The
    Irishman" is not named by "The Irishman: In Conversation"."""
    text, wanted = normalize(answer), normalize(needle)
    for mask in sorted(masks, key=len, reverse=True):
        if normalize(mask) != wanted:
            text = text.replace(normalize(mask), " ")
    return wanted in text


def answer_lead(answer: str) -> str:
    """The answer's own text: without its reading note ("How I read the question: ..."), and
    before its supporting results, tables, notes and footer (all of it when it has none)."""
    answer = _READING_NOTE.sub("", answer)
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


def score_strings(
    answer: str, expected: Sequence[str], what: str, near: dict[str, list[str]] | None = None
) -> Outcome:
    near = near or {}
    missing = [s for s in expected if not mentions(answer, s, near.get(s, ()))]
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


def score_present(lead: str, expected: Sequence[str], near: dict[str, list[str]]) -> Outcome:
    """Every expected title or name appears in the lead, which does not call it absent."""
    found = score_strings(lead, expected, "titles/names", near)
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
    parts += [score_strings(answer, e.titles, "titles", e.near)]
    parts += [score_strings(answer, e.names, "names")]
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
    outcome = _score_values(check, answer)
    if outcome.passed and check.expected.others:
        named = others_named(answer_lead(answer), check)
        if named:
            more = f" (+{len(named) - 3} more)" if len(named) > 3 else ""
            shown = "; ".join(named[:3]) + more
            return Outcome(False, f"the lead also names {shown}, not only the answer", named)
    return outcome


def _score_values(check: Check, answer: str) -> Outcome:
    text = answer_lead(answer) if check.lead_only else answer
    e = check.expected
    if check.kind == "present":
        return score_present(answer_lead(answer), check.expected_values(), e.near)
    if check.kind == "combined":
        return score_combined(text, check)
    if check.kind == "exact_number":
        return score_numbers(text, [float(v) for v in e.numbers], check.tolerance)
    if check.kind == "person":
        return score_strings(text, e.names, "names")
    return score_strings(text, e.titles, "titles", e.near)


def others_named(lead: str, check: Check) -> list[str]:
    """The `others` (runners-up, the rest of a "which of those" set) that the lead names; an
    expected title holding one of them ("Kung Fu Panda 2" holds "Kung Fu Panda") masks it."""
    wanted = [v for v in check.expected_values() if isinstance(v, str)]
    out = []
    for other in check.expected.others:
        masks = [w for w in wanted if w != other and normalize(other) in normalize(w)]
        if mentions(lead, other, masks):
            out.append(other)
    return out
