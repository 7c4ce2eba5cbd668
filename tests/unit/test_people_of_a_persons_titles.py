"""Who directed (or starred in) the titles of a person: "who directed the movies molly shannon
was in" is the directors of that set (`subject.checked` keeps the people operation when a works
noun names the set; `Compiler` lists the set's people), not the list of her movies; the role
verb after the person ("starred in") is no title the catalog lacks (`slots._ROLE_RUN`). "who is X"
still lists X's titles. Phrasings written for this test; truths with pandas on
data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql as q
from agentic_rag.agent.rules.compiler import Compiler


def _names(v: str) -> list[str]:
    return [x.strip() for x in v.split(",") if x.strip()]


@pytest.mark.parametrize(
    ("question", "person", "kind"),
    [
        ("who directed the movies molly shannon was in", "Molly Shannon", "Movie"),
        ("who directed danny trejo's films", "Danny Trejo", "Movie"),
        ("who directed the films laurence fishburne starred in", "Laurence Fishburne", "Movie"),
        ("who directed the movies keanu reeves acted in", "Keanu Reeves", "Movie"),
    ],
)
def test_the_directors_of_a_persons_titles(
    catalog_df, catalog_reader, csv_db, question, person, kind
):
    rows = catalog_df[
        (catalog_df["type"] == kind) & catalog_df["cast"].map(lambda v: person in _names(v))
    ]
    truth = {d for v in rows["director"] for d in _names(v)}
    (spec,) = catalog_reader.read(question)
    assert spec.op == "people" and spec.role == "director", question
    assert [p.name for p in spec.titles.people] == [person]
    assert not spec.titles.titles and not spec.absent  # "starred in": no title of that name
    (step,) = Compiler(catalog_reader.lex).steps(spec, [], {"sql", "cypher"})
    assert step[0].args["query"] == q.people_of("director", spec.titles)
    got = {r[-2] for r in csv_db.execute(step[0].args["query"]).fetchall()}
    assert got == truth, question


def test_who_is_a_person_still_lists_their_titles(catalog_reader):
    (spec,) = catalog_reader.read("who is danny trejo")
    assert spec.op == "list"
