"""A question that opens with a catalog title's whole name, typed in lower case, and then asks
only what the title has ("narcos mexico cast", "kung fu panda 2 director", "the witcher
nightmare of the wolf runtime"): that title, over the entities its words would otherwise be
read as (a country: "mexico"; a number: "2"). The words after it are its attributes
(`title_attributes` of `words.yaml`, and the people nouns: "cast", "director", "stars") and
words that ask nothing ("pls", "list"); a name of one word, or one only of everyday English
words, is left to the tagger ("drama cast" is no title)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import WORD
from agentic_rag.agent.rules.words import WORDS

_ASKED = WORDS.title_attributes | WORDS.people_attributes
_POLITE = WORDS.texting | {"list", "please", "only", "just", "full", "whole", "the", "its"}


def opening_title(text: str, tags: list[Tag], lex: Lexicon) -> list[Tag]:
    """`tags` with the title the question opens with in place of the tags inside its name;
    `tags` unchanged when the question opens with no whole title or asks more than its
    attributes, or a title is tagged already."""
    if any(t.kind == "title" for t in tags):
        return tags
    words = list(WORD.finditer(text))
    asked = [i for i, w in enumerate(words) if w.group().casefold() in _ASKED]
    if not asked or asked[0] < 2 or text[: words[0].start()].strip(" \"'"):
        return tags
    rest = [w.group().casefold() for w in words[asked[0] :]]
    if any(w not in _ASKED | _POLITE for w in rest):
        return tags  # more is asked: left to the reader ("ozark cast who is the lead")
    start, end = words[0].start(), words[asked[0] - 1].end()
    name = text[start:end]
    title = lex.title(name)
    said = [w.casefold() for w in re.findall(r"\w+", name)]
    if title is None or all(w in lex.everyday_words for w in said):
        return tags
    held = [t for t in tags if t.end <= start or t.start >= end]
    return sorted(
        [*held, Tag(kind="title", start=start, end=end, text=name, value=title)],
        key=lambda t: t.start,
    )
