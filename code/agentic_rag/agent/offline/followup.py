"""Follow-up questions: detect them and resolve them against the previous turn.

"what about 2020?", "and only comedies", "who directed them?": `understand` merges the new
question's frame into the previous question's, substitutes a person or a year, or keeps the
question standalone when it names its own subject and intent.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.offline.filters import SHOW_ID
from agentic_rag.agent.offline.frame import CONTROL, Frame, analyse, has_intent
from agentic_rag.agent.offline.lexicon import WORD, Lexicon

_I = re.IGNORECASE
FOLLOW_START = re.compile(
    r"^(?:and|only|just|but|also|now|then|ok(?:ay)?|so|what about|how about|which of (?:these|"
    r"those|them)|of (?:these|those)|same (?:for|but)|from those|among (?:these|those))\b"
)
FOLLOW_ANY = re.compile(
    r"\b(?:those|these|them|ones|it|its|which one|that one|this one|the same)\b"
)
CONJUNCTION = re.compile(r"^(?:(?:and|but|also|so|now|then|ok(?:ay)?)\s+)+", _I)
OVERRIDE = re.compile(r"^(?:what|how) about\b|^same (?:for|but)\b")
LEAD_IN = re.compile(
    r"^(?:(?:and|but|also|so|now|then|ok(?:ay)?)\s+)*(?:(?:what|how) about|which of (?:these|"
    r"those|them)|of (?:these|those)|from those|among (?:these|those)|same (?:for|but))?\s*",
    _I,
)
PREPOSITION = re.compile(
    r"(?:from|in|with|by|before|after|since|between|released|made|directed|starring|rated|"
    r"during|on|under|over|longer|shorter|added)\b"
)


def is_follow_up(question: str, frame: Frame) -> bool:
    low = question.casefold().strip()
    if FOLLOW_START.match(low):
        return True
    bare = not frame.people and not frame.titles and not frame.content  # no subject of its own
    short = len(low) <= 40 and len(WORD.findall(low)) <= 4 and not has_intent(low)
    return bare and (FOLLOW_ANY.search(low) is not None or short)


def _join(prev: str, tail: str, override: bool) -> str:
    prev = prev.rstrip(" ?.!")
    if not tail:
        return prev
    if override:
        return f"{prev}, but {'in ' if re.fullmatch(r"'?\d+s?", tail) else ''}{tail}"
    if re.match(r"(?:are|were|is|was|have|has|had|star|feature|came|come|got)\b", tail, _I):
        return f"{prev} that {tail}"
    return f"{prev} {tail}" if PREPOSITION.match(tail.casefold()) else f"{prev}, {tail}"


def _substitute(prev_q: str, old: Frame, new: Frame) -> str | None:
    """'what about X?' where X replaces one person or one year of the previous question."""
    if new.people and old.people and old.people[0] in prev_q and len(new.people) == 1:
        return prev_q.replace(old.people[0], new.people[0])
    a, b = old.filters, new.filters
    if a.year_from and a.year_from == a.year_to and b.year_from and b.year_from == b.year_to:
        years = re.findall(rf"\b{a.year_from}\b", prev_q)
        if len(years) == 1 and new.content == [] and not new.people and not new.titles:
            return re.sub(rf"\b{a.year_from}\b", str(b.year_from), prev_q)
    return None


def understand(
    lex: Lexicon, question: str, history: Sequence[TurnSummary]
) -> tuple[Frame, str, bool]:
    """(frame, resolved question, is follow-up); follow-ups are resolved against the last turn."""
    frame = analyse(lex, question)
    resolved = " ".join(CONTROL.sub(" ", question).split())
    if not history or not frame.text or not is_follow_up(frame.text, frame):
        return frame, resolved, False
    prev = history[-1]
    prev_ids = tuple(i for i in dict.fromkeys(prev.show_ids) if SHOW_ID.match(str(i)))
    prev_q = prev.resolved_question or prev.question
    old = analyse(lex, prev_q)
    keys = ("type", "year_from", "year_to", "countries", "genres", "rating")
    clash = any(getattr(frame.filters, k) not in (None, ()) and getattr(old.filters, k)
                not in (None, ()) for k in keys) or bool(frame.people and old.people)  # fmt: skip
    override = bool(OVERRIDE.match(frame.cue)) or clash
    tail = LEAD_IN.sub("", frame.text.rstrip(" ?.!"), count=1).strip()
    own = has_intent(tail.casefold())
    bare = CONJUNCTION.sub("", frame.text, count=1)
    if own and (frame.people or frame.titles):  # "and who directed The Irishman?": stands alone
        return analyse(lex, bare), bare, False
    changes = {k: v for k, v in vars(frame.filters).items() if v not in (None, ())}
    keep_people = not (own and prev_ids)  # the previous ids already carry the people
    merged = Frame(
        cue=tail.casefold() if own else f"{old.cue} {tail.casefold()}",
        text=_substitute(prev_q, old, frame)
        or (f"{bare} (for: {prev_q})" if own else _join(prev_q, tail, override)),
        people=frame.people or (old.people if keep_people else []),
        titles=frame.titles or old.titles,
        filters=replace(old.filters, **changes),
        content=frame.content if own else [*old.content, *frame.content],
        prev_ids=prev_ids,
    )
    if prev_ids and not override:
        merged.filters = replace(merged.filters, show_ids=prev_ids[:50])
    return merged, merged.text, True
