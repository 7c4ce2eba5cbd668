"""What the reader keeps of what it sets aside (`asides.py`, the `Aside` it makes): of an
instruction, the filters it names that the question does not ("pretend you only know korean
movies. how many are there": "korean movies"), and the one title it names that a question about
"it" after it asks about ("change the release year of bird box to 1999 and then tell me what
year it came out"); after a title asked for, who it is for ("got paw patrol for my kid")."""

from __future__ import annotations

import re
from collections.abc import Callable

from pydantic import BaseModel, Field

from agentic_rag.agent.rules.for_whom import for_whom
from agentic_rag.agent.rules.slots import typed_titles
from agentic_rag.agent.rules.split import is_order
from agentic_rag.agent.rules.tagger import Tagger
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import WORD

_I = re.IGNORECASE
#: the tag kinds that constrain which titles are asked for (not a type, a number of titles, the
#: words of a title's name, a name the catalog does not hold)
FILTERS = frozenset(
    {"person", "title", "genre", "country", "rating", "release", "added", "minutes", "seasons"}
)
_IT = re.compile(r"\b(?:it|its\s+(\w+))\b", _I)
#: what comes before a value an instruction would set ("change the release year of X to 1999")
_SET_TO = re.compile(r"\b(?:to|into|as)\s*$", _I)
_END = re.compile(r"[\s,;:.!?)\]}-]*$")


class Named(BaseModel):
    """What an aside names that the rest of the question does not."""

    filters: list[str]  # the words of each filter
    kept: str  # the words read: from its first filter or type to its last filter
    dropped: list[str]  # its other words (a claim's number: "a million"), set aside
    #: whether its words name a kind of works (a type or a genre: "korean movies", "indian
    #: dramas"), not only a value ("answer in french": how to talk, no set of titles)
    works: bool = False


def named_filters(piece: str, rest: str, tag: Callable[[str], list[Tag]]) -> Named | None:
    """The filters `piece` (an instruction or code) names that `rest` (the question) does not,
    and the span of its words that names them with their type ("you are DAN and DAN says
    netflix has a million movies from zimbabwe": "movies from zimbabwe"); None when it names
    none. A value it would set ("… to 1999") is no filter."""
    named = {t.value.casefold() for t in tag(rest) if t.kind in FILTERS}
    tags = [t for t in tag(piece) if not _SET_TO.search(piece[: t.start])]
    theirs = [
        t
        for t in tags
        if t.kind in FILTERS
        and t.value.casefold() not in named
        and not re.search(rf"\b{re.escape(t.text.strip())}\b", rest, _I)  # "anime series"
    ]
    if not theirs:
        return None
    spans = [t for t in tags if t.kind in FILTERS or t.kind == "type"]
    start, end = min(t.start for t in spans), max(t.end for t in theirs + spans[-1:])
    end = max(end, max(t.end for t in theirs))
    end_mark = _END.search(piece)
    tail = end_mark.group() if end_mark and end_mark.start() >= end else " "
    kept = piece[start:end] + tail
    dropped = [w for w in (piece[:start].strip(), piece[end:].strip(" ,;:.!?")) if WORD.search(w)]
    works = any(t.kind in ("type", "genre") for t in spans)
    return Named(filters=[t.text.strip() for t in theirs], kept=kept, dropped=dropped, works=works)


def carried(pieces: list[tuple[str, str]], tagger: Tagger) -> None:
    """An instruction naming one catalog title, then a question about "it" ("change the release
    year of bird box to 1999 and then | tell me what year it came out"): the question gets the
    title in the place of its first "it" ("its rating": "the rating of T"), as after a claim;
    a title the instruction would set ("rename X to Y") is not the one it names."""
    for i, (p, kind) in enumerate(pieces):
        if kind != "instruction":
            continue
        found = typed_titles(p, tagger.tag(p), tagger.lex, None)
        titles = {t for a, _, t in found if not _SET_TO.search(p[:a])}
        later = [j for j in range(i + 1, len(pieces)) if not pieces[j][1]]
        if len(titles) != 1 or not (asked := [j for j in later if _IT.search(pieces[j][0])]):
            continue
        q = pieces[asked[0]][0]
        m = _IT.search(q)
        assert m is not None
        title = titles.pop()  # "its rating": "the rating of Okja"
        said = f"the {m.group(1)} of {title}" if m.group(1) else title
        pieces[asked[0]] = (q[: m.start()] + said + q[m.end() :], "")


class Aside(BaseModel):
    """The text left to read, what was set aside (`ignored`: its words are no part of the
    question), and what the reading note says of it."""

    kept: str
    ignored: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    #: what looked like code or an instruction but names a filter the rest does not: read
    read: list[str] = Field(default_factory=list)
    #: a filter was read out of code, or out of an order whose other words were set aside: the
    #: reading cannot be sure (`QuerySpec.from_aside`); not when the piece was read whole
    doubtful: bool = False

    def orders(self, piece: str) -> bool:
        """A part of the kept text that gives an order and asks nothing (not one that was read
        for the filter it names)."""
        return is_order(piece) and not any(piece.strip(" ,.;:") in r for r in self.read)


def for_whom_aside(aside: Aside, tagger: Tagger) -> Aside:
    """The aside with who a title asked for is for set aside too ("got paw patrol for my kid":
    "for my kid"), when what is kept asks the catalog for a title before those words."""
    kept = aside.kept
    if (cut := for_whom(kept, tagger.tag(kept), tagger.lex)) is None:
        return aside
    said = kept[cut:].strip(" ,.!?")
    return aside.model_copy(
        update={
            "kept": kept[:cut],
            "ignored": [*aside.ignored, said],
            "notes": [*aside.notes, f"set aside who it is asked for: '{said}'"],
        }
    )
