"""Who a person worked with most, asked as a phone types it: "been in the most stuff with X"
(`relation_words._WITH`), "who did X cast the most" / "actors X uses most often" (a director's
usual actors: the ranking counts only X's own films, `relation_words.casting`), and a ranking
of the actors of one person's titles leaves that person out ("which actor is in the most X
movies": not X). Phrasings written for this test; truths with pandas on
data/netflix_titles.csv."""

from __future__ import annotations

from collections import Counter

import pytest

from agentic_rag.agent.rules import compile_sql as q
from agentic_rag.agent.rules.costar_sql import costars
from tests.unit.sql_rows import cell_names, query_rows


def _top(counts: Counter[str]) -> set[str]:
    best = max(counts.values())
    return {n for n, c in counts.items() if c == best}


def _cast_of(catalog_df, person: str, role: str) -> Counter[str]:
    """How many of `person`'s titles (in `role`) each other actor is in."""
    rows = catalog_df[catalog_df[role].map(lambda v: person in cell_names(v))]
    return Counter(a for v in rows["cast"] for a in cell_names(v) if a != person)


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("who did johnnie to cast the most", "Johnnie To"),
        ("which actors does omoni oboli use most often", "Omoni Oboli"),
        ("which actor has kunle afolayan hired the most", "Kunle Afolayan"),
    ],
)
def test_who_a_director_casts_most_counts_their_own_films(
    catalog_df, catalog_reader, csv_db, question, person
):
    truth = _top(_cast_of(catalog_df, person, "director"))
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars", question
    assert [(p.name, p.role) for p in spec.titles.people] == [(person, "director")]
    assert spec.role == "cast"
    rows = query_rows(csv_db, costars(person, spec.role, own="director"))
    best = rows[0]["shared"]
    assert {r["name"] for r in rows if r["shared"] == best} == truth, question


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("which actor has laurence fishburne been in the most stuff with", "Laurence Fishburne"),
        ("who has danny trejo been in the most films w/ ", "Danny Trejo"),
        ("who does molly shannon work with most", "Molly Shannon"),
    ],
)
def test_most_stuff_with_someone_ranks_their_co_workers(catalog_reader, question, person):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars", question
    assert [p.name for p in spec.titles.people] == [person]
    assert spec.titles.people[0].role != "director"  # not a casting question


@pytest.mark.parametrize(
    ("question", "person", "role"),
    [
        ("which actor is in the most laurence fishburne movies", "Laurence Fishburne", "cast"),
        ("which actor did clint eastwood direct the most", "Clint Eastwood", "director"),
        ("what actor appears in the most kristen stewart films", "Kristen Stewart", "cast"),
    ],
)
def test_a_ranking_of_one_persons_actors_leaves_that_person_out(
    catalog_df, catalog_reader, csv_db, question, person, role
):
    truth = _top(_cast_of(catalog_df, person, role))
    (spec,) = catalog_reader.read(question)
    assert spec.op == "most" and spec.by == "cast", question
    rows = query_rows(csv_db, q.group(spec))
    best = rows[0]["titles"]
    assert person not in {r["actor"] for r in rows}
    assert {r["actor"] for r in rows if r["titles"] == best} == truth, question
