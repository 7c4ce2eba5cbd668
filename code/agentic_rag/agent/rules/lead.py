"""Where a part's description begins: the first lead word ("about", "where", "that", "who",
"with" …) after the question's own opening ("who", "which", "and what" …). The words after it
describe the titles asked for; a strong lead ("about", "where", "based on") always does."""

from __future__ import annotations

import re

STRONG_LEAD = (
    r"about|where|in\s+which|involving|whose|following|follows|cent(?:er|re)d\s+on|based\s+on"
)
#: "that" opens a description, except as the determiner of a reference ("who stars in that one")
LEAD = re.compile(
    rf"\b(?:{STRONG_LEAD}|that(?!\s+(?:one|ones|movie|film|show|series|title)\b)|who|when|while|"
    r"has|have|with)\b",
    re.IGNORECASE,
)
STRONG = re.compile(rf"\b(?:{STRONG_LEAD})\b", re.IGNORECASE)
OPENER = re.compile(  # after a joining word too: "and who directed it"; a follow-up's "what
    # about" / "how about" is its opening, not a description's lead ("what about barbie?")
    r"^\W*(?:(?:and|but|so|also|then)\s+)?(?:(?:what|how)\s+about|who|what|which|when|where|"
    r"in\s+which|whose|is\s+there)\b",
    re.IGNORECASE,
)


def lead_at(text: str) -> int | None:
    """Where the part's description begins (its first lead word after the question's opening:
    "who", "what", "and who" …), or None when it has none."""
    opener = OPENER.match(text)
    start = opener.end() if opener else 0
    if m := re.match(r"\W*that\b", text[start:], re.IGNORECASE):  # "that british baking show": a
        start += m.end()  # determiner, not the start of a description
    m = LEAD.search(text, start)
    return m.start() if m else None


def describes(words: list[str], after: str) -> bool:
    """Whether a run of lower-case words read as a title opens a description instead: it starts
    at a strong lead and the sentence goes on ("about a boy who befriends a giant pig")."""
    return bool(STRONG.fullmatch(words[0])) and len(after.split()) >= 3
