"""The catalog names of the titles a people part holds only by id: a follow-up's "it" is the
title the turn before answered with ("longest stand-up special from 2020", then "who directed
it"), known by its id; with its name the reading and the answer can say it ("The catalog records
no directors for X", `empty.nobody`), as for a title named in the question."""

from __future__ import annotations

from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.per_lexicon import once
from agentic_rag.agent.rules.spec import QuerySpec

_BUILT: dict[int, tuple[object, dict[str, str]]] = {}
#: one title, the "it" of the follow-up ("who directed them" after a set keeps its ids only)
_NAMED = 1


def named_ids(specs: list[QuerySpec], lex: Lexicon) -> list[QuerySpec]:
    """`specs` with the name of the one title a people part holds only by id."""
    names = once(_BUILT, lex, lambda: {i.show_id: t for t, i in lex.shows.items()})
    for s in specs:
        ids = s.titles.show_ids
        few = bool(ids) and len(ids) <= _NAMED and all(i in names for i in ids)
        if s.op == "people" and few and not s.titles.titles:
            s.titles.titles = [names[i] for i in ids]
    return specs
