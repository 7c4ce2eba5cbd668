"""'What did the director of X make besides that': the people of X as a part of their own, the
part asking for their other titles referring to that person. A lower-case title right after
"the director of" is a title's name even as one English word ("parasite"), and its span stops at
the verb after it; a title the catalog lacks is on the people part (its answer says so); the
part that refers to the person is not read as a part with no subject, and its example gap is
measured with the person as a placeholder."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.slots import closing_run
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("what did the director of parasite make besides that", "parasite"),
        ("when was zorblax released in the us", "zorblax"),
        ("what else did the director of okja make", "okja"),
    ],
)
def test_a_closing_title_stops_at_the_verb_after_it(question, title):
    span = closing_run(question, [], None)
    assert span is not None and question[span[0] : span[1]] == title


@pytest.mark.parametrize(
    "question",
    [
        "what did the director of okja make besides that",
        "what else did the director of okja make",
        "what did the director of okja make apart from that",
    ],
)
def test_what_else_did_the_director_of_x_make(lexicon, question):
    people, rest = plan(lexicon, question).reading
    assert people.op == "people" and people.titles.titles == ["Okja"]
    assert rest.op == "list" and rest.ref == "person" and rest.role == "director"
    assert rest.titles.titles == []


def test_an_absent_title_is_on_the_people_part(lexicon):
    people, rest = plan(lexicon, "what did the director of parasite make besides that").reading
    assert [a.name for a in people.absent] == ["Parasite"]
    assert not rest.absent and rest.ref == "person"


def test_a_part_referring_to_a_person_is_not_bare(lexicon, reader):
    question = "what else did the director of okja make"
    feats, _ = confidence.features(reader, question, plan(lexicon, question).reading, "")
    assert feats["bare"] == 0.0
    assert feats["example_gap"] < 0.1  # "what else did {person} make" is a listing
