"""Named but absent: a person or title the question names by its cue that the catalog lacks.

"directed by pedro almodovar", "movies of X", "X's films", "when was The Godfather added": the
cue says what the words are, so the reader keeps them as an entity even when no catalog name
matches (folded, then fuzzily). The plan runs the query the question asks, which comes back
empty, plus a count of the entity's titles that grounds the answer "the catalog has no title
directed by X [n]"; catalog names just under the fuzzy cut-off are offered as "did you mean".
The plan's typed reading carries them (`QuerySpec.absent`); the reasoning names them for people.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from typing import NamedTuple

from agentic_rag.agent.rules.intent import Intent
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.spec import Absent, PersonRef, Role, TitleSet
from agentic_rag.agent.rules.tags import Tag, free, fuzzy_tag
from agentic_rag.agent.rules.vocab import (
    COMMON,
    ROLE_AFTER,
    WORD,
    WORKS_AFTER,
    WORKS_BEFORE,
    role_at,
)
from agentic_rag.agent.rules.words import WORDS

MAX_NAME_WORDS = 4
#: words a typed name or title keeps in lower case ("Game of Thrones", "Vincent van Gogh")
SMALL_WORDS = WORDS.small_words
TITLE_OPS = frozenset({"describe", "people", "similar"})  # operations on a named title
_POSSESSIVE = re.compile(r"['’]s$", re.I)
_JOIN = re.compile(r"\s+|\s*-\s*|\.\s+")  # between the words of one name
#: between the words of a typed title: its own punctuation ("Club de Cuervos Presents: The …")
_TITLE_JOIN = re.compile(r"[\s:;,.!?&'’\-–—]+")
#: a capitalised run that may be a title: small words may join capitalised ones
_TITLE_RUN = re.compile(r"[A-Z0-9][\w'’:]*(?:\s+(?:(?:of|the|a|an|and|&)\s+)*[A-Z0-9][\w'’:]*)*")
#: words after a title that close the question ("when was X added", "is X on netflix")
_CLOSING = re.compile(
    r"\s+(?:(?:was|were|got)\s+)?(?:added|released|made|make|come\s+out|came\s+"
    r"out|premiered|on\s+netflix|about|(?:are|is)\s+there|does\s+it\s+have|has\s+it\s+got|"
    r"do(?:es)?\s+(?:it|they)\s+(?:have|run|last))\W*$",
    re.I,
)
_SENTENCE_END = re.compile(r"[.?!]\s*$")
#: cues only a person's name follows ("directed by ...", "starring ...")
STRONG_CUE = re.compile(
    r"\b(?:directed\s+by|helmed\s+by|starring|featuring|played\s+by|co-?starring)\s+$", re.I
)
#: a works noun right after a name: a weak cue ("scorsese movies", "kajol films")
_WORKS_NEXT = re.compile(r"\s+(?:movies|films|shows|series|titles|filmography)\b", re.I)
CHECK_PURPOSE = "in the catalog? "  # the purpose prefix of the grounding count


class Cued(NamedTuple):
    start: int
    end: int
    role: Role | None
    weak: bool  # only a works noun after the words ("scorsese movies"): a catalog name only


def title_case(raw: str) -> str:
    """The name as typed, each all-lower-case word capitalised (small words inside kept)."""
    words = raw.split()
    return " ".join(
        w[:1].upper() + w[1:] if w.islower() and (i == 0 or w not in SMALL_WORDS) else w
        for i, w in enumerate(words)
    )


def _name_word(word: str, lex: Lexicon) -> bool:
    low = _POSSESSIVE.sub("", word).casefold()
    if low in COMMON or low.isdigit() or len(low) < 2:
        return False
    return word[:1].isupper() or low not in lex.everyday_words


def _runs(text: str, tags: list[Tag], lex: Lexicon) -> list[list[re.Match[str]]]:
    """Maximal runs of untagged name-like words (capitalised, or not everyday English)."""
    runs: list[list[re.Match[str]]] = []
    prev: re.Match[str] | None = None
    for m in WORD.finditer(text):
        ok = free(tags, *m.span()) and _name_word(m.group(), lex)
        joined = (
            prev is not None
            and _JOIN.fullmatch(text[prev.end() : m.start()]) is not None
            and not _POSSESSIVE.search(prev.group())
        )
        if ok and runs and joined:
            runs[-1].append(m)
        elif ok:
            runs.append([m])
        prev = m if ok else None
    return runs


def cued_names(text: str, tags: list[Tag], lex: Lexicon) -> list[Cued]:
    """Spans of 1-4 name-like words with a person cue right before or after them. A single
    lower-case word must be one the catalog knows as a name (`Lexicon.name_word`), or follow
    a cue that only a name follows ("directed by almodovar") and be no English the
    descriptions use."""
    out = []
    for run in _runs(text, tags, lex):
        verb = [j for j, m in enumerate(run) if j and _role_verb(text[m.start() :])]
        run = run[: verb[0]] if verb else run  # "scorsese direct": the verb is the cue
        if len(run) > MAX_NAME_WORDS:
            continue
        last = run[-1].group()
        start, end = run[0].start(), run[-1].end() - (2 if _POSSESSIVE.search(last) else 0)
        one = text[start:end]
        strong = STRONG_CUE.search(text[:start]) and lex.proper(one) and not lex.cased(one)[0]
        if len(run) == 1 and not (
            end - start >= 3 and (one[:1].isupper() or lex.name_word(one) or strong)
        ):
            continue
        role = role_at(text, start, end)
        before, after = text[max(0, start - 30) : start], text[end : end + 30]
        if role or WORKS_BEFORE.search(before) or WORKS_AFTER.search(after):
            out.append(Cued(start, end, role, weak=False))  # type: ignore[arg-type]
        elif _WORKS_NEXT.match(after):
            out.append(Cued(start, end, None, weak=True))
    return out


def _role_verb(rest: str) -> bool:
    return any(p.match(rest) for p in ROLE_AFTER.values())


def title_slot(
    text: str,
    tags: list[Tag],
    intent: Intent,
    lex: Lexicon,
    classify: Callable[[str, list[Tag]], Intent],
    lead: int | None,
) -> tuple[list[Tag], Intent]:
    """A capitalised run where a title goes ("when was The Godfather added"): a title when the
    question, with the run masked as {title}, asks about a named title at least as surely as
    without it; a misspelt title is read as the catalog's, else kept as absent."""
    for span in title_runs(text, tags, lead):
        raw = text[span[0] : span[1]]
        hit = lex.fuzzy_title(raw)
        cand = fuzzy_tag("title", span, raw, hit, None) if hit else absent_title(raw, span, lex)
        tagged = sorted([*tags, cand], key=lambda t: t.start)
        alt = classify(text, tagged)
        if alt.op in TITLE_OPS and alt.score >= intent.score:
            return tagged, alt
    for start, end, title in typed_titles(text, tags, lex, lead):
        cand = Tag(kind="title", start=start, end=end, text=text[start:end], value=title)
        tagged = sorted([*tags, cand], key=lambda t: t.start)
        alt = classify(text, tagged)
        if alt.op in TITLE_OPS and (alt.score >= intent.score or intent.op == "search"):
            return tagged, alt
    span = closing_run(text, tags, lead)  # "who directed the dark knight"
    one = span is not None and WORD.fullmatch(text[span[0] : span[1]]) is not None
    if span is not None and not (one and text[span[0] : span[1]].casefold() in lex.everyday_words):
        raw = text[span[0] : span[1]]
        hit = lex.fuzzy_title(raw)
        cand = fuzzy_tag("title", span, raw, hit, None) if hit else absent_title(raw, span, lex)
        tagged = sorted([*tags, cand], key=lambda t: t.start)
        alt = classify(text, tagged)
        if alt.op in TITLE_OPS and alt.score >= max(intent.score, 0.5):
            return tagged, alt
    return tags, intent


