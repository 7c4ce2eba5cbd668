"""Graph relations as operations: who worked with both of two people, who directed and acted in
one title, the shortest chain of shared titles. Each compiles to Cypher that passes the guard
(and, where there is one, an SQL alternative that runs)."""

from __future__ import annotations

import pytest

from agentic_rag.tools.sql.guard import check_sql
from tests.unit.test_offline_planner import SQL_SCHEMA, plan


@pytest.mark.parametrize(
    ("question", "op"),
    [
        ("Which actors appeared with both Tom Hanks and Michael Peña?", "shared"),
        ("anyone who has worked with Martin Scorsese and Jordan Peele both?", "shared"),
        ("who starred alongside Tom Hanks and also Michael Pena in common", "shared"),
        ("which filmmakers directed and starred in the same film?", "auteur"),
        ("who acted in movies they directed themselves in India", "auteur"),
        ("How is Bong Joon Ho connected to Tom Hanks?", "chain"),
        ("degrees of separation between Jordan Peele and Martin Scorsese", "chain"),
    ],
)
def test_the_relation_is_read_from_the_wording(reader, question, op):
    (spec,) = reader.read(question)
    assert spec.op == op
    if op != "auteur":
        assert len(spec.titles.people) == 2


def test_auteur_keeps_the_set_it_is_asked_within(reader):
    (spec,) = reader.read("who directed and acted in the same movie in India?")
    assert spec.op == "auteur" and spec.titles.countries == ["India"]
    assert spec.titles.type == "Movie"


@pytest.mark.parametrize(
    "question",
    [
        "Which actors appeared with both Tom Hanks and Michael Peña?",
        "who directed and acted in the same movie in India?",
    ],
)
def test_relations_compile_to_guarded_cypher_with_an_sql_alternative(lexicon, db, question):
    p = plan(lexicon, question)  # checks every Cypher query against the guard
    assert p.calls[0].tool == "cypher"
    p2 = plan(lexicon, question, iteration=2, previous_plans=[p], results=[])
    sql = next(c for c in p2.calls if c.tool == "sql")
    db.execute(check_sql(sql.args["query"], schema=SQL_SCHEMA).sql).fetchall()


def test_a_chain_plans_one_query_per_length(lexicon):
    p = plan(lexicon, "How is Bong Joon Ho connected to Tom Hanks?")
    queries = [c.args["query"] for c in p.calls]
    assert len(queries) == 5 and all(c.tool == "cypher" for c in p.calls)
    assert [q.count(":Show)") for q in queries[:3]] == [1, 2, 3]  # fixed patterns
    assert "WITH DISTINCT" in queries[3]  # four titles: level by level
    assert "UNWIND" in queries[4] and "5 AS titles" in queries[4]  # five: met from both ends


@pytest.mark.parametrize(
    ("question", "op"),
    [
        ("who did Tom Hanks team up with most often", "costars"),
        ("who shows up most alongside Michael Peña", "costars"),
        ("link Tom Hanks to Jordan Peele", "chain"),
        ("titles from India where the director also stars", "auteur"),
        ("who acted with Tom Hanks and also with Michael Peña", "shared"),
    ],
)
def test_more_wordings_of_the_relations(reader, question, op):
    (spec,) = reader.read(question)
    assert spec.op == op


def test_titles_with_two_people_are_a_list_not_a_relation(reader):
    (spec,) = reader.read("movies with Tom Hanks and Michael Peña")
    assert spec.op == "list" and len(spec.titles.people) == 2
