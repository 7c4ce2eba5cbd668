"""A person named among a description's words ("the filipino prison that went viral for the
michael jackson dance video", "where leonardo dicaprio plays a con man") is searched for among
their titles by the story's other words; when their titles hold none, the next round searches
every title by meaning without the filters (role `loose`), and the answer says the filters were
set aside. A person named outside the story keeps the search to their titles only."""

from __future__ import annotations

from agentic_rag.agent.rules.compiler import Compiler
from agentic_rag.agent.rules.spec import PersonRef, QuerySpec, TitleSet


def _steps(lexicon, about: str, name: str):
    spec = QuerySpec(
        op="search", about=about, text=about, titles=TitleSet(people=[PersonRef(name=name)])
    )
    return Compiler(lexicon).steps(spec, [], {"sql", "semantic"})


def test_a_name_in_the_story_has_a_loose_search_after_the_person_s_titles(lexicon):
    (alts,) = _steps(lexicon, "tom hanks is stuck in an airport", "Tom Hanks")
    assert [c.tool for c in alts] == ["sql", "semantic"]
    loose = alts[1].args
    assert alts[1].role == "loose" and loose["query"] == "tom hanks is stuck in an airport"
    assert all(loose.get(k) is None for k in ("type", "country", "genre", "year_from"))
    fts = alts[0].args["query"].casefold()
    assert '"airport"' in fts and '"hanks"' not in fts  # the person is the filter, not words


def test_a_name_outside_the_story_keeps_to_the_person_s_titles(lexicon):
    (alts,) = _steps(lexicon, "a man stuck in an airport", "Tom Hanks")
    assert [c.tool for c in alts] == ["sql"]
    assert "tom hanks" in alts[0].args["query"].casefold()
