"""A parenthesis that only says again what the question around it said, set aside before reading:

- a time said again in other words: "added on new years day 2020 (jan 1st)", "in q4 2018
  (oct-dec)", "from the nineties (1990-1999)". The parenthesis, read as a time of the same kind
  (with the year of the time outside it when it names none), is the same window;
- the kind of title the question names, kept to: "how many shows from denmark (tv only)",
  "korean films (just movies)" — the kind (`asides.yaml` `kinds_alone`, or a works noun the
  tagger reads) and only the words of `only_words`; a parenthesis naming a kind the rest does
  not name ("titles from denmark (tv only)") narrows the set: it stays; one keeping to the other
  kind ("shows from japan (movies only)") says which kind is meant: that kind is read in place
  of the question's kind word, never surely (the aside is `doubtful`);
- how the catalog is read anyway (`asides.yaml` `restatements`): "(co-productions count)"
  beside a country, whose titles are those that list it among others; "(not the british tv
  genre)": the country is meant, as it is read.

A parenthesis naming another time ("added in 2019 (march)") narrows or contradicts the question:
it stays, and the reading that leaves its words unused stays unsure.
"""

from __future__ import annotations

import re

from agentic_rag.agent.rules.aside_reads import Aside
from agentic_rag.agent.rules.code_text import aside_words
from agentic_rag.agent.rules.tagger import Tagger
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import WORD, alternation

_PAREN = re.compile(r"\(([^()]{1,60})\)")
_TIMES = frozenset({"added", "release"})
#: how a time of each kind is said, for the parenthesis to be read as one of that kind
_SAID_AS = {"added": "added {}", "release": "released in {}"}
_DEFAULTS = re.compile(rf"^\W*(?:{alternation(aside_words().restatements)})\W*$", re.IGNORECASE)
_ONLY = frozenset(aside_words().only_words)
_KINDS = aside_words().kinds_alone
_WORDS = {"Movie": "movies", "TV Show": "tv shows"}  # a kind said plainly


#: a country meant as a country, not the genre its nationality names: "(not the british tv
#: genre)", "(the country, not the genre)", "(as a country not a category)"
_NOT_GENRE = re.compile(
    r"^\W*(?:(?:as\s+)?(?:the\s+|a\s+)?countr(?:y|ies)(?:\s+listed)?\W*)?(?:and\s+|but\s+)?"
    r"(?:not|rather\s+than|instead\s+of)\s+(?:as\s+)?(?:the\s+|a\s+)?(?:[\w'’-]+\s+){0,3}"
    r"(?:genre|genres|category|categories|label)\W*$",
    re.IGNORECASE,
)


def restated_aside(aside: Aside, tagger: Tagger) -> Aside:
    """The aside with each parenthesis that restates the question set aside too, and each that
    says which kind of title is meant read as that kind."""
    kept, said, kinds, doubtful = aside.kept, [], [], False
    read: list[str] = []  # the parentheses read as a kind: their words are no more to read
    for m in reversed(list(_PAREN.finditer(kept))):
        rest = kept[: m.start()] + " " * len(m.group()) + kept[m.end() :]
        tags = tagger.tag(rest)
        if _restates(m.group(1), tags, tagger):
            said.insert(0, m.group())
            kept = (kept[: m.start()].rstrip() + " " + kept[m.end() :].lstrip()).strip()
        elif (alone := _alone_kind(m.group(1), tags)) is not None:
            kinds.insert(0, f"read {m.group()!r} as {alone!r}")
            read.insert(0, m.group())
            kept = _put(kept, [(m.start(), m.end(), alone)])
        elif other := _other_kind(m.group(1), tags, tagger):
            outer, kind = other
            kinds.insert(0, f"read {outer.text!r} as {kind}, as {m.group()!r} says")
            read.insert(0, m.group())
            kept = _put(kept, [(outer.start, outer.end, kind), (m.start(), m.end(), "")])
            doubtful = True  # the question named one kind, the parenthesis the other
    if not said and not kinds:
        return aside
    again = [f"set aside {', '.join(repr(s) for s in said)}: it says again what the question says"]
    return aside.model_copy(
        update={
            "kept": kept,
            "ignored": [*aside.ignored, *said, *read],
            "notes": [*aside.notes, *(again if said else []), *kinds],
            "doubtful": aside.doubtful or doubtful,
        }
    )


