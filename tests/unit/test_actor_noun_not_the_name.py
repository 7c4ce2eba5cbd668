""" "Which actor worked with X the most": the noun "actor" asks for the partners' role, it does
not say X acted (X may be a director who appeared once, in a documentary). The ranking counts
the titles X worked on in any role. Phrasings written for this test; truths with pandas on
data/netflix_titles.csv (Martin Scorsese: Robert De Niro 5; Steven Spielberg: Harrison Ford 4;
Spike Lee and Ron Howard: their most frequent actors)."""

from __future__ import annotations

from collections import Counter

import pytest

from agentic_rag.agent.rules.costar_sql import costars
from tests.unit.sql_rows import cell_names, query_rows


def _top(catalog_df, person: str) -> set[str]:
    mine = catalog_df.apply(
        lambda r: person in cell_names(r["director"]) or person in cell_names(r["cast"]), axis=1
    )
    counts = Counter(a for v in catalog_df[mine]["cast"] for a in cell_names(v) if a != person)
    best = max(counts.values())
    return {n for n, c in counts.items() if c == best}


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("which actor worked with martin scorsese the most", "Martin Scorsese"),
        ("what actor has worked with steven spielberg most often", "Steven Spielberg"),
        ("the actor who collaborated the most with spike lee?", "Spike Lee"),
        ("which actors worked with ron howard the most", "Ron Howard"),
    ],
)
def test_actor_noun_leaves_the_named_persons_role_open(
    catalog_df, catalog_reader, csv_db, question, person
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars", question
    assert [(p.name, p.role) for p in spec.titles.people] == [(person, None)], question
    assert spec.role == "cast"
    rows = query_rows(csv_db, costars(person, spec.role, own=None))
    best = rows[0]["shared"]
    assert {r["name"] for r in rows if r["shared"] == best} == _top(catalog_df, person)


def test_an_actor_named_as_one_keeps_the_role(catalog_reader):
    """ "movies where actor X played with …": the role word stands beside the name."""
    (spec,) = catalog_reader.read("who has the actor adam sandler worked with the most")
    assert [(p.name, p.role) for p in spec.titles.people] == [("Adam Sandler", "cast")]
