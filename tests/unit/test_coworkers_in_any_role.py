"""The person someone shares the most titles with in any role, asked with words of every role
("who shows up with X most often in credits", "X's most common co-star or director", "actor
or director X worked with most"): the ranking counts cast and director credits on both sides,
not the cast only (a verb such as "shows up with X" makes X no actor here). Phrasings written
for this test; truths with pandas on data/netflix_titles.csv (each title counted once)."""

from __future__ import annotations

from collections import Counter

import pytest

from agentic_rag.agent.rules.costar_sql import costars
from tests.unit.sql_rows import cell_names, query_rows


def _top(catalog_df, person: str) -> tuple[str, int]:
    """The one person sharing the most titles with `person`, either of them in any role."""
    credits = [
        set(cell_names(d) + cell_names(c))
        for d, c in zip(catalog_df["director"], catalog_df["cast"], strict=True)
    ]
    counts = Counter(x for names in credits if person in names for x in names if x != person)
    (name, n), (_, second) = counts.most_common(2)
    assert n > second  # one top person, no tie
    return name, n


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("who shows up with karan johar most often in credits", "Karan Johar"),
        ("tinnu anand most common costar or director he shares titles with", "Tinnu Anand"),
        ("farhan akhtar - most frequent actor or director he's worked with?", "Farhan Akhtar"),
        ("who shares the most credits with ramsey nouah", "Ramsey Nouah"),
        ("ron howard: who's credited alongside him most often", "Ron Howard"),
        ("anyone in any role who appears with quentin tarantino the most", "Quentin Tarantino"),
    ],
)
def test_a_coworker_in_any_role_counts_every_credit(
    catalog_df, catalog_reader, csv_db, question, person
):
    name, n = _top(catalog_df, person)
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars", question
    assert [(p.name, p.role) for p in spec.titles.people] == [(person, None)], question
    assert spec.role is None, question
    rows = query_rows(csv_db, costars(person, spec.role, own=spec.titles.people[0].role))
    assert (rows[0]["name"], rows[0]["shared"]) == (name, n), question
    assert rows[1]["shared"] < n, question