def _put(text: str, spans: list[tuple[int, int, str]]) -> str:
    """`text` with each span's words put in its place."""
    for a, b, words in sorted(spans, reverse=True):
        text = text[:a] + f" {words} " + text[b:]
    return " ".join(text.split())


def _restates(inside: str, tags: list[Tag], tagger: Tagger) -> bool:
    """Whether `inside` (a parenthesis's words) says a time of `tags` again, or how the catalog
    reads a country of theirs anyway."""
    if _DEFAULTS.match(inside) or _NOT_GENRE.match(inside):
        return any(t.kind == "country" for t in tags)
    if _same_kind(inside, tags, tagger):
        return True
    return any(_same_time(inside, t, tagger) for t in tags if t.kind in _TIMES)


def _same_kind(inside: str, tags: list[Tag], tagger: Tagger) -> bool:
    """Whether `inside` keeps to the one kind of title `tags` name ("(tv only)" beside
    "shows"): one kind, said with only words of `only_words`."""
    kinds = {t.value for t in tags if t.kind == "type"}
    kept = {w.casefold() for w in WORD.findall(inside)} - _ONLY
    if len(kinds) != 1 or not kept:
        return False
    typed = [t for t in tagger.tag(inside) if t.kind == "type"]
    said = [t.value for t in typed] + [_KINDS[w] for w in kept if w in _KINDS]
    named = {w for t in typed for w in WORD.findall(t.text.casefold())} | set(_KINDS)
    return len(said) == 1 and kept <= named and set(said) == kinds


def _alone_kind(inside: str, tags: list[Tag]) -> str | None:
    """A parenthesis keeping to a kind said by a word the tagger does not read alone ("titles
    from poland (tv only)"), where the rest names no kind: that kind said plainly ("tv shows")."""
    words = [w.casefold() for w in WORD.findall(inside)]
    kinds = {_KINDS[w] for w in words if w in _KINDS}
    if any(t.kind == "type" for t in tags) or len(kinds) != 1 or set(words) <= set(_KINDS):
        return None
    if not all(w in _KINDS or w in _ONLY for w in words):
        return None
    return _WORDS[kinds.pop()]


def _other_kind(inside: str, tags: list[Tag], tagger: Tagger) -> tuple[Tag, str] | None:
    """The question's one kind word and the other kind `inside` keeps to with a word of
    `only_words` ("shows from japan (movies only)": "shows", "movies"); None otherwise."""
    outer = [t for t in tags if t.kind == "type"]
    words = {w.casefold() for w in WORD.findall(inside)}
    kept = words - _ONLY
    if len(outer) != 1 or not kept or kept == words:
        return None
    typed = [t for t in tagger.tag(inside) if t.kind == "type"]
    said = {t.value for t in typed} | {_KINDS[w] for w in kept if w in _KINDS}
    named = {w for t in typed for w in WORD.findall(t.text.casefold())} | set(_KINDS)
    if len(said) != 1 or not kept <= named or said == {outer[0].value}:
        return None
    kind = _WORDS[next(iter(said))]
    return outer[0], kind


def _window(t: Tag) -> tuple[object, object]:
    return (t.value, t.value2) if t.kind == "added" else (t.lo, t.hi)


def _same_time(inside: str, time: Tag, tagger: Tagger) -> bool:
    """Whether `inside`, read as a time of `time`'s kind, alone or with its year, is `time`'s
    window, every word of it read."""
    words = {w.casefold() for w in WORD.findall(inside)}
    if not words:
        return False
    year = (time.value or "")[:4] if time.kind == "added" else str(time.lo or "")
    for text in (inside, f"{inside} {year}" if year and year not in inside else ""):
        if not text:
            continue
        said = _SAID_AS[time.kind].format(text.strip())
        read = [t for t in tagger.tag(said) if t.kind in _TIMES]
        if len(read) != 1 or read[0].kind != time.kind:
            continue
        covered = {w.casefold() for w in WORD.findall(read[0].text)}
        if words <= covered and _window(read[0]) == _window(time):
            return True
    return False
