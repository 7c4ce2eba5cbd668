"""The example-gap signal of a reading (`signals.py` lists the signals): how much nearer the
nearest example of another operation is than the nearest example of the operation read. A later
part whose operation its own words do not decide is not set against the bank: a listing asked by
a pronoun ("… and what are they"), a ranking read from its date wording, or the titles of a set
whose count and titles one clause asked ("shows with 8 seasons: how many + list")."""

from __future__ import annotations

import re
from functools import lru_cache

from agentic_rag.agent.rules.compose import SINGULAR
from agentic_rag.agent.rules.intent import mask
from agentic_rag.agent.rules.person_refs import OF_TITLE, PERSON_REF
from agentic_rag.agent.rules.reader import Reader
from agentic_rag.agent.rules.relations import RELATIONS
from agentic_rag.agent.rules.shape import CAME_FIRST, THEY_LISTED
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.spellings import typed_forms
from agentic_rag.agent.rules.split import split
from agentic_rag.agent.rules.tags import Tag, free
from agentic_rag.agent.rules.vocab import WORD

#: the count part of a set's size and titles asked in one clause (`shape_asks.shape_parts`)
_COUNT_ALONE = re.compile(r"how\s+many", re.IGNORECASE)
NEAREST = 5  # examples compared for the example gap
#: "the director of {title}": a person named by their part in a title (`compose.OF_TITLE`)
_OF_TITLE = re.compile(rf"(?:{OF_TITLE.pattern})\s+\{{title\}}", re.IGNORECASE)


def found_names(text: str, tags: list[Tag], specs: list[QuerySpec]) -> list[Tag]:
    """The tags with the names the reading found after tagging (a title asked for, a title
    slot: "how many seasons of the office are there"; a title or person the catalog lacks:
    "anything by park chan-wook") tagged where the question names them, so the masked question
    reads as the reader read it."""
    names = [(t, "title") for s in specs for t in s.titles.titles]
    names += [(a.name, a.kind) for s in specs for a in s.absent]
    out = list(tags)
    for name, kind in dict.fromkeys(names):
        forms = typed_forms(name) if kind == "title" else [name]  # "719" for 7:19
        for words in filter(None, (WORD.findall(f) for f in forms)):
            said = [re.sub(r"['’]", "['’]?", re.escape(w)) for w in words]  # "schindlers list"
            m = re.search(r"\b" + r"\W+".join(said) + r"\b", text, re.I)
            if m and free(out, *m.span()):
                out.append(Tag(kind=kind, start=m.start(), end=m.end(), text=m.group(), value=name))
                break
    return sorted(out, key=lambda t: t.start)


def example_gap(reader: Reader, specs: list[QuerySpec]) -> float:
    """Over the parts: the nearest example's similarity minus that of the nearest example of
    the operation read (0 when the nearest example is of that operation). A later part of a
    question in parts is set against a bank example in parts by that example's first part alone
    (its operation labels that part: "how many …, and which is the newest?" is a count, not a
    near "which is the newest"); a ranking read from its date wording ("… and which one came
    out first") is the wording's."""
    gaps = [0.0]
    for i, s in enumerate(specs):
        parted = i > 0  # a later part: an example in parts is labelled with its first part's
        if not s.text or s.op in RELATIONS:
            continue
        said = CAME_FIRST.search(s.text) if s.op == "top" else THEY_LISTED.fullmatch(s.text)
        if parted and s.op in ("top", "list") and said:  # "… and what are they": the set's
            continue
        if parted and s.op == "list" and _COUNT_ALONE.fullmatch(specs[i - 1].text):
            continue  # "shows with 8 seasons: how many + list": the clause asked the listing
        masked = mask(s.text, found_names(s.text, reader.tagger.tag(s.text), specs))
        if s.ref == "first":  # "who directed it": "it" is the earlier part's title
            masked = SINGULAR.sub("{title}", masked)
        if s.ref == "person":  # "what else did he / the director of X make": that person
            masked = _OF_TITLE.sub("{person}", PERSON_REF.sub("{person}", masked))
        hits = reader.intents.nearest(masked, NEAREST + (_PARTED if parted else 0))
        hits = _by_first_part(reader, masked, hits) if parted else hits[:NEAREST]
        if not hits:
            continue
        own = max((score for op, score, _ in hits if op == s.op), default=0.0)
        gaps.append(max(0.0, hits[0][1] - own))
    return max(gaps)


#: the bank's examples in parts (at most this many among the nearest)
_PARTED = 5


@lru_cache(maxsize=64)
def _first_part(question: str) -> str | None:
    """The first part of a bank example in parts (the part its operation labels), or None."""
    parts = split(question)
    return parts[0] if len(parts) > 1 else None


def _by_first_part(
    reader: Reader, masked: str, hits: list[tuple[str, float, str]]
) -> list[tuple[str, float, str]]:
    """The nearest examples of a later part, an example in parts set against it by its first
    part alone (what its operation labels: "How many movies did Steven Spielberg direct, and
    which is the newest?" is a count of the first)."""
    vec = reader.intents.vector(masked)
    out = []
    for op, score, question in hits:
        if (first := _first_part(question)) is not None:
            ex = reader.intents.vector(mask(first, reader.tagger.tag(first)))
            score = round(sum(w * ex.get(f, 0.0) for f, w in vec.items()), 3)
        out.append((op, score, question))
    return sorted(out, key=lambda h: h[1], reverse=True)[:NEAREST]
