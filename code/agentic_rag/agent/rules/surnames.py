"""A lone word that is a surname several catalog people share ("oppenheimer", "burton", "lee").

Asked for alone ("oppenheimer available?", "burton, is it on netflix"), such a word is as likely a
title the catalog lacks as any of its holders, unless one holder is a well-credited leader ("got
any scorsese": Martin Scorsese, 13 credits, against Catherine Scorsese's one). Whatever the
reading makes of it (the leader, every title holding the word, an absent title), it is a guess.
"""

from __future__ import annotations

from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.vocab import WORD

WELL_CREDITED = 5  # a shared bare surname is sure only of a leader with this many credits


def shared(raw: str, lex: Lexicon) -> bool:
    """Whether one word is the surname of several catalog people, none a well-credited leader."""
    if len(WORD.findall(raw)) != 1:
        return False
    same = lex.by_surname(raw)
    if len(same) < 2:
        return False
    return not (lex.known_surname(raw) == same[0] and lex.counts.get(same[0], 0) >= WELL_CREDITED)
