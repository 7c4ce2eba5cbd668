"""Wordings said in their plain words before anything else reads the question, each with a note:
a running time ranked with a word of size or amount ("the one with the biggest runtime", "max
duration", "the lowest run time") is the longest or the shortest running time, and a number of
seasons so ranked the most or the fewest ("the highest season count"); a phrase of
`plain_phrases` is its plain question ("who's behind the oldest X": who directed it); the first
place before a group or people noun is the top one ("the #1 rating among X": the top rating);
what is usual before a group noun is its most common value ("the usual rating on those": the
most common rating); "more … than" everyone else is the most ("who directed more documentaries
than anyone else", "which country has more titles than any other (country)"); someone unnamed
asked of after a joining word is "who" ("… and the person who directed that": who directed
that), and a people noun's name ending its clause is the noun ("…, director name?": director?);
the top person of a set said back is the one with the most of it ("… + top director among
them": the director with the most of them). The words: `words.yaml` `size_ranks`,
`runtime_nouns`, `season_counts`, `plain_phrases`, `first_place`, `usual_words`, `all_others`,
`someone_nouns` and `name_nouns`."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.vocab import JOINS, alternation
from agentic_rag.agent.rules.words import WORDS

_ORDER = {w: order for order, words in WORDS.size_ranks.items() for w in words}
_SIZED = re.compile(
    rf"\b({alternation(_ORDER)})[\s-]+({alternation(WORDS.runtime_nouns)})\b", re.IGNORECASE
)
_SEASONS = re.compile(
    rf"\b({alternation(_ORDER)})[\s-]+({alternation(WORDS.season_counts)})\b", re.IGNORECASE
)
_MOST = {"longest": "most seasons", "shortest": "fewest seasons"}
_PLAIN = {" ".join(k.split()): v for k, v in WORDS.plain_phrases.items()}
_PHRASES = alternation(_PLAIN).replace("'", "['’]")  # either apostrophe
_PHRASE = re.compile(rf"(?<![\w'’])(?:{_PHRASES})(?![\w'’])", re.IGNORECASE)

_NOUNS = alternation(WORDS.groups_asked | WORDS.people_asked)
_FIRST = re.compile(
    rf"(?<![\w#])(?:{alternation(WORDS.first_place)})(?=\s+(?:most\s+common\s+)?(?:{_NOUNS})\b)",
    re.IGNORECASE,
)

_USUAL = re.compile(
    rf"(?<![\w-])(?:{alternation(WORDS.usual_words)})(?=\s+(?:{alternation(WORDS.groups_asked)})s?\b)",
    re.IGNORECASE,
)
#: "more (up to two words) than anyone else", a noun after "any other" when the clause ends there
_MORE = re.compile(
    rf"\bmore((?:\s+[\w'’-]+){{0,2}}?)\s+than\s+(?:{alternation(WORDS.all_others)})"
    r"(?:\s+[\w'’-]+(?=\s*(?:[,;?!.)]|$)))?(?![\w'’-])",
    re.IGNORECASE,
)

#: "the person who …" asking of "it" / "that" / "them" to its clause's end
_SOMEONE = re.compile(
    rf"\bthe\s+(?:{alternation(WORDS.someone_nouns)})\s+(?:who|that)\b"
    r"(?=(?:\s+[\w'’]+){1,5}?\s+(?:it|that|this|them|those|that\s+one|this\s+one)\s*(?:[,;:.?!]|$))",
    re.IGNORECASE,
)
#: what may come before it: the question's start, a stop or dash, or a joining word
_JOINED = re.compile(rf"(?:^|[,;:.?!+&]|\s[-–—]+|\b(?:{JOINS})\b)\s*$", re.IGNORECASE)
#: a people noun's name ending its clause: "director name?", "the cast's names"
_NAMED = re.compile(
    rf"\b({alternation(WORDS.people_asked | WORDS.people_attributes)})(?:['’]s|s['’])?\s+"
    rf"(?:{alternation(WORDS.name_nouns)})(?=\s*(?:[,;:.?!]|$))",
    re.IGNORECASE,
)

#: "top director among them": the person of that role with the most of the set
_TOP_PERSON = re.compile(
    rf"\b(?:the\s+)?top\s+({alternation(WORDS.people_asked)})\s+(?:among|of|in|for|from)\s+"
    r"(them|those|these|['’]?em)\b",
    re.IGNORECASE,
)


def _said(m: re.Match[str]) -> str | None:
    """What a match says in plain words; None when it is said so already."""
    if m.re is _FIRST:
        return "top"
    if m.re is _USUAL:
        return "most common"
    if m.re is _MORE:  # "more documentaries than anyone else": the most documentaries
        return f"the most{m.group(1)}"
    if m.re is _SOMEONE:
        return "who" if _JOINED.search(m.string, 0, m.start()) else None
    if m.re is _NAMED:
        return m.group(1)
    if m.re is _TOP_PERSON:
        return f"the {m.group(1)} with the most of {m.group(2)}"
    if m.re is _PHRASE:
        return _PLAIN[" ".join(m.group().casefold().replace("’", "'").split())]
    order = _ORDER[m.group(1).casefold()]
    if m.re is _SEASONS:  # "the highest season count": the most seasons
        return _MOST[order]
    return None if m.group(1).casefold() == order else f"{order} {m.group(2)}"


def reworded(text: str) -> tuple[str, list[str]]:
    """`text` with its wordings in plain words ("read 'biggest runtime' as 'longest runtime'")."""
    notes: list[str] = []
    for pattern in (
        _SIZED,
        _SEASONS,
        _PHRASE,
        _FIRST,
        _USUAL,
        _MORE,
        _SOMEONE,
        _NAMED,
        _TOP_PERSON,
    ):
        for m in reversed(list(pattern.finditer(text))):
            if (said := _said(m)) is not None:
                text = text[: m.start()] + said + text[m.end() :]
                notes.insert(0, f"read '{m.group()}' as '{said}'")
    return text, notes
