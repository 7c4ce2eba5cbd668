"""Which words of a description question are constraints and which are the story's.

A question describing a title puts its constraints before the description ("hong kong movie
about ...", "the 2019 film where ...") and tells the story after its lead ("about", "where",
"in which" ...). Inside the story:

* a time is when the story is set ("cuban spies in the 90s", "set in 1960s kuala lumpur"),
  unless it is worded as a release ("released in 2019", "from the 90s": `release_words` of
  `words.yaml`), which is a filter on the titles;
* a name after a place word ("a baker from chicago", "spends the day in chicago", "an
  expedition into the congo": `place_words`) is a place in the story, not a person or a title
  to filter by, however the catalog credits or titles it;
* any other tag is kept as the reader reads it (a person or title named in the story is still
  that person or title).

Before the lead, a word no tag took and no everyday or frame word is is a theme of the story
("the christmas one where ...", "the german christmas miniseries about ..."): it joins the
searched description.
"""

from __future__ import annotations

import re

from agentic_rag.agent.rules.lead import STRONG
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import COMMON, WORD, alternation
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE


def _any(words: tuple[str, ...]) -> str:
    return f"(?:{alternation(words)})"


_RELEASED_BEFORE = re.compile(
    rf"\b{_any(WORDS.release_words)}(?:\s+{_any(tuple(WORDS.small_words))}){{0,2}}\s*$", _I
)  # "released in 2019", "that came out in the 90s": joined by small words
_RELEASED_OPENS = re.compile(rf"^{_any(WORDS.release_words)}\b", _I)
#: a verb of being in a title before its place word ("starred in okja", "was in the irishman")
_BEING_IN = re.compile(
    r"\b(?:starr?(?:ed|ing|s)?|was|were|is|are|been|be|appear(?:ed|s)?|act(?:ed|s)?|"
    r"play(?:ed|s)?|featured|cast|seen|watch(?:ed)?)\s+(?:in|on)(?:\s+(?:the|a|an))?\s*$|"
    r"(?:,|\band|&)\s+in\s*$",  # the next title of a list ("appeared in X and in Y")
    _I,
)
_AT_PLACE = re.compile(rf"\b{_any(WORDS.place_words)}(?:\s+(?:the|a|an))?\s*$", _I)


def release_worded(text: str, tag: Tag) -> bool:
    """Whether a release-year tag is worded as a release ("released in 2019", "from the 90s",
    "that came out in 2010"): a constraint on the titles even inside a description."""
    return tag.kind == "release" and bool(
        _RELEASED_OPENS.match(tag.text) or _RELEASED_BEFORE.search(text[: tag.start])
    )


#: content words besides a title's own for a description to be a story that tells its name
#: as one of its words ("survivors at a truck stop and the pregnant girl carries the messiah")
STORY_TOLD = 6


def _told_around(text: str, tag: Tag) -> bool:
    """Whether the description holds `STORY_TOLD` content words outside the title's own."""
    rest = f"{text[: tag.start]} {text[tag.end :]}"
    words = [w for w in WORD.findall(rest) if w.casefold() not in COMMON and not w.isdigit()]
    return len(words) >= STORY_TOLD


def constraint(text: str, tag: Tag) -> bool:
    """Whether a tag inside a description constrains the titles (a person or title named in
    it, a time worded as a release) rather than being words of the story: a title said in a
    long story, not after a verb of being in it, is one of its words ("the movie where they
    rewatch okja": a title; "… and the pregnant girl is carrying the messiah": the story's)."""
    being_in = _BEING_IN.search(text[: tag.start])
    if tag.kind == "title" and not being_in and _told_around(text, tag):
        return False
    if tag.kind == "person" or (tag.kind == "title" and not being_in):
        return not _AT_PLACE.search(text[: tag.start])  # "an expedition into the congo": a place
    return tag.kind == "title" or release_worded(text, tag)  # "who starred in okja": a title


def untitled(text: str, tags: list[Tag], lead: int | None) -> list[Tag]:
    """The tags less the titles a story told after a strong lead ("about", "where") holds as
    its own words (`constraint`): the part is read from its story, not as that title's entry
    ("title about apocalypse survivors … carrying the messiah")."""
    if lead is None or not STRONG.match(text, lead):
        return tags
    return [t for t in tags if t.kind != "title" or t.start < lead or constraint(text, t)]


def themes(head: str) -> list[str]:
    """The words before a description's lead that are its themes: the masked head's words that
    are no placeholder, no everyday word and no participle ("christmas" of "the christmas
    one")."""
    bare = re.sub(r"\{\w+\}", " ", head)
    words = [(w, re.sub(r"['’]s$", "", w.casefold())) for w in WORD.findall(bare)]
    return [
        w
        for w, plain in words
        if plain not in COMMON and not plain.endswith("ed") and not plain.isdigit()
    ]


_CLAUSE_END = re.compile(r"\s[-–—]+\s|[,;:?!.]")


def dropped(text: str, unused: list[str]) -> bool:
    """Whether a reading that searched no description left unused words told after a
    description's lead, in its clause ("documentaries about food from japan": 'food'): it
    dropped the story (`confidence` `story_unused`)."""
    lead = STRONG.search(text)
    if lead is None:
        return False
    told = _CLAUSE_END.split(text[lead.end() :], maxsplit=1)[0]
    return bool({w.casefold() for w in WORD.findall(told)} & set(unused))
