"""A superlative said as a comparison with everyone else ("who has X worked with more than anyone
else", "which country has more titles than any other", "who directed more documentaries than
anybody") is the most (`reworded`, `words.yaml` `all_others`): a ranking, its leader the CSV's.
Wordings written for this test; truths with pandas on data/netflix_titles.csv."""

from __future__ import annotations

from collections import Counter

import pytest

from agentic_rag.agent.rules.costar_sql import costars
from agentic_rag.agent.rules.reworded import reworded
from tests.unit.reading_sure import sure
from tests.unit.sql_rows import query_rows
from tests.unit.test_offline_planner import plan, rows


def _names(v: str) -> set[str]:
    return {x.strip() for x in v.split(",") if x.strip()}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("who has X worked with more than anyone else", "who has X worked with the most"),
        ("which country has more titles than any other?", "which country has the most titles?"),
        ("who made more documentaries than anybody", "who made the most documentaries"),
        ("which genre has more shows than any other genre", "which genre has the most shows"),
    ],
)
def test_more_than_everyone_else_is_the_most(text, said):
    out, notes = reworded(text)
    assert out == said and notes


@pytest.mark.parametrize("text", ["are there more movies than shows", "more than 5 seasons"])
def test_a_comparison_of_two_is_left_as_it_is(text):
    assert reworded(text) == (text, [])


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("who has paresh rawal worked with more than anyone else", "Paresh Rawal"),
        ("who does anupam kher work with more often than anybody else", "Anupam Kher"),
        ("who has nawazuddin siddiqui worked alongside more than anybody", "Nawazuddin Siddiqui"),
    ],
)
def test_a_person_worked_with_more_than_anyone_else_is_their_top_co_worker(
    catalog_df, catalog_reader, csv_db, question, person
):
    shared: Counter[str] = Counter()
    for r in catalog_df.itertuples():
        people = _names(r.director) | _names(r.cast)
        if person in people:
            shared.update(people - {person})
    best = max(shared.values())
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars" and spec.limit == 1, spec
    assert [p.name for p in spec.titles.people] == [person]
    got = query_rows(csv_db, costars(person, spec.role, own=spec.titles.people[0].role))
    assert {r["name"] for r in got if r["shared"] == best} == {
        n for n, c in shared.items() if c == best
    }
    assert sure(catalog_reader, question) >= 0.8


def test_a_group_with_more_titles_than_any_other_leads_the_ranking(
    catalog_df, catalog_reader, real_db
):
    question = "which country has more titles than any other"
    counts = Counter(c for v in catalog_df["country"] for c in _names(v))
    (spec,) = catalog_reader.read(question)
    assert (spec.op, spec.by) == ("most", "country")
    assert rows(real_db, plan(catalog_reader.lex, question))[0][0] == counts.most_common(1)[0][0]
    assert sure(catalog_reader, question) >= 0.8
