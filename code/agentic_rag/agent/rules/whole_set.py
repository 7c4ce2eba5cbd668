"""A reading over the whole catalog (or one whole kind) that left a word unread.

"all the despicable me films pls" read as every movie, "the toy story movies you have" as every
movie: the words the reading left unused were all that narrowed the set (a title or franchise
the reader did not know), so listing or counting every title of a kind answers another
question. Such a reading is capped (`confidence.CAPPING`), never sure. So is a phrase of titles'
names read from a longer name the catalog lacks ("any pirates of the caribbean movies" read as
the titles with 'caribbean' in them): the unread word joined to it was the set's constraint too.
"""

from __future__ import annotations

import re

from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.words import WORDS

#: operations on a set of titles: one with no constraint in a question of several parts has
#: lost what its words referred to ("... and which one is the longest")
SET_OPS = frozenset({"count", "list", "top", "most", "average"})


def _whole(titles: TitleSet) -> bool:
    """No constraint but maybe a kind ("movies", "shows")."""
    return titles.model_copy(update={"type": None}).is_empty()


#: what a question naming a franchise asks of it: its titles, or how many
_NAMED_ASKS = frozenset({"count", "list"})


def lost_filter(specs: list[QuerySpec], unused: list[str]) -> bool:
    """Whether a question of one part counts or lists every title (of a kind) while it left
    content words unread: they were the set's constraint, lost ("the shortest film in the
    whole catalog" ranks the whole catalog: not this)."""
    return (
        bool(unused)
        and len(specs) == 1
        and any(
            s.op in _NAMED_ASKS
            and _whole(s.titles)
            and s.part is None
            and s.ref is None
            and not s.needs_results
            and not s.absent
            and not s.replayed
            for s in specs
        )
    )


#: the small words a name's words are joined by ("pirates of the caribbean", "lord of war")
_JOIN = r"(?:of|of\s+the|the|and|&|in|in\s+the|on|on\s+the|at|to|for)"


def cut_phrase(text: str, specs: list[QuerySpec], unused: list[str]) -> bool:
    """Whether a phrase of titles' names was read from a longer name: an unread word joined to
    it by a name's small words ("pirates of the caribbean": 'pirates', unread, before 'of the')."""
    kinds = WORDS.franchise_parts | set(WORDS.works_nouns)  # "versions of baahubali"
    left = {w.casefold() for w in unused} - kinds
    for phrase in (p for s in specs for p in s.titles.title_has):
        said = re.escape(phrase.casefold())
        for m in re.finditer(
            rf"\b(\w+)\s+{_JOIN}\s+{said}\b|\b{said}\s+{_JOIN}\s+(\w+)\b", text.casefold()
        ):
            if any(w in left for w in m.groups() if w):
                return True
    return False
