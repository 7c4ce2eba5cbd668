"""Negation words told inside a story: "two people meet at a bar and date only there, not
knowing a thing about each other" searches a plot whose own sentence says "only" and "not". A
word of `meaning_words.yaml`'s `story_words` is the story's, not a filter the reading dropped,
when a part searches a description and the word sits deep inside it: at least `SIDE` of the
searched words before it and as many after it, of a description of at least `STORY` words.
"movies about dogs not cats" (one searched word on each side) keeps "not" unread, so the
reading stays unsure."""

from __future__ import annotations

from agentic_rag.agent.rules.consumed import searched
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.usage_words import meaning
from agentic_rag.agent.rules.vocab import WORD

#: searched words needed on each side of a word for it to be inside the story told, and in all
SIDE = 2
STORY = 6


def told_in_story(word: str, text: str, specs: list[QuerySpec]) -> bool:
    """Whether every use of `word` in `text` lies deep inside a description a part searches."""
    if word not in meaning().story_words:
        return False
    words = [w.casefold() for w in WORD.findall(text)]
    spots = [i for i, w in enumerate(words) if w == word]
    if not spots:
        return False
    for spec in specs:
        if not searched(spec):
            continue
        about = {w.casefold() for w in WORD.findall(spec.about)} - {word}
        if len(about) < STORY:
            continue
        if all(
            sum(w in about for w in words[:i]) >= SIDE
            and sum(w in about for w in words[i + 1 :]) >= SIDE
            for i in spots
        ):
            return True
    return False
