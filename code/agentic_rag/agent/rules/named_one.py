"""A title told apart by a parenthesis that names its maker or its year: "who plays the main guy
in her (the spike jonze one)", "is heat (the 1995 one) on here", "the cast of roma (the cuaron
film)". The words right before the parenthesis are the title even when they are everyday
English or a pronoun ("her"): the parenthesis says a title was meant; the person in it is
tagged as usual (a constraint the title meets)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import WORD

MAX_WORDS = 6  # the longest title looked for before the parenthesis
_ONE = re.compile(
    r"\(\s*(?:the\s+|that\s+)?(?P<who>[^()]{2,40}?)(?:['’]s)?\s+"
    r"(?:one|movie|film|show|series|version|title)\s*\)",
    re.IGNORECASE,
)
_YEAR = re.compile(r"(?:19|20)\d\d")


def named_one_tags(text: str, lex: Lexicon) -> list[Tag]:
    """A title tag for the words before each "(the <person or year> one)" that name a title."""
    out = []
    for m in _ONE.finditer(text):
        who = m.group("who").strip()
        surname = who.casefold() not in lex.everyday_words and lex.known_surname(who)
        if not (lex.person(who) or surname or _YEAR.fullmatch(who)):  # not "(the good one)"
            continue
        before = text[: m.start()].rstrip()
        words = list(WORD.finditer(before))
        for n in range(min(MAX_WORDS, len(words)), 0, -1):
            start = words[-n].start()
            if (title := lex.title(before[start:])) is not None:
                raw = before[start:]
                note = f"read '{raw}' as the title {title} ({m.group().strip('() ')})"
                out.append(
                    Tag(
                        kind="title", start=start, end=len(before), text=raw, value=title, note=note
                    )
                )
                break
    return out
