"""Who a person shows up with most: the verbs of being on screen with someone ("shows up with",
"turns up with", "has been in the most films alongside") make the costars relation and ask for
the cast; a person named first and asked about by a pronoun after a dash or colon ("tom hanks -
who shows up with him the most") is that person asked about in one go."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.topic import about_person, named_person


@pytest.mark.parametrize(
    "question",
    [
        "who shows up with tom hanks the most",
        "who turns up alongside michael peña most often",
        "who is in the most movies with tom hanks",
        "who has been in the most films alongside jordan peele",
        "tom hanks - who shows up with him the most",
        "Michael Peña — who pops up with him most often?",
    ],
)
def test_costar_wordings(reader, question):
    specs = reader.read(question)
    assert [s.op for s in specs] == ["costars"], [s.op for s in specs]
    (spec,) = specs
    assert spec.limit == 1 and spec.role == "cast" and len(spec.titles.people) == 1
    _, u = confidence.features(reader, question, specs, "")
    assert not u.unused, u.unused


def test_a_name_alone_is_a_topic(reader):
    tags = reader.tagger.tag("tom hanks")
    assert named_person("tom hanks", tags)
    assert not named_person("movies with tom hanks", reader.tagger.tag("movies with tom hanks"))
    assert about_person("Tom Hanks", "what did he direct", []) == "what did Tom Hanks direct"
    assert about_person("Tom Hanks", "list his movies", []) == "list Tom Hanks's movies"
    assert about_person("Tom Hanks", "list the movies", []) is None


def test_a_topic_then_a_pronoun_question_is_one_part(reader):
    (spec,) = reader.read("jordan peele: how many movies did he direct")
    assert spec.op == "count" and [p.name for p in spec.titles.people] == ["Jordan Peele"]
