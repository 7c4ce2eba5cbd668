"""Where a title goes: words the tagger left that a question about a named title puts in a
title's place ("when was The Godfather added", "how long is the irishman", "who directed the dark
knight", "ted lasso season count"). Each candidate is kept only when the question, with it
masked as {title}, asks about a named title at least as surely as without it; a catalog title
typed in lower case is that title, a misspelt one the catalog's, else a title the catalog does
not hold (`absent.absent_title`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from itertools import pairwise

from agentic_rag.agent.rules.absent import NAME_JOIN, POSSESSIVE, SMALL_WORDS, absent_title
from agentic_rag.agent.rules.cues import CUES
from agentic_rag.agent.rules.intent import Intent
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.person_refs import OF_TITLE
from agentic_rag.agent.rules.tags import Tag, free, fuzzy_tag
from agentic_rag.agent.rules.title_refs import SINGULAR, in_place, ranking_only
from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.agent.rules.words import WORDS

TITLE_OPS = frozenset({"describe", "people", "similar"})  # operations on a named title
#: between the words of a typed title: its own punctuation ("Club de Cuervos Presents: The …")
_TITLE_JOIN = re.compile(r"[\s:;,.!?&'’\-–—]+")
#: a capitalised run that may be a title: small words may join capitalised ones
_TITLE_RUN = re.compile(r"[A-Z0-9][\w'’:]*(?:\s+(?:(?:of|the|a|an|and|&)\s+)*[A-Z0-9][\w'’:]*)*")
#: words after a title that close the question ("when was X added", "is X on netflix"); a verb
#: may have a few words after it ("what did the director of X make besides that")
_CLOSING = re.compile(
    r"\s+(?:(?:(?:was|were|got)\s+)?(?:added|released|made|make|come\s+out|came\s+out|premiered)"
    r"(?:\s+[\w'’]+){0,3}|on\s+netflix|about|(?:are|is|r)\s+there|does\s+it\s+have|"
    # the order of a question told ("tell me how many seasons of succession there are")
    r"there\s+(?:are|is|were)|has\s+it\s+got|do(?:es)?\s+(?:it|they)\s+(?:have|run|last))\W*$",
    re.I,
)
_ROLE_RUN = re.compile(
    r"(?:(?:has|have|had)\s+)?(?:acted|starred|appeared|played|was|were|been|directed|made|did)"
    r"(?:\s+(?:in|on|for))?\W*$",
    re.I,
)
_SENTENCE_END = re.compile(r"[.?!]\s*$")
#: a person named by their part in the title after it ("the director of", "the guy who made")
_PERSON_OF = re.compile(rf"(?:{OF_TITLE.pattern})\s+$", re.I)


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
        if in_place(text, span[0]):
            continue  # "when was the 2nd one added": a place in a list, not the title
        if POSSESSIVE.search(raw):
            continue  # "Nolan's films": an owner of titles, a person (`absent.cued_names`)
        hit = lex.fuzzy_title(raw)
        if not hit and ranking_only(raw):
            continue
        cand = fuzzy_tag("title", span, raw, hit, None) if hit else absent_title(raw, span, lex)
        tagged = sorted([*tags, cand], key=lambda t: t.start)
        alt = classify(text, tagged)
        if alt.op in TITLE_OPS and alt.score >= intent.score:
            return tagged, alt
    typed = typed_titles(text, tags, lex, lead)
    for start, end, title in typed:
        if in_place(text, start):
            continue
        cand = Tag(kind="title", start=start, end=end, text=text[start:end], value=title)
        tagged = sorted([*tags, *listed(text, cand, typed)], key=lambda t: t.start)
        alt = classify(text, tagged)
        if alt.op in TITLE_OPS and (alt.score >= intent.score or intent.op == "search"):
            return tagged, alt
    words = list(WORD.finditer(text))
    if not tags and words and (hit := lex.fuzzy_title(text[words[0].start() : words[-1].end()])):
        span = (words[0].start(), words[-1].end())  # the whole question a misspelt title: a
        cand = fuzzy_tag("title", span, text[span[0] : span[1]], hit, None)  # "breakng bad"
        if (alt := classify(text, [cand])).op in TITLE_OPS:
            return [cand], alt
    for span in lower_runs(text, tags, lex, lead):  # "who directed the dark knight"
        raw = text[span[0] : span[1]]
        if POSSESSIVE.search(raw) or in_place(text, span[0]) or _ROLE_RUN.match(raw):
            continue  # "the films X starred in": a role verb, no title "Starred In"
        hit = lex.fuzzy_title(raw)
        if not hit and ranking_only(raw):
            continue  # "who directed the longest": the set's top, not a title "The Longest"
        cand = fuzzy_tag("title", span, raw, hit, None) if hit else absent_title(raw, span, lex)
        tagged = sorted([*tags, cand], key=lambda t: t.start)
        alt = classify(text, tagged)
        named = _PERSON_OF.search(text[: span[0]])  # "the director of X": X is a title's name
        if alt.op in TITLE_OPS and alt.score >= (intent.score if named else max(intent.score, 0.5)):
            return tagged, alt
    if _refers(text, tags, classify):  # "how long does it run": "it" is the title, not "run"
        return tags, intent
    for span in middle_titles(text, tags, lex, lead):  # "whats friends rated"
        if in_place(text, span[0]):
            continue
        raw = text[span[0] : span[1]]
        cand = Tag(kind="title", start=span[0], end=span[1], text=raw, value=lex.title(raw) or "")
        tagged = sorted([*tags, cand], key=lambda t: t.start)
        alt = classify(text, tagged)
        if alt.op in TITLE_OPS and alt.score >= max(intent.score, 0.5):
            return tagged, alt
    return tags, intent


#: between the titles of a list: "fruitvale station and black panther", "x, y & z", "x or y"
_LIST_JOIN = re.compile(r"\s*,\s*(?:(?:and|&)\s+)?|\s+(?:and|&|or|vs\.?|versus)\s+", re.I)


def listed(text: str, cand: Tag, typed: list[tuple[int, int, str]]) -> list[Tag]:
    """The title found and the other catalog titles typed in a list with it ("who acted in
    both fruitvale station and black panther"): each next to the one before, a list join
    between them."""
    out, spans = [cand], sorted(typed)
    i = next(n for n, (a, _, _) in enumerate(spans) if a == cand.start)
    for step in (1, -1):
        j, (a, b, _) = i + step, spans[i]
        while 0 <= j < len(spans):
            c, d, title = spans[j]
            gap = text[b:c] if step == 1 else text[d:a]
            if not _LIST_JOIN.fullmatch(gap):
                break
            out.append(Tag(kind="title", start=c, end=d, text=text[c:d], value=title))
            j, (a, b) = j + step, (c, d)
    return out


def _refers(text: str, tags: list[Tag], classify: Callable[[str, list[Tag]], Intent]) -> bool:
    """Whether a word referring to one earlier title ("it", "that one") stands where the title
    goes: the question asks about a named title with it masked as {title}, so lower-case words
    after it are no title's name ("how long does it run", "what year did it come out")."""
    for m in SINGULAR.finditer(text):
        if not free(tags, *m.span()):
            continue
        ref = Tag(kind="title", start=m.start(), end=m.end(), text=m.group(), value="")
        if classify(text, sorted([*tags, ref], key=lambda t: t.start)).op in TITLE_OPS:
            return True
    return False


def whole_title(text: str, tags: list[Tag]) -> bool:
    """Whether the question is only a catalog title ("schindlers list?", "Okja", "stranger
    thigns", "Andor?"): one title tag and nothing but punctuation outside it; a title the
    catalog lacks only when typed as one (capitalised), as any question in lower case could be."""
    titles = [  # a catalog title (typed, or misspelt), or one typed as a title ("Andor?")
        t
        for t in tags
        if t.kind == "title" or (t.kind == "unknown_title" and _TITLE_RUN.fullmatch(t.text))
    ]
    if len(titles) != 1 or len(tags) != 1:
        return False
    t = titles[0]
    return not re.search(r"\w", text[: t.start] + text[t.end :])


def lower_runs(
    text: str, tags: list[Tag], lex: Lexicon, lead: int | None
) -> Iterator[tuple[int, int]]:
    """Lower-case words where a title goes: the run that closes the question (one word must
    not be everyday English), then the run that opens it, longest first ("ted lasso season
    count": "ted lasso"), whose words must name something (`Lexicon.proper`) and be no
    operation's cue word ("lowest rated comedies" names no title)."""
    span = closing_run(text, tags, lead)
    if span is not None:
        raw = text[span[0] : span[1]]
        named = _PERSON_OF.search(text[: span[0]])  # "the director of parasite": a title's name
        if named or not (WORD.fullmatch(raw) and raw.casefold() in lex.everyday_words):
            yield span
    run = opening_run(text, tags, lead)
    cued = [m.span() for p in CUES.values() for m in p.finditer(text)]
    for n in range(len(run), 0, -1):
        if run[n - 1].group().casefold() in SMALL_WORDS:
            continue
        start, end = run[0].start(), run[n - 1].end()
        if any(a < end and start < b for a, b in cued):
            continue  # an operation's cue word ("lowest rated comedies") names no title
        if lex.proper(text[start:end]) and (start, end) != span:
            yield start, end


def middle_titles(
    text: str, tags: list[Tag], lex: Lexicon, lead: int | None
) -> Iterator[tuple[int, int]]:
    """A run of untagged words inside the question that is exactly a catalog title ("whats
    friends rated"): only a candidate; the slot test of `title_slot` decides."""
    run: list[re.Match[str]] = []
    for m in [*WORD.finditer(text[:lead]), None]:
        w = m.group().casefold() if m else ""
        if m and free(tags, *m.span()) and (w not in COMMON or w in SMALL_WORDS):
            run.append(m)
            continue
        while run and run[-1].group().casefold() in SMALL_WORDS:
            run.pop()
        if run and lex.title(text[run[0].start() : run[-1].end()]):
            yield run[0].start(), run[-1].end()
        run = []


def opening_run(text: str, tags: list[Tag], lead: int | None) -> list[re.Match[str]]:
    """The untagged words that open a question, up to the first common word (small words inside
    kept, articles first too): "ted lasso season count", "the irishman runtime"."""
    run: list[re.Match[str]] = []
    for m in WORD.finditer(text[:lead]):
        w = re.sub(r"['’]", "", m.group().casefold())  # "what's" is "whats", a common word
        gap = text[run[-1].end() : m.start()] if run else text[: m.start()].strip(" \"'“‘(")
        if not free(tags, *m.span()) or (w in COMMON and w not in SMALL_WORDS):
            break
        if (run and NAME_JOIN.fullmatch(gap) is None) or (not run and gap):
            break
        run.append(m)
    while run and run[0].group().casefold() in SMALL_WORDS - {"the", "a", "an"}:
        run.pop(0)
    return run


def closing_run(text: str, tags: list[Tag], lead: int | None) -> tuple[int, int] | None:
    """The untagged words that close a question in lower case, where a title goes ("who
    directed the dark knight", "when was parasite added"): back from the end (or from a closing
    verb) over words that are not common, small words inside kept, up to a title's attribute
    ("the runtime of titanic"); None when none is left."""
    end = len(text[:lead].rstrip(" ?!.")) if lead is None else lead
    tail = _CLOSING.search(text[:end])
    end = tail.start() if tail else end
    toks = [m for m in WORD.finditer(text[:end]) if free(tags, *m.span())]
    run: list[re.Match[str]] = []
    for m in reversed(toks):
        w = m.group().casefold()
        gap = text[m.end() : run[0].start()] if run else text[m.end() : end]
        if NAME_JOIN.fullmatch(gap or " ") is None or (w in COMMON and w not in SMALL_WORDS):
            break
        if w in WORDS.title_attributes | WORDS.people_attributes:  # "the runtime of titanic":
            break  # the title is after it; "who is the comedian": a person, no title
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
