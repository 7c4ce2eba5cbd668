"""A story told with no lead word before it, its lead said another way: after a comma that ends
the kind of title asked for ("pakistani movie, a goon is hired to kidnap a girl": "… movie
where a goon …"), or before a closing "what's it called" ("guy trying to get his baptism
records erased, whats it called": "title about guy trying …"), or before any closing ask of
`unled.yaml` ("… manipulative mum, who directed": "who directed the one about …"; "… aussie soccer
academy, name of movie": "movie about …"; a story that has its lead keeps it: "tamil movie about
two brothers, who directed": "who directed the tamil movie about two brothers"). The question is
rewritten with the lead it meant, so the story is searched as any described title is, its times,
numbers and names read as the story's words, not as filters or a second part."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml

from agentic_rag.agent.rules.lead import STRONG
from agentic_rag.agent.rules.vocab import COMMON, WORD, alternation
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
STORY_WORDS = 5  # the fewest words a story told without a lead has
TOLD = 4  # and the fewest content words a story before a closing ask has ("the irishman and
# the two popes, who directed": two titles, no story)
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


ASKS_PATH = Path(__file__).with_name("unled.yaml")
_SEP = r"\s*(?:[,;:.?!]|\s[-–—]+)\s*"  # a comma, a full stop, a dash set off by a space


@lru_cache(maxsize=1)
def _closing() -> list[tuple[str, re.Pattern[str]]]:
    """The closing asks of `unled.yaml`, each after a separator, with the question it asks
    before a story ("who directed the", "who is in the"; "" for a title's own asks)."""
    table = yaml.safe_load(ASKS_PATH.read_text(encoding="utf-8"))
    kind = rf"(?:{alternation(table['kinds'])})s?"

    def closing(phrases: list[str]) -> re.Pattern[str]:
        asks = "|".join(
            r"\s+".join(kind if w == "{kind}" else re.escape(w) for w in p.rstrip("?").split())
            for p in sorted(phrases, key=len, reverse=True)
        )
        return re.compile(rf"^(?P<story>.+?){_SEP}(?:{asks})\W*$", _I)

    people = table["people"]
    return [
        ("who directed the", closing(people["directed"])),
        ("who is in the", closing(people["cast"])),
        ("", closing(table["titles"])),
    ]


_BACK = re.compile(r"\b(?:it|this|that)\W*$", _I)  # an ask closing on the title found before
_KIND_SAID = re.compile(
    rf"\b({alternation(yaml.safe_load(ASKS_PATH.read_text(encoding='utf-8'))['kinds'])})s?\b", _I
)


def _asked_last(text: str) -> str | None:
    """The question with a closing ask put before its story: "who directed the one about …",
    "film about …"; None when it has none, or the words before it are no story (too short, or
    a question of their own: "how many shows from japan, which one")."""
    for asks, pattern in _closing():
        m = pattern.match(text)
        if m is None:
            continue
        story = m.group("story").strip()
        content = [w for w in WORD.findall(story) if w.casefold() not in COMMON]
        if _ASKED.match(story) or len(story.split()) < STORY_WORDS or len(content) < TOLD:
            return None
        led_story = STRONG.search(story)
        if asks and led_story and _BACK.search(text):
            return None  # "a movie about …, who directed that": a part of its own, on that title
        if asks:
            return f"{asks} {'' if led_story else 'one about '}{story}"
        if led_story:
            return story
        said = _KIND_SAID.search(text[m.end("story") :])
        kind = said.group(1).casefold() if said else "title"
        return f"{'title' if kind == 'one' else kind} about {story}"
    return None


def led(text: str) -> str:
    """The question with the lead its story went without; unchanged when it has one, or asks
    something of its own before the story."""
    if (asked := _asked_last(text)) is not None:
        return asked
    if STRONG.search(text):
        return text
    if (m := _KIND_COMMA.match(text)) and len(m.group("story").split()) >= STORY_WORDS:
        return f"{m.group('head')} where {m.group('story')}"
    m = _CALLED.match(text)
    if m and not _ASKED.match(m.group("story")) and len(m.group("story").split()) >= STORY_WORDS:
        return f"title about {m.group('story').strip()}"
    return text
