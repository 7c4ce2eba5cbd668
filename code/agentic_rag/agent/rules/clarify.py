"""Asking back: when the reading is not likely right, readings to choose from instead of a guess.

Each choice is a full question (the reading said as a stand-alone question) that the reader
reads back into the same reading, confidently; the candidates are the reading made, the other
reading of an ambiguous word, the operation decision's runner-up when only the bank's vote
separated it from the operation chosen, and for a part that named several people but used one,
each person alone and all of them together; a lone word asked for that several people share as a
surname, read as one of them, is offered as a title's name too ("is oppenheimer on netflix").
"""

from __future__ import annotations

import re

from agentic_rag.agent.models import Choice, PlannedCall, ReadingConfidence
from agentic_rag.agent.rules import confidence, holdings, surnames
from agentic_rag.agent.rules.absent import title_case
from agentic_rag.agent.rules.phrasing import question_for, reading_line
from agentic_rag.agent.rules.reader import Reader
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.usage import COMPILED_FIELDS

MAX_CHOICES = 3
#: a decision led by less than this was the bank's vote alone (a cue weighs at least one more)
CLOSE_MARGIN = 1.0
#: operations a question can be said for from the set alone (`question_for`)
_SAID_FROM_SET = frozenset({"count", "list", "people", "costars", "describe", "similar"})


def assess(
    reader: Reader,
    question: str,
    specs: list[QuerySpec],
    calls: list[PlannedCall],
    planned: str,
    below: float,
) -> ReadingConfidence:
    """The reading's probability of being right, and below `below` the choices to ask back.
    A part with no call yet (it waits for an earlier part's results) names what its spec names:
    its entities are used by the reading, and the next round compiles them."""
    planned_parts = {c.part for c in calls}
    waiting = [
        s.model_dump_json(include=set(COMPILED_FIELDS))
        for i, s in enumerate(specs, start=1)
        if i not in planned_parts
    ]
    named = " ".join([planned, *(c.model_dump_json() for c in calls), *waiting])
    feats, used = confidence.features(reader, question, specs, named)
    p = confidence.probability(feats)
    typos = [
        f"whether '{a.name}' is {' or '.join(repr(n) for n in a.near)} mistyped"
        for s in specs
        for a in s.absent
        if a.mistyped
    ]
    sure = ReadingConfidence(
        probability=p, features=feats, unsure=[*confidence.unsure_of(used), *typos]
    )
    if p < below:
        sure.choices = choices(reader, specs, below, question)
        sure.ask_back = True
    return sure


def _alternatives(spec: QuerySpec) -> list[QuerySpec]:
    out = [spec]
    close = spec.margin is not None and spec.margin < CLOSE_MARGIN
    if close and spec.runner_up in _SAID_FROM_SET:  # the other operation the vote nearly chose
        out.append(spec.model_copy(update={"op": spec.runner_up, "runner_up": spec.op}))
    if spec.other is not None:
        out.append(spec.model_copy(update={"titles": spec.other, "other": None}))
    people = spec.titles.people
    if len(people) > 1 and spec.op == "costars":  # one person used of several
        for p in people:
            out.append(
                spec.model_copy(update={"titles": spec.titles.model_copy(update={"people": [p]})})
            )
        together = spec.titles.model_copy(
            update={"people": [p.model_copy(update={"role": "cast"}) for p in people]}
        )
        out.append(QuerySpec(op="list", titles=together))
    return out


def _respelled(reader: Reader, question: str, specs: list[QuerySpec], below: float):
    """The question with a name read as absent spelt as each held name it is a typo of
    ("stanley kubrikc movies": "stanley kubrick movies"), read again: a choice when its
    reading is sure."""
    for a in (a for s in specs for a in s.absent if a.mistyped):
        at = question.casefold().find(a.name.casefold())
        for held in a.near if at >= 0 else []:
            text = question[:at] + held + question[at + len(a.name) :]
            back = reader.read(text)
            if _sure(reader, text, back) >= below:
                yield Choice(question=text, reading=reading_line(back))


def _named_words(reader: Reader, question: str, specs: list[QuerySpec]) -> str | None:
    """Words that may be a title's name the reading did not take as one: a lone word a holding
    question asks for, read as a person by a surname several people share ("is oppenheimer on
    netflix"), or the words before a works noun of a reading of every title of a type ("ice age
    movies list", "hunger games movies?")."""
    held = holdings.asked_for(question, reader.tagger.tag(question), reader.lex)
    if held is not None and held.kind == "person" and surnames.shared(held.text, reader.lex):
        return held.text
    bare = len(specs) == 1 and specs[0].titles.model_dump(exclude_defaults=True).keys() <= {"type"}
    m = _BEFORE_WORKS.match(question)
    return m.group("name") if bare and m and specs[0].op in ("list", "count") else None


#: the words before a works noun a question opens with ("the ice age movies", "hunger games films")
_BEFORE_WORKS = re.compile(
    r"^\W*(?:the\s+|all\s+(?:the\s+)?)?(?P<name>[a-z][\w'’-]*(?:\s+[\w'’-]+){0,3}?)\s+"
    r"(?:movies|films|series|shows)\b",
    re.I,
)


def _as_title(reader: Reader, question: str, specs: list[QuerySpec], below: float):
    """Words that may be a title's name the reading did not take as one (`_named_words`): the
    words as a title's name are a choice ("is the title Oppenheimer on here?", "is the title Ice
    Age on here?"), read back as that title, held or not; never the reading itself."""
    name = _named_words(reader, question, specs)
    if name is None:
        return
    text = f"is the title {title_case(name)} on here?"
    back = reader.read(text)
    if _sure(reader, text, back) >= below:
        yield Choice(question=text, reading=reading_line(back))


def _sure(reader: Reader, text: str, back: list[QuerySpec]) -> float:
    """The probability of a choice's reading, read back from its question."""
    feats, _ = confidence.features(reader, text, back, " ".join(s.model_dump_json() for s in back))
    return confidence.probability(feats)


def _key(spec: QuerySpec) -> tuple[str, dict]:
    """What must read back the same: the operation and the set (people by name: the role
    comes from cue words the rewritten question may say differently)."""
    titles = spec.titles.model_dump(exclude={"show_ids", "people"})
    return spec.op, {**titles, "people": [p.name for p in spec.titles.people]}


def _same(a: QuerySpec, b: QuerySpec) -> bool:
    return _key(a) == _key(b)


def choices(
    reader: Reader, specs: list[QuerySpec], below: float, question: str = ""
) -> list[Choice]:
    """Up to three questions, each read back as its reading with a probability >= `below`:
    the question with a mistyped name spelt as the catalog's first, then readings said anew."""
    out = {c.question: c for c in _respelled(reader, question, specs, below)}
    out |= {c.question: c for c in _as_title(reader, question, specs, below)}
    for i, spec in enumerate(specs):
        for alt in _alternatives(spec):
            parts = [*specs[:i], alt, *specs[i + 1 :]]
            text = " ".join(question_for(s) for s in parts)
            if text in out or not text.strip():
                continue
            back = reader.read(text)
            if len(back) != len(parts) or not all(map(_same, back, parts)):
                continue
            if _sure(reader, text, back) >= below:
                out[text] = Choice(question=text, reading=reading_line(back))
            if len(out) >= MAX_CHOICES:
                return list(out.values())
    return list(out.values())
