"""People who worked with both of two people across two titles: "who has been in a movie with
A and also one with B" (the second title said as "one", "another", "a show"), read as the shared
relation, with no word of the wording left unused."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence


@pytest.mark.parametrize(
    "question",
    [
        "who has been in a movie with tom hanks and also one with jordan peele",
        "anyone who acted with michael peña and another one with tom hanks",
        "who was in a film with jordan peele and a show with michael peña",
    ],
)
def test_shared_across_two_titles(reader, question):
    specs = reader.read(question)
    assert [s.op for s in specs] == ["shared"]
    assert len(specs[0].titles.people) == 2
    _, u = confidence.features(reader, question, specs, "")
    assert not u.unused, u.unused
