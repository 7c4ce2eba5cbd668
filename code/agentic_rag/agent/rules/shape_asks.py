"""A set's size and its titles asked together in a clause of their own ("movies directed by imtiaz
ali, count and titles", "number + names: korean thrillers", "… - how many and which ones"): the
question in two parts, a count of the set then the set itself, as "count and list …" reads
(`compose.link` gives the count part the next part's titles). Not when the set asked is of
people ("cast of x, count and names": their names, not titles)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.vocab import WORD, alternation
from agentic_rag.agent.rules.words import WORDS

#: what is counted, named in the count ("lars von trier, count of his films + their titles"):
#: the part's set is of that kind
_KIND = r"(?:films?|movies?|tv\s+shows?|shows?|series|titles?|documentaries|docs?|works)"
_OF_KIND = rf"\s+of\s+(?:(?:his|her|their|its|the|these|those|all)\s+)?{_KIND}"
_COUNT = rf"(?:the\s+)?(?:{alternation(WORDS.shape_counts)})(?:{_OF_KIND})?"
_LIST = rf"(?:the\s+)?(?:{alternation(WORDS.shape_lists)})"
_AND = r"\s*(?:,\s*)?(?:\b(?:and|plus|n|with|also)\b|&|\+|/|,)\s*(?:(?:also|then|the)\s+)?"
_ASK = r"(?:(?:give|tell|show|get)\s+(?:me\s+|us\s+)?)?(?:both\s+)?"
_BOTH = (
    rf"{_ASK}(?:{_COUNT}{_AND}{_LIST}|{_LIST}{_AND}{_COUNT})"
    r"(?:\s+(?:too|as\s+well|both|please|pls|of\s+(?:them|those|these)))*"
)
#: the clause after what it asks of: "…, count and titles", "… (number & list)", "… count +
#: list" (no comma)
#: (with no comma, a count first joined by a word: "mexican shows count and titles"; not
#: "spider-man titles, how many", a count of the spider-man titles)
_JOINED = r"\s*(?:\b(?:and|plus|n|with)\b|&|\+)\s*(?:(?:also|then|the)\s+)?"
_TAIL = re.compile(
    rf"(?P<head>.*?\w.*?)(?:\s*(?:[,:;(]|\s[-–—]+)\s*{_BOTH}|\s+{_ASK}{_COUNT}{_JOINED}{_LIST})\W*",
    re.I,
)
#: the clause before: "count and titles: …", "number + list of korean thrillers"
_LEAD = re.compile(
    rf"\W*{_BOTH}\s*(?:[,:;]|\s[-–—]+|\s+(?:of|for)\b)\s*(?P<head>.*\w.*)", re.I | re.S
)
#: a count of the set named in it, then its titles ending the question: "number of quentin
#: tarantino movies + titles", "count of polish films and their names" (not "how many movies
#: and titles from 2019": the titles are not the question's end)
_OF_FIRST = re.compile(
    rf"\W*{_ASK}(?:the\s+)?(?:count|number|total|tally)\s+of\s+(?P<head>.*?\w.*?)\s*,?{_JOINED}"
    rf"(?:(?:their|its)\s+)?{_LIST}(?:\s+(?:too|as\s+well|please|pls|of\s+(?:them|those)))*\W*",
    re.I,
)
_PEOPLE = re.compile(rf"\b(?:{alternation(WORDS.people_asked)})\b", re.I)


def shape_parts(text: str) -> list[str] | None:
    """["how many", the set] when `text` asks a set's size and titles in a clause of their own;
    None otherwise."""
    m = _TAIL.fullmatch(text) or _LEAD.fullmatch(text) or _OF_FIRST.fullmatch(text)
    if not m or _PEOPLE.search(m.group("head")):
        return None
    head = m.group("head").strip(" ,")
    kind = re.search(_OF_KIND, text[: m.start("head")] + " " + text[m.end("head") :], re.I)
    if kind:  # "x, count of his films and titles": the set is x's films
        head = f"{head} {re.search(_KIND + r'$', kind.group(), re.I).group()}"  # type: ignore[union-attr]
    return ["how many", head]


def shape_words(text: str) -> set[str]:
    """The words of the clause that asks the size and the titles (used by that reading)."""
    m = _TAIL.fullmatch(text) or _LEAD.fullmatch(text) or _OF_FIRST.fullmatch(text)
    if not m or _PEOPLE.search(re.sub(r"\{\w+\}", " ", m.group("head"))):  # not "{person}"
        return set()
    rest = text[: m.start("head")] + " " + text[m.end("head") :]
    return {w.casefold() for w in WORD.findall(rest)}


_TIES = re.compile(rf"\b(?:{alternation(WORDS.tie_words)})\b", re.I)


def ties_asked(spec: QuerySpec, ignored: list[str]) -> None:
    """A ranking of titles whose answer form set aside asks for those tied ("the docuseries
    added most recently (if there's a tie name all of them)"): one title, and those tied with it
    (the writer names them), even when its noun is the same in both numbers."""
    if spec.op == "top" and spec.limit is None and any(_TIES.search(i) for i in ignored):
        spec.limit = 1
