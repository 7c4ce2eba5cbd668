"""Repeat partners: the people someone worked with "more than once", "multiple times", "in at
least 3 films together" (`costar_sql.repeat_bound`: a bound on the shared titles, all within it
listed, not the top one), and a name followed by a passive "has been directed by" is the one
directed (`vocab.role_at`): "the directors X has been directed by" never counts X's own films.
Phrasings written for this test; truths with pandas on data/netflix_titles.csv."""

from __future__ import annotations

from collections import Counter

import pytest

from agentic_rag.agent.rules.costar_sql import costars, repeat_bound
from tests.unit.sql_rows import cell_names, query_rows


@pytest.mark.parametrize(
    ("wording", "least"),
    [
        ("who did {person} work with more than once", 2),
        ("people {person} teamed up with multiple times", 2),
        ("actors in more than 2 films together with {person}", 3),
        ("who has {person} worked with in at least four {type}", 4),
        ("{person} collaborators, 3+ titles", 3),
        ("who has {person} worked with the most", None),
    ],
)
def test_the_bound_on_shared_titles(wording, least):
    assert repeat_bound(wording) == least


@pytest.mark.parametrize(
    ("question", "person", "least"),
    [
        ("who did nicolas cage work with more than once", "Nicolas Cage", 2),
        ("people adam sandler teamed up with multiple times", "Adam Sandler", 2),
        ("who has shah rukh khan worked with more than 4 times", "Shah Rukh Khan", 5),
    ],
)
def test_repeat_partners_are_all_within_the_bound(
    catalog_df, catalog_reader, csv_db, question, person, least
):
    rows = catalog_df[
        (catalog_df["cast"] + ", " + catalog_df["director"]).map(lambda v: person in cell_names(v))
    ]
    counts = Counter(
        x for _, r in rows.iterrows() for x in {*cell_names(r["cast"]), *cell_names(r["director"])}
    )
    del counts[person]
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars", question
    assert spec.group_min == least
    assert spec.limit is None
    found = query_rows(csv_db, costars(person, spec.role, least=spec.group_min))
    assert {r["name"]: r["shared"] for r in found} == {
        n: c for n, c in counts.items() if c >= least
    }


@pytest.mark.parametrize(
    "question",
    [
        "number of distinct directors tom hanks has been directed by",
        "list the directors meryl streep was directed by",
        "how many filmmakers has shah rukh khan been directed by",
    ],
)
def test_a_name_before_a_passive_directed_by_is_the_one_directed(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert all(p.role != "director" for p in spec.titles.people), question
