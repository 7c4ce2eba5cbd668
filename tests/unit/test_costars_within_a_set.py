"""Co-workers of a person within a set of titles ("robert de niro costars in the 90s", "who did
shah rukh khan act with most in the 2000s", "al pacino co-stars in comedies": only the titles
of that decade or genre count, `costars(among=…)`), and the actors two people both
directed ("actors both rohit shetty and farah khan have directed", "actors in films by both X and
Y": `directed_pair`).
Phrasings written for this test; truths with pandas on data/netflix_titles.csv."""

from __future__ import annotations

from collections import Counter

import pytest

from agentic_rag.agent.rules import relations
from agentic_rag.agent.rules.costar_sql import costars
from tests.unit.sql_rows import cell_names, query_rows


@pytest.mark.parametrize(
    ("question", "person", "keep", "role"),
    [
        (
            "robert de niro costars in the 90s",
            "Robert De Niro",
            lambda r: 1990 <= int(r["release_year"]) <= 1999,
            None,
        ),
        (
            "who did shah rukh khan act with most in the 2000s",
            "Shah Rukh Khan",
            lambda r: 2000 <= int(r["release_year"]) <= 2009,
            "cast",
        ),
        (
            "al pacino co-stars in comedies",
            "Al Pacino",
            lambda r: {"Comedies", "TV Comedies"} & set(cell_names(r["listed_in"])),
            "cast",
        ),
        (
            "who has anurag kashyap worked with the most in tv shows",
            "Anurag Kashyap",
            lambda r: r["type"] == "TV Show",
            None,
        ),
    ],
)
def test_costars_count_only_the_titles_of_the_set(
    catalog_df, catalog_reader, csv_db, question, person, keep, role
):
    rows = [
        r
        for _, r in catalog_df.iterrows()
        if person in cell_names(r["cast"]) + cell_names(r["director"]) and keep(r)
    ]
    cols = ("cast",) if role == "cast" else ("cast", "director")
    truth = Counter(x for r in rows for x in {n for c in cols for n in cell_names(r[c])} - {person})
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars", question
    assert spec.role == role
    among = spec.titles.model_copy(update={"people": spec.titles.people[1:]})
    assert not among.is_empty()
    found = query_rows(csv_db, costars(person, spec.role, own=None, among=among))
    assert {r["name"]: r["shared"] for r in found} == dict(truth.most_common(30)) or (
        len(truth) > 30 and found[0]["shared"] == truth.most_common(1)[0][1]
    )


@pytest.mark.parametrize(
    ("question", "pair"),
    [
        ("actors both rohit shetty and farah khan have directed", ("Rohit Shetty", "Farah Khan")),
        (
            "actors that both steven spielberg and ron howard directed",
            ("Steven Spielberg", "Ron Howard"),
        ),
        (
            "which actresses were directed by both karan johar and zoya akhtar",
            ("Karan Johar", "Zoya Akhtar"),
        ),
        # "films by both X and Y": a film "by" a person is one they directed (`directed_pair`;
        # Imtiaz Ali acted in Anurag Kashyap's Black Friday: its cast is not "in films by both")
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
def test_actors_two_people_both_directed(catalog_df, catalog_reader, csv_db, question, pair):
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
