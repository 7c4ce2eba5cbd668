"""Who a title is asked for, said after its name ("got paw patrol for my kid", "do you have bluey
for the kids", "encanto streaming?? my kid wants it"): words that ask nothing of the catalog,
set aside before reading (`aside_reads.for_whom_aside`)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.holdings import MAX_WORDS, asked_for
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import WORD, alternation
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
#: who a title is asked for, after its name ("got paw patrol for my kid"): no part of the name
_FOR_WHOM = re.compile(
    r"[\s,]+for\s+(?:(?:me\s+and\s+)?(?:my|our|the|his|her|their)\s+)(?:(?:little|two|three|"
    rf"young|older|baby|\d+(?:\s*(?:yo|y/?o|year\s+old)|-year-old))\s+)?"
    rf"(?:{alternation(WORDS.for_whom)})\W*$",
    _I,
)
#: who a title is asked for, said as a sentence of their own after it ("encanto streaming?? my
#: kid wants it", "yellowstone on here? my dad keeps asking for it"): someone's, then up to six
#: words, then the title as a pronoun, at the end
_WHO_WANTS = re.compile(
    rf"(?:[,.?!;:]+|\s[-–—]+)\s*(?:(?:my|our|the)\s+)(?:(?:little|two|young|older|baby)\s+)?"
    rf"(?:{alternation(WORDS.for_whom)})\s+(?:[\w'’]+\s+){{1,6}}?(?:it|this|that|them)(?:\s+one)?"
    r"\W*$",
    _I,
)


def for_whom(text: str, tags: list[Tag], lex: Lexicon) -> int | None:
    """Where who a title is asked for starts, said after its name ("got paw patrol for my kid",
    "do you have bluey for the kids"): words that ask nothing of the catalog, set aside; None
    when the question says no one, asks for no title before them, or a catalog title ends with
    them ("do you have notes for my son"); said as a sentence of its own ("… my kid wants it"),
    from its punctuation on."""
    whom = _FOR_WHOM.search(text) or _WHO_WANTS.search(text)
    if whom is None:
        return None
    words = list(WORD.finditer(text[: whom.start()]))[-MAX_WORDS:]
    if any(lex.title(text[w.start() :]) for w in words):
        return None
    before = [t for t in tags if t.end <= whom.start()]
    return whom.start() if asked_for(text[: whom.start()], before, lex) is not None else None
