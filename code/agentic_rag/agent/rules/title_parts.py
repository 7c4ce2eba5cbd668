"""Titles named by a part of their name after words of being in a title: "actors who appear in
the spy who shagged me and in goldmember" names Austin Powers: The Spy Who Shagged Me and
Austin Powers in Goldmember. Each part is read as the one catalog title whose name holds its
words in a row; a part that several titles hold, or words that name nothing but everyday things
(one everyday word, or only small words), is no title. Only after an acting verb or "in both"
("appeared in", "who starred in", "is in both"): after a bare "is in" the words are a plot's
("a man who is in a coma"). A lower-case title tagged on the first words of such a part ("in
both the kingdom of the crystal skull": not The Kingdom) is the longer one (`widened`)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.tags import Tag, free
from agentic_rag.agent.rules.vocab import COMMON, WORD

_I = re.IGNORECASE
#: being in a title: an acting verb, "who's in", "in both"
_IN = re.compile(
    r"\b(?:(?:appear|act|star|play|feature|cast)\w*|who(?:['’]?s|\s+is|\s+was|\s+were))\s+in\s+"
    r"(?:both\s+)?|\bin\s+both\s+",
    _I,
)
#: where a part ends: a list join, punctuation or the end
_END = re.compile(r"\s*(?:,|;|\?|\.|!|\(|-\s|\band\b|&|\bor\b|$)", _I)
#: the next part of a list: "and in", ", ", "&"
_NEXT = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+(?:and|&)\s+)(?:in\s+)?", _I)
MAX_WORDS = 8


def part_titles(text: str, tags: list[Tag], lex: Lexicon) -> list[Tag]:
    """A title tag for each part of one catalog title's name in a list after a cue."""
    out: list[Tag] = []
    for cue in _IN.finditer(text):
        at = cue.end()
        while True:  # a title tagged in the list ("in both jaws and ...") is passed over
            held = next((t for t in tags if t.kind == "title" and t.start == at), None)
            if (tag := held or _part(text, at, tags, lex)) is None:
                break
            out += [] if held else [tag]
            nxt = _NEXT.match(text, tag.end)
            if nxt is None:
                break
            at = nxt.end()
    return out


def _part(text: str, at: int, tags: list[Tag], lex: Lexicon) -> Tag | None:
    end = _END.search(text, at)
    stop = end.start() if end else len(text)
    words = list(WORD.finditer(text, at, stop))
    if not words or len(words) > MAX_WORDS or not all(free(tags, *w.span()) for w in words):
        return None
    start, stop = words[0].start(), words[-1].end()
    raw, low = text[start:stop], [w.group().casefold() for w in words]
    if lex.title(raw) or all(w in COMMON for w in low):
        return None  # a whole title is the tagger's; only small words name nothing
    if len(low) == 1 and (low[0] in lex.everyday_words or len(low[0]) < 4):
        return None  # "in both comedy": an everyday word, not a title's part
    if len(hits := lex.titles_with(raw)) != 1:
        return None
    note = f"read '{raw}' as the title {hits[0]}, the one title with it in its name"
    return Tag(kind="title", start=start, end=stop, text=raw, value=hits[0], note=note)


def widened(text: str, tags: list[Tag], lex: Lexicon) -> list[Tag]:
    """A lower-case title tagged on the first words of a longer part of one other title's
    name ("in both the kingdom of the crystal skull and ...": not the title The Kingdom) is
    that title: the words to the part's end, all untagged, are held by it alone."""
    out = []
    for t in tags:
        end = _END.search(text, t.end) if t.kind == "title" and t.text.islower() else None
        rest = list(WORD.finditer(text, t.end, end.start())) if end else []
        if not rest or not all(free(tags, *w.span()) for w in rest):
            out.append(t)
            continue
        raw = text[t.start : rest[-1].end()]
        hits = [h for h in lex.titles_with(raw) if h != t.value]
        if len(hits) != 1:
            out.append(t)
            continue
        note = f"read '{raw}' as the title {hits[0]}, the one title with it in its name"
        end_at = rest[-1].end()
        out.append(Tag(kind="title", start=t.start, end=end_at, text=raw, value=hits[0], note=note))
    return out


def tag(text: str, tags: list[Tag], lex: Lexicon) -> list[Tag]:
    """The tags with the titles named by a part of their name (`widened`, `part_titles`)."""
    tags = widened(text, tags, lex)
    return tags + part_titles(text, tags, lex)
