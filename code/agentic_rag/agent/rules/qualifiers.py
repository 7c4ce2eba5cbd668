"""The country a title's qualifier and a gloss name: "Shameless (U.S.)" is "the american one",
"The Office (U.S.)" is not "the british one". The nationality words are the tagger's own
(`nationalities.nationality_words` over `words.yaml` demonyms), built once per lexicon."""

from __future__ import annotations

import re

from agentic_rag.agent.rules import vocab
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.nationalities import nationality_words
from agentic_rag.agent.rules.per_lexicon import once

_BUILT: dict[int, tuple[object, list[tuple[re.Pattern[str], str]]]] = {}


def _cues(lex: Lexicon) -> list[tuple[re.Pattern[str], str]]:
    def build() -> list[tuple[re.Pattern[str], str]]:
        words = nationality_words(vocab.DEMONYMS, lex.countries)
        return [(re.compile(rf"(?<![\w.])(?:{c})(?![\w])", re.I), n) for c, n in words.items()]

    return once(_BUILT, lex, build)


def countries(words: str, lex: Lexicon) -> set[str]:
    """The catalog countries the words name by a nationality word or a country's short name
    ("american", "u.s.", "the uk one")."""
    return {country for cue, country in _cues(lex) if cue.search(words)}
