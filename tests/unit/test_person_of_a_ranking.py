""" "who has directed the most documentaries", then "how many did they direct": "they" is the
first person of the ranking (its rows name people by the role ranked: `director`, `actor`), as
after a part that answers with people's credits."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import compose
from agentic_rag.agent.rules.people_rows import person_name, ranks_people
from agentic_rag.agent.rules.spec import QuerySpec
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("who directed the most movies", "how many did they direct"),
        ("which director has the most titles", "what else has he made"),
        ("which actor is in the most movies", "and what has she been in"),
    ],
)
def test_a_pronoun_after_a_ranking_of_people_waits_for_its_first(lexicon, first, then):
    before = TurnSummary(first, first, "...", show_ids=[])
    specs = plan(lexicon, then, history=[before]).reading
    assert ranks_people(specs[0]) and specs[0].replayed
    assert specs[-1].ref == "person" and compose.waiting(specs[-1])
    column = "actor" if "actor" in first else "director"
    assert compose.fill(specs[-1], [{column: "Bong Joon Ho", "titles": 3}])
    assert [p.name for p in specs[-1].titles.people] == ["Bong Joon Ho"]


@pytest.mark.parametrize(
    ("row", "name"),
    [
        ({"name": "A", "role": "director"}, "A"),
        ({"director": "B", "titles": 4}, "B"),
        ({"actor": "C", "titles": 2}, "C"),
        ({"country": "India", "titles": 9}, None),
    ],
)
def test_person_name(row, name):
    assert person_name(row) == name


def test_a_ranking_of_countries_ranks_no_people():
    assert not ranks_people(QuerySpec(op="most", by="country"))
    assert ranks_people(QuerySpec(op="most", by="director"))
