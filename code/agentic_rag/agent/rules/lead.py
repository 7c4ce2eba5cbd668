"""Where a part's description begins: the first lead word ("about", "where", "that", "who",
"with" …) after the question's own opening ("who", "which", "and what" …). The words after it
describe the titles asked for; a strong lead ("about", "where", "based on") always does."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.amounts import ASKED_BEFORE, LASTING_VERB
from agentic_rag.agent.rules.shape import ranking_said
from agentic_rag.agent.rules.vocab import COMMON, alternation
from agentic_rag.agent.rules.words import WORDS

STRONG_LEAD = (
    r"about|where|in\s+which|involving|whose|following|follows|cent(?:er|re)d\s+on|based\s+on"
)
#: the nouns "that" determines instead of opening a description: "that one", "that doc about"
_THAT_NOUNS = alternation(sorted({"one", "ones", *WORDS.works_nouns, *WORDS.one_title_nouns}))
#: "that" opens a description, except as the determiner of a reference or a works noun ("who
#: stars in that one", "who directed that doc about …"); "has" and "have" before their subject
#: are the question's own verb ("how many seasons has it got", "how many have they made")
LEAD = re.compile(
    rf"\b(?:{STRONG_LEAD}|that(?!\s+(?:{_THAT_NOUNS})\b)|who|when|while|"
    r"(?:has|have)(?!\s+(?:it|they|he|she|you|we|i|netflix|(?:this|that)(?:\s+one)?)\b)|with)\b",
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
    if m and re.fullmatch(r"that\W*", text[m.start() :], re.IGNORECASE):
        return None  # "who directed that": the title asked before, no description
    return m.start() if m else None


def describes(words: list[str], after: str, before: str = "") -> bool:
    """Whether a run of lower-case words read as a title opens a description instead: it starts
    at a strong lead and the sentence goes on ("about a boy who befriends a giant pig"); or it
    is the verb an amount asked before it lasts by ("how many seasons do anime series run")."""
    if len(words) == 1 and LASTING_VERB.fullmatch(words[0]) and ASKED_BEFORE.search(before):
        return True
    return bool(STRONG.fullmatch(words[0])) and len(after.split()) >= 3


WITH_WORDS = 3  # the most words a thing said after "with" has ("a haunted lighthouse")
#: what titles are said to hold a thing with: "with", "about", "featuring", "starring",
#: "involving", "that have"
_THING = re.compile(
    r"\b(?:with|about|featuring|starring|involving|(?:that|which)\s+(?:have|has|feature|"
    r"features|involve|involves|star|stars))\s+(?:an?\s+|some\s+|the\s+)?",
    re.IGNORECASE,
)
#: words a thing may be said with besides its own: articles, "in them", "lots of"
_FRAME = frozenset(
    "a an the some any in it them of lots lot many few or and one ones".split()  # noqa: SIM905
)


def with_thing(text: str, lead: int | None, content: list[str], tags: list) -> bool:
    """Whether the part closes on a thing its titles hold that no filter names: "any movies
    with a dog", "shows featuring dragons", "kids shows about dinosaurs", "movies that have a
    dog in them" (a description); not "movies with tom hanks" or "shows with 3 seasons"
    (tagged), nor words of its own ("with the most seasons - whats its year"): every word after
    the lead is a content word of the part (`content`), a participle or a frame word, and at most
    WITH_WORDS are content."""
    m = _THING.search(text, lead if lead is not None else 0)
    if m is None or any(t.end > m.start() for t in tags):
        return False
    if ranking_said(text[m.end() :]):  # "with the longest runtime", "with the most seasons"
        return False
    rest = [w.casefold() for w in re.findall(r"[\w'’-]+", text[m.end() :])]
    own = [w for w in rest if w in content or (w.endswith("ed") and w not in COMMON)]
    said = [w for w in rest if w not in own and w not in _FRAME]
    return 0 < len(own) <= WITH_WORDS and not said  # "a haunted house": a participle too


_ARTICLE = re.compile(r"^\W*(?:the|an?)\s+", re.IGNORECASE)


def description(text: str, lead: int) -> tuple[str, str]:
    """The searched description and the words before it (where theme words may be): after a
    strong lead ("about a dog"), or "with" and its article at the lead ("with a dog"); after
    a kind said first and set off by a comma, colon or dash ("japanese movie, clumsy student
    at an institute that farms tuna": `_KIND_FIRST`); else the part from its noun on ("the
    kid who is a chess whiz": "kid who is a chess whiz")."""
    strong = STRONG.search(text, lead)
    begins = strong.end() if strong else (m.end() if (m := _THING.match(text, lead)) else None)
    if begins is None and (kind := _KIND_FIRST.match(text)) and kind.end() < lead:
        return text[kind.end() :].strip(" ?.!"), text[: kind.end()]
    if begins is None:
        return _ARTICLE.sub("", text).strip(" ?.!"), ""
    return text[begins:].strip(" ?.!"), text[:lead]


_WORKS = "|".join(sorted(WORDS.works_nouns, key=len, reverse=True))
#: a kind of title said first, at most KIND_WORDS words ending on a works noun, then a comma,
#: colon or dash: what is told after it is the story ("korean show - a lawyer who ...")
KIND_WORDS = 4
_KIND_FIRST = re.compile(
    rf"^\W*(?:[\w'-]+\s+){{0,{KIND_WORDS - 1}}}(?:{_WORKS})\s*(?:[,:;]|\s[–—-])\s*", re.I
)
