"""A title read whose next words name more than it: a longer title the catalog lacks.

"the matrix resurrections cast" tags The Matrix and leaves 'resurrections' unused; "bad boys
for life director" tags Bad Boys and reads 'for life' as nothing at all. Either way the answer
is about another film than the one asked, so the reading must not be sure of it: a title tag
whose following words (up to the next tag) open with a word the reading left unused, or with a
joining word ("for", "of") and then a word that is neither a reading's frame word nor one that
asks about the title, is a title tail (`confidence.CAPPING`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel
from rapidfuzz.distance import OSA

from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.usage_words import reading_words
from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.folding import fold

ARTICLES = ("the", "a", "an")
#: parts that answer with the person's titles (a relation between people names no title)
LISTED = ("list", "count")
TAIL_PATH = Path(__file__).with_name("title_tail.yaml")
#: a title's name never runs on past a clause's punctuation ("looking for shoplifters, the
#: kore-eda one": the words after the comma describe it, they are not more of its name)
_CLAUSE_END = re.compile(r"[,;:.!?()\[\]]|\s[-–—]+\s")


class TailWords(BaseModel):
    joins: list[str]
    asks: list[str]
    audience: list[str]
    suitable: list[str]


@lru_cache(maxsize=1)
def tail_words() -> TailWords:
    return TailWords.model_validate(yaml.safe_load(TAIL_PATH.read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def _frame() -> frozenset[str]:
    r = reading_words()
    ops = {w for ws in r.by_op.values() for w in ws}
    return frozenset(
        {*r.structural, *ops, *r.keywords, *r.people, *r.conjunction, *tail_words().asks}
    )


def tail(text: str, specs: list[QuerySpec], unused: list[str], tags: list[Tag] = ()) -> str:
    """The first word naming more of a title the reading took than the title holds, or ''.
    A word a tag reads ("jaws from 1975": a year) is what the question asks, not the title's."""
    frame, joins = _frame(), set(tail_words().joins)
    frame |= {fold(w) for t in tags for w in WORD.findall(t.text)}
    for aside in {a for s in specs for a in s.ignored}:  # an instruction set aside is not read
        text = text.replace(aside, " ")
    for clause in _CLAUSE_END.split(text):
        if word := _tail_in(clause, specs, unused, frame, joins):
            return word
    return ""


def _tail_in(
    clause: str, specs: list[QuerySpec], unused: list[str], frame: frozenset[str], joins: set[str]
) -> str:
    """`tail` within one clause of the question. Words that open another title the reading
    took are that title's, no tail ("both ishqiya and dedh ishqiya": two titles)."""
    said = [fold(w) for w in WORD.findall(clause)]
    glosses = [[fold(w) for w in WORD.findall(d)] for s in specs for d in s.described]
    names = {t for s in specs for t in (*s.titles.titles, *(a.name for a in s.absent))}
    read = [_said_as(name, said) for name in names]
    for words in read:
        n = len(words)
        for i in range(len(said) - n + 1):
            if said[i : i + n] != words:
                continue
            after = said[i + n :]
            if any(g and _glossed(after, g) for g in glosses):
                continue  # "tampopo the ramen movie": what the user says of it (`described`)
            if after and after[0] in unused and not _opens(after, read):
                return after[0]
            if (
                len(after) > 1
                and after[0] in joins
                and after[1] not in frame | joins
                and not _opens(after[1:], read)
            ):
                return after[1]
    return ""


def _glossed(after: list[str], gloss: list[str]) -> bool:
    """Whether the words after a title open with its gloss, or with the gloss's part said after
    the name ("original mad max from 79": the gloss "original from 79", "from 79" after it)."""
    return any(after[: len(gloss) - j] == gloss[j:] for j in range(len(gloss)))


def _said_as(name: str, said: list[str]) -> list[str]:
    """A title's words as the question may say them: without a leading article it lacks
    ("matrix reloaded cast": The Matrix Reloaded)."""
    words = [fold(w) for w in WORD.findall(name)]
    if words and words[0] in ARTICLES and len(words) > 1 and words[0] not in said:
        return words[1:]
    return words


def _opens(words: list[str], read: list[list[str]]) -> bool:
    """Whether `words` open with one of the titles read."""
    return any(t and words[: len(t)] == t for t in read)


def _frame_typo(word: str) -> bool:
    """An unread word that mistypes a frame or common word ("evrything with nicolas cage"):
    a slip of the fingers, not a title's word. One edit, two for words of six letters or more."""
    edits = 1 + (len(word) >= 6)
    return any(
        w[:1] == word[:1] and abs(len(w) - len(word)) <= 1 and OSA.distance(w, word) <= edits
        for w in _frame() | COMMON
    )


def before_person(text: str, specs: list[QuerySpec], unused: list[str]) -> str:
    """A word the reading left unused before the person it filtered by, in a part that names no
    title: "la la land with ryan gosling", "gladiator russell crowe year" name a film (absent
    here) and its actor; listing the actor's titles answers another question. Returns the word."""
    said = [fold(w) for w in WORD.findall(text)]
    for s in specs:
        if s.op not in LISTED or s.titles.titles or not s.titles.people:
            continue
        names = {fold(w) for p in s.titles.people for w in WORD.findall(p.name)}
        first = next((i for i, w in enumerate(said) if w in names), None)
        if first is not None:
            words = [w for w in said[:first] if w in unused and not _frame_typo(w)]
            if words:
                return words[0]
    return ""


def title_words(text: str, specs: list[QuerySpec], unused: list[str], tags: list[Tag]) -> str:
    """A word naming a title the reading did not read: a tail of one, or one before a person."""
    return tail(text, specs, unused, tags) or before_person(text, specs, unused)
