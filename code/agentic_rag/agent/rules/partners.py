"""A part that refers to the person a co-worker ranking found ("who has X worked with most",
then "what did they make together"): "together", "with him", "both of them" ask for the titles
the two share, so the ranking's own person joins the one it found (the titles with both, not
all of the partner's); and when several people tie first, "they" is none of them in particular:
read as the first listed, noted, and unsure (`QuerySpec.crowded`)."""

from __future__ import annotations

import re
from typing import Any

from agentic_rag.agent.rules.sentences import leaders
from agentic_rag.agent.rules.spec import PersonRef, QuerySpec

_I = re.IGNORECASE
#: the words of titles shared with the ranking's person: "together", "with him", "both of them"
TOGETHER = re.compile(
    r"\btogether\b|\bwith\s+(?:him|her|them|each\s+other|one\s+another|the\s+(?:two|pair))\b|"
    r"\bboth\s+(?:of\s+them|in|were|are|made|did)\b|\bin\s+common\b|\bjoint(?:ly)?\b|"
    r"\b(?:shared|share)\b|\bthe\s+two\s+of\s+them\b",
    _I,
)


def _tied_first(rows: list[dict[str, Any]]) -> int:
    """How many people of a co-worker ranking's rows share its first place (the leaders the
    answer's lead names, `sentences.leaders`)."""
    people = [r for r in rows if r.get("name")]
    if not people or people[0].get("shared") is None:
        return 0
    return len(leaders(people, "shared", None)[0])


def joined(ranking: QuerySpec, spec: QuerySpec, rows: list[dict[str, Any]]) -> None:
    """`spec` (filled with the first person of `ranking`'s rows) read with that ranking: its
    person added when the titles asked are the two's together, crowded when a tie is first."""
    if ranking.op != "costars" or spec.ref != "person" or not spec.titles.people:
        return
    subject = ranking.titles.people[:1]
    found = spec.titles.people[0].name
    named = {p.name for p in spec.titles.people}
    if subject and TOGETHER.search(spec.text) and subject[0].name not in named:
        spec.titles.people = [*spec.titles.people, PersonRef(name=subject[0].name)]
    if (tied := _tied_first(rows)) > 1 and not spec.crowded:
        spec.crowded = True
        spec.notes.append(
            f"'{found}' is one of {tied} people tied first before, read as the first listed "
            "(name one to ask about them alone)"
        )
