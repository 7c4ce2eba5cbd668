"""A reference with nothing to refer to: "which of them is longer", "who is in it", "what else
did he direct", "anything by the same director" asked as a whole question, with no earlier
part and no earlier turn. Read on its own such a part runs over the whole catalog and would
answer sure of itself; its reference words are kept on the spec (`QuerySpec.unresolved`) and
count as meaning words the reading could not use, so the answer asks back instead.

Only a reference that opens the part counts (no titles noun and at most `NEAR` content words
before it): later in a part it refers to what the part itself said before it ("two old friends
go on a hunting trip and it all goes wrong", "who directed a korean title and acted in it")."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.compose import PERSON_REF, REFERENCE, SAME, SINGULAR, WORKS
from agentic_rag.agent.rules.shares import SHARE_OF_IT
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.vocab import COMMON, WORD

#: content words a reference may follow and still open the part ("what else did he direct",
#: "anything else by them")
NEAR = 2


def mark(spec: QuerySpec, lead: int | None) -> None:
    """Keep the reference words of `spec`, the question's first part with no turn before it:
    the references that made it wait on an earlier result ("it", "them", "which one"), a
    person ("he", "her") named before any description lead, and the same people ("the same
    director"), when the part names no title, phrase of titles or person of its own."""
    t = spec.titles
    if t.titles or t.people or t.show_ids or t.title_has:  # "lord of the rings … which ones"
        return
    head = spec.text[:lead] if lead is not None else spec.text
    #: a ranking of the groups of a subject the part names: "spain - the 4 genres it has the
    #: most titles in" ("it": the country named before it, as in "the genres spain has …")
    own = spec.op == "most" and bool(t.countries or t.genres or t.ratings)
    back: tuple[re.Pattern[str], ...] = (
        (SINGULAR, REFERENCE) if spec.needs_results and not own else ()
    )
    found = [m for p in (*back, PERSON_REF) for m in p.finditer(head)]
    found += list(SAME.finditer(spec.text))
    words = [
        m.group().casefold() for m in sorted(found, key=lambda m: m.start()) if _near(spec.text, m)
    ]
    if spec.op == "share" and (it := SHARE_OF_IT.search(spec.text)):  # "what % is that of …"
        words.append(re.findall(r"\b(?:that|this|it|those|these|they)\b", it.group(), re.I)[0])
    spec.unresolved = list(dict.fromkeys(words))


def _near(text: str, m: re.Match[str]) -> bool:
    """Whether the reference opens the part: no titles noun and at most `NEAR` content words
    before it."""
    before = text[: m.start()]
    content = sum(w.casefold() not in COMMON for w in WORD.findall(before))
    return content <= NEAR and not WORKS.search(before)
