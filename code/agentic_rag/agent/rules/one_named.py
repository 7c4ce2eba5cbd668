"""An earlier title picked by a word of its name: "how long is the pirates one" after a list of
Kenyan films, "who directed the kojo one" after the movies from Ghana. In a follow-up, "the <a
word or two> one" (or "movie", "show") whose words are in the name of exactly one title of the
latest answer listing any with them is that title: the phrase is replaced by its name before
reading, and a note says so. A place ("the 2nd one"), a ranking ("the longest one") and
`one_not_named` words ("the same one") pick no title by name; words in no listed title, or in
several, leave the text as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.shape import SUPERLATIVE
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
_ONE = re.compile(
    r"\bthe\s+(?P<words>[\w'’-]+(?:\s+[\w'’-]+)?)\s+(?:one|movie|film|show|series|doc)\b", _I
)
_RANKING = re.compile(rf"^(?:{SUPERLATIVE})$", _I)


def _named(words: list[str], titles: Sequence[str]) -> list[str]:
    """The titles whose names hold every one of `words` as whole words."""
    cues = [re.compile(rf"(?<!\w){re.escape(w)}(?!\w)", _I) for w in words]
    return [t for t in titles if all(c.search(t) for c in cues)]


def one_named(text: str, answers: Sequence[Sequence[str]], lex: Lexicon) -> tuple[str, list[str]]:
    """`text` with "the <words> one" replaced by the one title whose name holds those words, of
    the latest answer (show ids, the last first in `answers`) that listed any with them, and a
    note saying so; `text` itself otherwise."""
    if not (found := list(_ONE.finditer(text))):
        return text, []
    for m in found:
        words = m.group("words").casefold().split()
        if any(w in WORDS.one_not_named or w in WORDS.ordinals for w in words):
            continue
        if _RANKING.match(m.group("words")):
            continue
        for shown in answers:
            wanted = set(shown)
            hits = _named(words, [t for t, i in lex.shows.items() if i.show_id in wanted])
            if len(hits) == 1:
                note = f"read '{m.group()}' as {hits[0]}, of the titles listed before"
                return f"{text[: m.start()]}{hits[0]}{text[m.end() :]}", [note]
            if hits:  # several titles of that answer hold the words: no one of them
                break
    return text, []
