"""A follow-up that asks who plays someone and names no title ("the crown", then "who plays the
main guy", "who played the queen?"): it asks about the title the thread is on, not a title
named by its words ("Plays the Main Guy", "The Queen"). A lead ("the main guy", "the lead
actress") is read as that title's lead, as "who plays the main guy in it" is; any other part
is a character, which the catalog does not name (its cast has no parts): read as the title's
cast, and `unshown.uncredited` leaves the reading unsure of the character."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.billing import LEAD

#: "who plays the main guy", "who's playing the queen?", "who voiced the dragon" (no "in …")
PLAYS_ALONE = re.compile(
    r"\W*(?:so|and|ok|okay|then)?\W*who(?:['’]?s|\s+is)?\s+(?P<verb>plays?|played|playing|"
    r"portrays?|portrayed|voices?|voiced)\s+(?P<part>(?!(?:in|on|it|them)\b)"
    # not a ranking of people: "who played the most", "who plays the best"
    r"(?!(?:the\s+)?(?:most|more|least|\w+est)\b)"
    r"(?:(?!(?:in|on|of|from)\b)[\w'’-]+\s*){1,4}?)\W*",
    re.IGNORECASE,
)


def played_in_it(question: str) -> str:
    """The follow-up as a question about the thread's title: "who plays the main guy in it" for
    a lead, "who is in it" for a character; any other question as it is."""
    m = PLAYS_ALONE.fullmatch(question)
    if not m:
        return question
    part = m.group("part").strip()
    if LEAD.search(part):
        return f"who {m.group('verb')} {part} in it"
    return "who is in it"
