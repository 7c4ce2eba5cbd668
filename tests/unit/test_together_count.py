"""Two people asked how many titles they share ("how many movies did A and B do together", "how
many times did A work with B") is a count of the titles with both, in any role a loose verb
gives them; a person a loose verb ("made", "did") gives a role they hold no credit in is read
in any role, while a role said outright ("directed by") stays. Truths computed with pandas on
the catalog (exact matches on the comma-split director and cast lists)."""

from __future__ import annotations

import pytest


def _names(value: str) -> list[str]:
    return [x.strip() for x in value.split(",") if x.strip()]


def _with_both(df, a: str, b: str, kind: str | None) -> int:
    people = (df["director"] + "," + df["cast"]).map(_names)
    rows = df[people.map(lambda p: a in p and b in p)]
    return len(rows[rows["type"] == kind]) if kind else len(rows)


def _count(real_db, spec) -> int:
    from agentic_rag.agent.rules.compile_sql import conditions

    where = " AND ".join(conditions(spec.titles, "s")) or "1"
    return real_db.execute(f"SELECT count(*) FROM shows s WHERE {where}").fetchone()[0]


@pytest.mark.parametrize(
    ("question", "a", "b", "kind"),
    [
        (
            "how many times did reza rahadian work with hanung bramantyo",
            "Reza Rahadian",
            "Hanung Bramantyo",
            None,
        ),
        (
            "kathryn bernardo and daniel padilla movies together how many",
            "Kathryn Bernardo",
            "Daniel Padilla",
            "Movie",
        ),
        (
            "number of films youssef chahine n mahmoud el meleigy did together",
            "Youssef Chahine",
            "Mahmoud El Meleigy",
            "Movie",
        ),
        (
            "how many movies has joross gamboa made w cathy garcia-molina",
            "Joross Gamboa",
            "Cathy Garcia-Molina",
            "Movie",
        ),
    ],
)
def test_how_many_titles_two_people_share(
    catalog_df, catalog_reader, real_db, question, a, b, kind
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count"
    assert {p.name for p in spec.titles.people} == {a, b}
    assert _count(real_db, spec) == _with_both(catalog_df, a, b, kind) > 0


def test_a_role_said_outright_stays(catalog_df, catalog_reader):
    (spec,) = catalog_reader.read("movies directed by tom hanks")
    directors = catalog_df["director"].map(_names)
    assert not directors.map(lambda p: "Tom Hanks" in p).any()
    assert [(p.name, p.role) for p in spec.titles.people] == [("Tom Hanks", "director")]


@pytest.mark.parametrize(
    "question", ["what has joross gamboa made", "films made by joross gamboa in 2018"]
)
def test_a_loose_verb_gives_no_role_never_credited(catalog_df, catalog_reader, question):
    spec = catalog_reader.read(question)[0]
    directors = catalog_df["director"].map(_names)
    assert not directors.map(lambda p: "Joross Gamboa" in p).any()
    assert [(p.name, p.role) for p in spec.titles.people] == [("Joross Gamboa", None)]
