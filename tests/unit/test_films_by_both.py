"""The actors in "films by both X and Y": a film "by" a person is one they directed, so the
relation is the actors each of the two directed (`directed_pair`), not everyone who worked on
a title with each (Imtiaz Ali acted in Anurag Kashyap's Black Friday: its cast is not "in films
by both"). Phrasings written for this test; truths with pandas on data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import relations
from tests.unit.sql_rows import cell_names, query_rows


@pytest.mark.parametrize(
    ("question", "pair"),
    [
        (
            "which actors have been in films by both anurag kashyap and imtiaz ali",
            ("Anurag Kashyap", "Imtiaz Ali"),
        ),
        (
            "actors who were in movies by both martin scorsese and steven spielberg",
            ("Martin Scorsese", "Steven Spielberg"),
        ),
        (
            "any actress in movies made by both karan johar and zoya akhtar",
            ("Karan Johar", "Zoya Akhtar"),
        ),
    ],
)
def test_actors_in_films_by_both(catalog_df, catalog_reader, csv_db, question, pair):
    def acted_for(d: str) -> set[str]:
        rows = catalog_df[catalog_df["director"].map(lambda v: d in cell_names(v))]
        return {x for v in rows["cast"] for x in cell_names(v)}

    truth = acted_for(pair[0]) & acted_for(pair[1])
    (spec,) = catalog_reader.read(question)
    assert spec.op == "shared", question
    assert spec.role == "cast"
    assert [(p.name, p.role) for p in spec.titles.people] == [(n, "director") for n in pair]
    found = {r["name"] for r in query_rows(csv_db, relations.sql(spec, limit=100))}
    assert found == truth - set(pair)
    assert found, question  # each pair shares some actor