def closing_run(text: str, tags: list[Tag], lead: int | None) -> tuple[int, int] | None:
    """The untagged words that close a question in lower case, where a title goes ("who
    directed the dark knight", "when was parasite added"): back from the end (or from a closing
    verb) over words that are not common, small words inside kept; None when none is left."""
    end = len(text[:lead].rstrip(" ?!.")) if lead is None else lead
    tail = _CLOSING.search(text[:end])
    end = tail.start() if tail else end
    toks = [m for m in WORD.finditer(text[:end]) if free(tags, *m.span())]
    run: list[re.Match[str]] = []
    for m in reversed(toks):
        w = m.group().casefold()
        gap = text[m.end() : run[0].start()] if run else text[m.end() : end]
        if _JOIN.fullmatch(gap or " ") is None or (w in COMMON and w not in SMALL_WORDS):
            break
        run.insert(0, m)
    while run and run[0].group().casefold() in SMALL_WORDS - {"the", "a", "an"}:
        run.pop(0)
    if not run or all(m.group().casefold() in COMMON for m in run):
        return None
    return run[0].start(), run[-1].end()


def typed_titles(
    text: str, tags: list[Tag], lex: Lexicon, lead: int | None
) -> list[tuple[int, int, str]]:
    """Catalog titles typed without capitals ("how long is the irishman", "who made roma"),
    longest first: runs of untagged words before any description lead whose folded text is a
    title's; one word must not be everyday English, several must not all be small words."""
    toks = [m for m in WORD.finditer(text[:lead]) if free(tags, *m.span())]
    out = []
    for n in range(min(lex.max_title_words, len(toks)), 0, -1):
        for i in range(len(toks) - n + 1):
            gram = toks[i : i + n]
            joins = (text[a.end() : b.start()] for a, b in pairwise(gram))
            if any(_TITLE_JOIN.fullmatch(j) is None for j in joins):
                continue
            words = [g.group().casefold() for g in gram]
            if all(w in COMMON for w in words) or (n == 1 and words[0] in lex.everyday_words):
                continue
            start, end = gram[0].start(), gram[-1].end()
            if (title := lex.title(text[start:end])) and all(
                e <= start or s >= end for s, e, _ in out
            ):
                out.append((start, end, title))
    return out


