"""Phrases that are part of several titles: "Barbie movies", "Power Rangers seasons", "lego
stuff". A run of untagged words, capitalised or not everyday English (lower-case runs only right
before a works noun such as "movies" or "stuff"), that is part of at least two catalog titles
means every title with those words in a row (`TitleSet.title_has`); one exact title is read by
the tagger's name pass first."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.tags import Tag, free
from agentic_rag.agent.rules.vocab import COMMON, WORD

PHRASE_WORDS = 4  # the longest run of words read as a phrase of many titles
_WORKS_NEXT = re.compile(
    r"\s+(?:movies|films|shows|series|seasons|titles|episodes|stuff|things|"
    r"content|specials)\b",
    re.I,
)


def phrase_tags(text: str, tags: list[Tag], lex: Lexicon) -> list[Tag]:
    """A phrase that is part of several titles ("Barbie movies", "Power Rangers seasons"):
    a run of untagged words, capitalised or not everyday English, means every title with
    those words in a row (one exact title is read by `_names` first)."""
    runs: list[list[re.Match[str]]] = []
    out: list[Tag] = []
    for m in WORD.finditer(text):
        w = m.group()
        low = re.split(r"['’]", w.casefold())[0]  # "what's", "who's": the common word
        ok = free(tags, *m.span()) and low not in COMMON and len(w) >= 2
        named = ok and (w[:1].isupper() or w.casefold() not in lex.everyday_words)
        if named and runs and runs[-1] and text[runs[-1][-1].end() : m.start()] == " ":
            runs[-1].append(m)
        elif named:
            runs.append([m])
        else:
            runs.append([])
    for i, r in enumerate(runs):  # "lego stuff": the words before the noun
        nouns = [j for j, m in enumerate(r) if _WORKS_NEXT.match(" " + m.group())]
        runs[i] = r[: nouns[0]] if nouns else r
    for run in (r for r in runs if 1 <= len(r) <= PHRASE_WORDS):
        start, end = run[0].start(), run[-1].end()
        raw = text[start:end]
        lower = not all(m.group()[:1].isupper() for m in run)
        if (
            (len(run) == 1 and (len(raw) < 3 or raw.casefold() in lex.everyday_words))
            or (lower and not _WORKS_NEXT.match(text, end))
            or (lex.title(raw) and not _WORKS_NEXT.match(text, end))
        ):
            continue  # lower-case words only right before "movies", "shows" ...
        if len(hits := lex.titles_with(raw)) >= 2:
            note = f"read '{raw}' as every title with it in its name ({len(hits)} titles)"
            out.append(Tag(kind="phrase", start=start, end=end, text=raw, value=raw, note=note))
    return out
