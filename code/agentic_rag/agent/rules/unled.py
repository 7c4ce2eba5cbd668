"""A story told with no lead word before it, its lead said another way: after a comma that ends
the kind of title asked for ("pakistani movie, a goon is hired to kidnap a girl": "… movie
where a goon …"), or before a closing "what's it called" ("guy trying to get his baptism
records erased, whats it called": "title about guy trying …"). The question is rewritten with
the lead it meant, so the story is searched as any described title is."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.lead import STRONG
from agentic_rag.agent.rules.vocab import alternation
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
STORY_WORDS = 5  # the fewest words a story told without a lead has
#: the kind nouns a story may follow: `words.yaml` works and one-title nouns, not a bare "one"
_KINDS = rf"(?:{alternation(sorted({*WORDS.works_nouns, *WORDS.one_title_nouns} - {'one'}))})s?"
#: "pakistani movie, a goon is hired …": up to three words, the kind, a comma, then a story
#: that opens with an article or a count of people ("two sisters …"), not with a set's own words
#: ("korean dramas, the ones from 2019", "…, the newest")
_KIND_COMMA = re.compile(
    rf"^(?P<head>\W*(?:[\w'’-]+\s+){{0,3}}?{_KINDS})\s*[,;:–—-]+\s*"
    r"(?P<story>(?!(?:the|these|this|those)\s+(?:ones?|best|top|new|newest|latest|old|oldest|"
    r"longest|shortest|first|last|most|least|same|rest)\b)"
    r"(?:(?:a|an|the|some|two|three|four|this|these|his|her|their)\s|\d+-year-old\b).+)$",
    _I,
)
#: "…, whats it called", "… - what's the name of it", "… what was that called"; not "what is it"
#: alone ("my sister is convinced dark is a movie; what is it": the title named)
_CALLED = re.compile(
    r"^(?P<story>.+?)\s*[,;:–—-]+\s*(?:what(?:['’]?s|\s+is|\s+was)\s+(?:(?:it|this|that)\s+"
    r"(?:called|named|titled)|the\s+(?:name|title)(?:\s+of\s+it)?)|"
    r"(?:what['’]?s\s+)?(?:the\s+)?name\s+(?:of\s+it|pls|please))\W*$",
    _I,
)
_ASKED = re.compile(
    r"^\W*(?:what|which|how|who|whose|when|where|is|are|do|does|did|can|could|any|list|show|"
    r"name|find|give|tell|count)\b",
    _I,
)


def led(text: str) -> str:
    """The question with the lead its story went without; unchanged when it has one, or asks
    something of its own before the story."""
    if STRONG.search(text):
        return text
    if (m := _KIND_COMMA.match(text)) and len(m.group("story").split()) >= STORY_WORDS:
        return f"{m.group('head')} where {m.group('story')}"
    m = _CALLED.match(text)
    if m and not _ASKED.match(m.group("story")) and len(m.group("story").split()) >= STORY_WORDS:
        return f"title about {m.group('story').strip()}"
    return text
