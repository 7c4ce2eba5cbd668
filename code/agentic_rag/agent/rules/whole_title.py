"""A catalog title of several words asked for whole, its colon left out, whose words the tagger
read as a set ("is criminal spain on here": Criminal: Spain, not the titles from Spain; "do you
have narcos mexico": Narcos: Mexico). Asking whether the catalog holds the words names the one
title they spell exactly; a set is read only when they spell none."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import WORD

_KIND = re.compile(r"^the\s+(?:movie|film|show|series)\s+", re.IGNORECASE)


def whole_title(text: str, asked: re.Match[str], lex: Lexicon) -> Tag | None:
    """The title tag for the words `asked` (group "what") names, when they are a catalog title
    of two words or more; None otherwise."""
    raw = _KIND.sub("", asked.group("what"))
    title = lex.title(raw) if len(WORD.findall(raw)) > 1 else None
    if title is None:
        return None
    start = text.index(raw, asked.start("what"))
    return Tag(kind="title", start=start, end=start + len(raw), text=raw, value=title)
