"""A phrase put in the titles' names: "movies with christmas in the title", "titles containing
the word love", "shows named something with dragon", "titles with her name in it" (`TitleSet.
title_has`); the wording is `title_words` of `words.yaml`."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.own_name import OWN_NAME
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import COMMON, WORD, alternation
from agentic_rag.agent.rules.words import WORDS

_TW = WORDS.title_words
_NOUNS, _VERBS, _NAMED = alternation(_TW.nouns), alternation(_TW.verbs), alternation(_TW.named)
_WORD_OF = r"(?:the\s+|a\s+)?(?:words?|phrase|term)\s+"
_X = r"['\"“‘]?(?P<{0}>[\w’'-]+(?:\s+[\w’'-]+){{0,3}}?)['\"”’]?"
_ENDS = (
    r"(?=\s*(?:[?.!,;]|$)|\s+(?:in\s+(?:it|them|the)|and|or|from|on|in|released|added|made|"
    r"since|before|after|that|which|are|is|were|was)\b)"
)
#: "have christmas in the title"; "titles containing the word love", "whose name has war in it";
#: "called something with dragon": a phrase of the titles' names (`TitleSet.title_has`). Titles
#: that "feature", "have" or "are with" X without "the word" name a person ("titles featuring
#: Al Pacino"): only a title's own name as the subject ("whose title contains") does without;
#: someone's own name "in it" is in the titles' names ("titles with her name in it").
_TITLED = re.compile(
    rf"\b(?:{_VERBS})\s+(?:{_WORD_OF})?{_X.format('a')}\s+in\s+(?:the|their|its|it'?s|a|his|her)\s+"
    rf"(?:{_NOUNS})\b|"
    rf"\b(?:(?:whose|the|its|their)\s+(?:{_NOUNS})\s+(?:{_VERBS})\s+(?:{_WORD_OF})?|"
    rf"(?:{_NOUNS})\s+(?:that\s+|which\s+)?(?:{_VERBS})\s+{_WORD_OF})"
    rf"{_X.format('b')}(?:\s+in\s+(?:it|them))?{_ENDS}|"
    rf"\b(?:{_NAMED})\s+(?:something|anything)\s+(?:with\s+)?(?:{_WORD_OF})?{_X.format('c')}"
    rf"(?:\s+in\s+(?:it|them))?{_ENDS}|"
    rf"\b(?:{_VERBS})\s+(?P<d>(?:his|her|their|[\w'-]+(?:\s+[\w'-]+){{0,3}}?['’]s)\s+(?:own\s+)?"
    r"names?)\s+in\s+(?:it|them)\b",
    re.I,
)


#: a name said before the naming word: "all the dreamworks titled stuff", "barbie-named movies"
_NAMED_BEFORE = re.compile(
    rf"(?P<e>(?:[\w'’&]+\s+){{0,3}}[\w'’&]+)(?:\s+|\s*-\s*)(?:{_NAMED})"
    rf"(?=\s+(?:stuff|things|ones|{alternation(WORDS.works_nouns)})\b)",
    re.I,
)
#: someone's name said as theirs ("iliza shlesinger's name", "his own name")
_OWNER = re.compile(r"(.+?)['’]s\s+(?:own\s+)?names?", re.I)
_EMPTY = {*WORDS.small_words, "it", "them", "this", "that", "any", "some", "something", "anything"}


def _name_before(words: list[re.Match[str]], lex: Lexicon) -> list[re.Match[str]]:
    """The words before a naming word that are the name: the longest last run of them some
    titles hold ("star wars"; "how many barbie": barbie), else those after the asking words."""
    for i in range(len(words)):
        run = " ".join(w.group() for w in words[i:])
        if words[i].group().casefold() not in _EMPTY and lex.in_titles(run):
            return words[i:]
    while words and words[0].group().casefold() in COMMON:
        words = words[1:]  # "all the": the asking words before the name
    return words


def titled_tags(text: str, lex: Lexicon) -> list[Tag]:
    """The phrases a question puts in the titles' names, each over its whole wording (the
    wording is what the tag means: words of a title's name)."""
    out = []
    for m in _TITLED.finditer(text):
        group = next(g for g in "abcd" if m.group(g))
        raw = m.group(group).strip(" '\"’")
        if (owner := _OWNER.fullmatch(raw)) and not OWN_NAME.match(raw):
            raw = owner.group(1)  # "with kevin hart's name in it": the words Kevin Hart
        if not raw or all(w.casefold() in _EMPTY for w in WORD.findall(raw)):
            continue
        note = f"read '{raw}' as words of the title"
        out.append(
            Tag(kind="phrase", start=m.start(), end=m.end(), text=m.group(), value=raw, note=note)
        )
    for m in _NAMED_BEFORE.finditer(text):
        if any(t.start < m.end() and m.start() < t.end for t in out):
            continue
        if run := _name_before(list(WORD.finditer(m.group("e"))), lex):
            start = m.start() + run[0].start()
            raw = text[start : m.start() + run[-1].end()]
            note = f"read '{raw}' as words of the title"
            out.append(
                Tag(
                    kind="phrase",
                    start=start,
                    end=m.end(),
                    text=text[start : m.end()],
                    value=raw,
                    note=note,
                )
            )
    return out
