"""Phrases that are part of several titles: "Barbie movies", "power rangers seasons", "star trek
shows", "kung fu panda stuff". Up to PHRASE_WORDS words in a row that are part of at least two
catalog titles, inside longer titles too ("DreamWorks Kung Fu Panda Awesome Secrets", "Star
Trek: Deep Space Nine"), mean every title with those words in a row (`TitleSet.title_has`).

Evidence that the words name something: typed capitalised, or in lower case right before a works
noun ("movies", "stuff") when the catalog reads them as a name (`Lexicon.proper`: "star trek"
is capitalised in the descriptions, "high school" is not). A phrase that is also one title's
whole name is that title ("Kung Fu Panda", read by the tagger's name pass) unless a works noun
for many titles follows it ("Kung Fu Panda movies", "Star Trek series"); the parts of one title
("Narcos seasons") keep the title.
"""

from __future__ import annotations

import re
from itertools import pairwise

from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import COMMON, WORD

PHRASE_WORDS = 4  # the longest run of words read as a phrase of many titles
_WORKS_NEXT = re.compile(
    r"\s+(?:(movies|films|shows|series|titles|stuff|things|content|specials|franchise|"
    r"cartoons|installments|sequels)|seasons|episodes)\b",
    re.I,
)


def phrase_tags(text: str, tags: list[Tag], lex: Lexicon) -> list[Tag]:
    """Every phrase of several titles in `text`, longest first; it may replace a title tag
    over the same words (returned tags say which: the caller drops tags they cover)."""
    toks = list(WORD.finditer(text))
    out: list[Tag] = []
    i = 0
    while i < len(toks):
        for n in range(min(PHRASE_WORDS, len(toks) - i), 0, -1):
            if tag := _phrase(text, toks[i : i + n], tags, lex):
                out.append(tag)
                i += n
                break
        else:
            i += 1
    return out


def _phrase(text: str, gram: list[re.Match[str]], tags: list[Tag], lex: Lexicon) -> Tag | None:
    start, end = gram[0].start(), gram[-1].end()
    if any(text[a.end() : b.start()] not in (" ", "-") for a, b in pairwise(gram)):
        return None
    over = [t for t in tags if t.start < end and start < t.end]
    title = over[0] if len(over) == 1 and over[0].kind == "title" else None
    if over and not (title and (title.start, title.end) == (start, end)):
        return None  # words another entity owns (a genre, a person, part of a title)
    raw = text[start:end]
    words = [re.split(r"['’]", g.group().casefold())[0] for g in gram]  # "what's": "what"
    if all(w in COMMON for w in words) or (n := lex.in_titles(raw)) < 2:
        return None
    if len(words) == 1 and (len(raw) < 3 or words[0] in lex.everyday_words):
        return None
    lower, capital = lex.cased(raw)
    if (words[0] in COMMON or words[-1] in COMMON) and not capital > lower:
        return None  # "the barbie", "any lego": the phrase starts at the name
    works = _WORKS_NEXT.match(text, end)
    typed = all(g.group()[:1].isupper() for g in gram if len(g.group()) > 3 or len(gram) == 1)
    if not typed and not (works and lex.proper(raw)):
        return None  # lower-case words only right before "movies", "shows" ...
    if (title or lex.title(raw)) and not (works and works.group(1)):
        return None  # one title named exactly; "Narcos seasons": that title's seasons
    note = f"read '{raw}' as every title with it in its name ({n} titles)"
    return Tag(kind="phrase", start=start, end=end, text=raw, value=raw, note=note)
