"""How many titles a question asks for, as "limit" tags: "top 5", "the 3 longest", "list 10
french movies", "5 oldest tv series", "the newest three anime", "give me a korean drama"."""

from __future__ import annotations

import re
from collections.abc import Callable

from agentic_rag.agent.rules.amounts import NUMBER, num
from agentic_rag.agent.rules.shape import FIRST_ADDED, SUPERLATIVE
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
#: how many titles are asked for: "top 5", "the 3 longest", "list 10 french movies", "name
#: three indian comedies", "give me 3 korean shows" (a number of 100 or less: not a year); not
#: "the first one", a place in an earlier list (`title_refs`)
_TOP = re.compile(
    rf"\b(?:top|first(?!\s+one\b)|best|the|which|what|list|name|give\s+me|show\s+me|gimme|"
    r"recommend|suggest)"
    rf"\s+{NUMBER}\b(?!\s*(?:seasons?|minutes?|hours?|%))",
    _I,
)
#: "the two of them", "the three of those": a group named before, no limit ("which cast
#: members overlap with the two of them"); "name two of them" is one
_GROUP_OF = re.compile(r"\s+of\s+(?:them|those|these|us)\b", _I)

#: one title asked for with an article: "give me a horror movie from spain", "recommend a
#: korean drama", "suggest an anime film" (a singular head noun a few words on; not "give me a
#: list of …", "a few movies", "a movie series")
_ONE_ASKED = re.compile(
    r"\b(?:give\s+(?:me|us)|show\s+(?:me|us)|find\s+(?:me|us)|get\s+(?:me|us)|gimme|"
    r"recommend(?:\s+(?:me|us))?|suggest|pick|name)\s+(?:just\s+)?an?(?:\s+single)?"
    r"(?=(?:\s+(?!(?:list|few|couple|bunch|lot|number|count|handful|series)\b)[\w'’-]+){0,3}?\s+"
    rf"(?:{'|'.join(WORDS.one_title_nouns)})\b(?!\s*(?:series|shows?|movies?|films?|s)\b))",
    _I,
)
#: a number just before the order or ranking it limits: "5 oldest tv series", "3 newest korean
#: shows", "10 most popular genres", "two best rated" (not "2 seasons", a count of its own)
_LEADS_RANK = re.compile(
    rf"(?<![\w.,:/-]){NUMBER}\s+(?={SUPERLATIVE}\b|(?:{'|'.join(sorted(WORDS.rank_words))})\b)",
    _I,
)
#: a number just after the order it limits: "the newest three anime", "the longest 5 movies"
#: (not "the longest 2 seasons", a length of its own)
_TRAILS_RANK = re.compile(
    rf"\b{SUPERLATIVE}\s+{NUMBER}\b"
    r"(?!\s*(?:seasons?|minutes?|mins?|hours?|hrs?|episodes?|years?|%|-|or\b|\+))",
    _I,
)
#: a number opening the question or a clause, a few words before the ranking it limits:
#: "three release years with the most stand-up titles", "5 countries that have the most
#: documentaries", "two directors having the fewest films", "two years in which netflix added the
#: most anime" (not "2 seasons", a count of its own)
_OPENS_RANK = re.compile(
    rf"(?:^|(?<=[,:;])|(?<=[,:;]\s))\s*{NUMBER}(?!\s*(?:seasons?|minutes?|mins?|hours?|hrs?|"
    r"episodes?|%|-|\+))(?=(?:\s+[\w'’-]+){1,3}?\s+(?:with|w/|having|(?:in\s+)?(?:that|which|who|"
    rf"when|where)(?:\s+[\w'’-]+){{0,4}}?)\s+(?:the\s+)?(?:most|fewest|least|{SUPERLATIVE})\b)",
    _I,
)
#: one title said back after its ranking: "the crime show with the most seasons - only that
#: one", "…, just this one" (as "only the one", a `_TOP` limit); not "only that one's cast"
_ONLY_THAT_ONE = re.compile(
    r"\b(?:only|just)\s+((?:that|this)\s+one)\b(?!\s*['’]|\s+(?:of|by|with|in|from)\b)", _I
)
MAX_ASKED = 100


def limit_tags(text: str, open_at: Callable[[int, int], bool]) -> list[Tag]:
    """The limit tags of `text` on spans `open_at` allows (no date or amount read there), one
    to a span."""
    tags: list[Tag] = []

    def free(s: int, e: int) -> bool:
        return open_at(s, e) and not any(t.start < e and s < t.end for t in tags)

    for m in _TOP.finditer(text):
        asked = m.group(1).casefold() not in ("a", "an") and not (
            text[m.start() : m.start(1)].strip().casefold() == "the"
            and _GROUP_OF.match(text, m.end())
        )
        if free(*m.span()) and asked and (n := int(num(m.group(1)))) <= MAX_ASKED:
            # "the first 3 movies added": "first" stays a word of the order (date added)
            start = m.start(1) if re.match(FIRST_ADDED, text[m.start() :], _I) else m.start()
            tags.append(
                Tag(kind="limit", start=start, end=m.end(), text=text[start : m.end()], lo=n)
            )
    for m in _ONLY_THAT_ONE.finditer(text):
        if free(*m.span(1)):
            tags.append(Tag(kind="limit", start=m.start(1), end=m.end(1), text=m.group(1), lo=1))
    for m in _ONE_ASKED.finditer(text):
        if free(*m.span()):
            tags.append(Tag(kind="limit", start=m.start(), end=m.end(), text=m.group(), lo=1))
    for m in (
        *_LEADS_RANK.finditer(text),
        *_TRAILS_RANK.finditer(text),
        *_OPENS_RANK.finditer(text),
    ):
        if free(*m.span(1)) and (n := int(num(m.group(1)))) <= MAX_ASKED:
            tags.append(Tag(kind="limit", start=m.start(1), end=m.end(1), text=m.group(1), lo=n))
    return tags
