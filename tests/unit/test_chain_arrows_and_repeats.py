"""A chain asked with an arrow ("A -> B", "A → B"), a hyphenated kind of link ("shortest
co-star chain") or a count of steps after the two ("A to B how many steps"), and the person
someone "keeps turning up with" (the top of their co-workers, `relation_words._MOST_WITH`).
Phrasings written for this test; truths with pandas on data/netflix_titles.csv."""

from __future__ import annotations

from collections import Counter

import pytest

from agentic_rag.agent.rules.costar_sql import costars
from tests.unit.sql_rows import cell_names, query_rows


@pytest.mark.parametrize(
    ("question", "people"),
    [
        ("shortest co-star chain idris elba -> kareena kapoor", ["Idris Elba", "Kareena Kapoor"]),
        ("keanu reeves → priyanka chopra", ["Keanu Reeves", "Priyanka Chopra"]),
        ("tom hanks => kevin bacon, fewest films", ["Tom Hanks", "Kevin Bacon"]),
        ("quickest actor-to-actor path between om puri and idris elba", ["Om Puri", "Idris Elba"]),
        ("keanu reeves to tom cruise how many steps", ["Keanu Reeves", "Tom Cruise"]),
        ("how many degrees between idris elba and om puri", ["Idris Elba", "Om Puri"]),
        ("will smith and amitabh bachchan, how many hops", ["Will Smith", "Amitabh Bachchan"]),
    ],
)
def test_an_arrow_or_a_hyphenated_link_asks_for_a_chain(catalog_reader, question, people):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "chain", question
    assert [p.name for p in spec.titles.people] == people


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("who does adam sandler keep working with", "Adam Sandler"),
        ("which actor keeps popping up with shah rukh khan", "Shah Rukh Khan"),
        ("who shows up again and again alongside ryan reynolds", "Ryan Reynolds"),
        ("jim carrey keeps turning up with which person", "Jim Carrey"),
    ],
)
def test_someone_a_person_keeps_turning_up_with_is_their_top_coworker(
    catalog_df, catalog_reader, csv_db, question, person
):
    rows = catalog_df[
        (catalog_df["cast"] + ", " + catalog_df["director"]).map(lambda v: person in cell_names(v))
    ]
    counts = Counter(
        x for _, r in rows.iterrows() for x in {*cell_names(r["cast"]), *cell_names(r["director"])}
    )
    del counts[person]
    best = max(counts.values())
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars", question
    assert spec.titles.people[0].name == person
    found = query_rows(csv_db, costars(person, spec.role))
    top = found[0]["shared"]
    assert top == best
    assert {r["name"] for r in found if r["shared"] == top} == {
        n for n, c in counts.items() if c == best
    }


def test_titles_of_two_people_counted_are_no_chain(catalog_reader):
    (spec,) = catalog_reader.read("movies with keanu reeves and tom cruise how many")
    assert spec.op == "count"