def title_runs(text: str, tags: list[Tag], lead: int | None) -> list[tuple[int, int]]:
    """Capitalised runs that may name a title the catalog lacks: untagged, not opening a
    sentence, before any description lead ("about ...", "where ..."), not all everyday words."""
    out = []
    for m in _TITLE_RUN.finditer(text):
        words = list(WORD.finditer(m.group()))
        while words and words[-1].group().casefold() in COMMON:  # "... on Netflix"
            words.pop()
        if not words:
            continue
        start, end = m.start() + words[0].start(), m.start() + words[-1].end()
        opens = start == 0 or bool(_SENTENCE_END.search(text[:start]))
        common = all(w.group().casefold() in COMMON for w in words)
        if opens or common or not free(tags, start, end) or (lead is not None and start >= lead):
            continue
        out.append((start, end))
    return out


def absent_title(raw: str, span: tuple[int, int], lex: Lexicon) -> Tag:
    """A title the question names (quoted, or capitalised in a title's place) that the catalog
    does not hold."""
    name = title_case(raw)
    return Tag(
        kind="unknown_title",
        start=span[0],
        end=span[1],
        text=raw,
        value=name,
        score=0.5,
        absent=True,
        near=lex.near_title(raw),
        note=f"no title named {name} in the catalog",
    )


def absences(tags: list[Tag]) -> list[Absent]:
    return [
        Absent(
            kind="title" if t.kind == "unknown_title" else "person",
            name=t.value,
            role=t.role,
            near=t.near,
        )
        for t in tags
        if t.absent
    ]


# -- the plan's record of them, and the answer's sentence --------------------------------------
def check_set(a: Absent) -> TitleSet:
    """The titles that would exist if the entity were in the catalog (counted: 0)."""
    if a.kind == "title":
        return TitleSet(titles=[a.name])
    return TitleSet(people=[PersonRef(name=a.name, role=a.role)])


def line(part: int, a: Absent) -> str:
    return f"Absent (part {part}): {a.model_dump_json()}"


def sentence(a: Absent, n: int, bold: Callable[[str], str]) -> str:
    """'The catalog has no title directed by **X** [n]. Did you mean **Y**?'"""
    name = bold(a.name)
    if a.kind == "title":
        said = f"The catalog has no title named {name} [{n}]."
    else:
        how = {"director": "directed by", "cast": "featuring"}.get(a.role or "", "with")
        said = (
            f"The catalog has no title {how} {name} [{n}]"
            + ("" if a.role else " (as director or cast)")
            + "."
        )
    if a.near:
        said += f" Did you mean {' or '.join(bold(x) for x in a.near)}?"
    return said
