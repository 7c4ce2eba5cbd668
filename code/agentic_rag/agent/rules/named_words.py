"""The words of the names a reading found: the question's words that spell them are used."""

from __future__ import annotations

from agentic_rag.agent.rules.lexicon import key
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.vocab import WORD


def named_words(specs: list[QuerySpec]) -> set[str]:
    """The words of the names a reading put in its parts (titles and people it found after
    tagging, absent names, a title's description said with it): the question's words that spell
    them are used."""
    names = [
        n
        for s in specs
        for t in (s.titles, *([s.part] if s.part else []))
        for n in (*t.titles, *t.title_has, *(p.name for p in t.people), *t.countries)
    ]
    names += [x for s in specs for x in (*(a.name for a in s.absent), *s.described)]
    return {key(w) for n in names for w in WORD.findall(n)}
