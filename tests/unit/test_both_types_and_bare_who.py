"""Both types named in one set ("korean films or shows", "movies and series") leave the type
open; a bare "who?" after a part that names people ("… where the director acted in it too?
who?") is that part, not a search of its own."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.sets import to_set


@pytest.mark.parametrize(
    "question",
    ["how many korean films or shows", "how many korean movies and series are there"],
)
def test_both_types_leave_the_type_open(reader, question):
    (spec,) = reader.read(question)
    assert spec.op == "count" and spec.titles.type is None
    assert spec.titles.countries == ["South Korea"]


def test_one_type_stays(reader):
    (spec,) = reader.read("how many korean shows")
    assert spec.titles.type == "TV Show"
    tags = reader.tagger.tag("korean movies")
    assert to_set(tags, "korean movies").type == "Movie"


@pytest.mark.parametrize(
    "question",
    [
        "any korean films or shows where the director acted in it too? who?",
        "korean movies where the director also starred. who are they?",
    ],
)
def test_a_bare_who_after_people_is_answered(reader, question):
    specs = reader.read(question)
    assert [s.op for s in specs] == ["auteur"]
    assert specs[0].titles.countries == ["South Korea"]


def test_a_who_with_its_own_ask_is_a_part(reader):
    specs = reader.read("korean movies where the director also starred. who directed okja?")
    assert len(specs) == 2
