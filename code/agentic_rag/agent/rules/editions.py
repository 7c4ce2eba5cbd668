"""Which version of a title a gloss says: words before its name ("the original mad max", "the
first jumanji": `edition_words` of `words.yaml`) and a year typed with two digits ("mad max
from 79", "'79"). The catalog cannot tell an original from a remake of the same name, so such
a gloss makes the reading sure only with a year that fits the title (`described.fits`)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.vocab import alternation
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
#: words before the name that say which version of it ("the original mad max"): its gloss
EDITION = re.compile(rf"^(?:the\s+)?(?:{alternation(WORDS.edition_words)})\b\s*(?:one\b\s*)?", _I)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
#: a year typed with two digits after a word that dates it ("from 79", "'79"): 1979
_SHORT_YEAR = re.compile(r"(?:\b(?:from|in|of)\s+['’]?|['’])(\d\d)\b", _I)
LAST_SHORT = 30  # "30" is 2030, "31" 1931
#: the year a title came out, said after its name ("mad max from 79", "released in 1979")
RELEASED = r"(?:from|released\s+in|made\s+in|out\s+in)\s+(?:the\s+)?['’]?\d\d(?:\d\d)?s?\b"


def short_years(rest: str) -> list[int]:
    """The years a description types with two digits ("from 79": 1979, "from '05": 2005)."""
    return [(2000 if int(y) <= LAST_SHORT else 1900) + int(y) for y in _SHORT_YEAR.findall(rest)]


def unproven(rest: str) -> bool:
    """Whether the description says which version of a title it means ("the original …") with
    no year: the catalog cannot tell an original from a remake of the same name."""
    return bool(EDITION.match(rest)) and not _YEAR.search(rest) and not short_years(rest)


#: a gloss of which version, or of the year it came out ("original", "from 79"), alone
GLOSSED = re.compile(rf"^(?=\S)(?:{EDITION.pattern[1:]})?(?:{RELEASED})?$", _I)
