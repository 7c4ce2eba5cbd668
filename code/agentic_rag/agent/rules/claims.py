"""A claim reported before a question about it: "my friend swears squid game has 5 seasons,
how many seasons does it actually have", "my mom says the crown is a movie - what is it
really". The claim (someone, a reporting verb of `words.yaml` `claim_verbs`, then a title and
what is said of it) asks nothing: what it says is no filter (5 seasons is the friend's word,
not the catalog's), only the title it names is kept, put in the place of the question's "it"
("how many seasons does Squid Game actually have"). A claim naming no catalog title, or a
question with no "it", is left as it was."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.vocab import alternation
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
#: someone (one or two words), a reporting verb, then the title up to the verb of the claim
_CLAIM = re.compile(
    rf"^\W*(?:[\w'’]+\s+){{0,2}}?(?:{alternation(WORDS.claim_verbs)})\s+(?:that\s+)?"
    r"(?P<title>.+?)\s+(?:has|have|had|is|was|are|were|got|gets|came|comes|won|wins|stars|"
    r"starred|runs|ran|lasts|lasted)\b",
    _I,
)
_IT = re.compile(r"\b(?:it|its)\b", _I)


def claim_then(piece: str, nxt: str, lex: Lexicon) -> str | None:
    """The next piece with the title the claim before it names in the place of its first "it"
    ("how many seasons does it have" -> "how many seasons does Squid Game have"), its
    possessive for "its"; None when the piece is no claim about a catalog title."""
    m = _CLAIM.match(piece)
    it = _IT.search(nxt)
    if not m or not it:
        return None
    raw = re.sub(r"^(?:the\s+(?:movie|film|show|series)\s+)", "", m.group("title"), flags=_I)
    title = lex.title(raw)
    if not title:
        return None
    said = f"{title}'s" if it.group().casefold() == "its" else title
    return nxt[: it.start()] + said + nxt[it.end() :]


def claimed(piece: str) -> list[str]:
    """The piece, set aside, when it reports a claim (its entities are no part of the question);
    else nothing."""
    return [piece] if _CLAIM.match(piece) else []
