"""A turn after "who has X worked with most" that asks what "they" made "together" ("what did
they make together", "which ones were they both in", "how many titles with him"): the titles of
the partner found AND of X, not all of the partner's; a tie for first makes "they" unsure
(`partners.joined`). Phrasings written for this test; truths with pandas on
data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql as q
from agentic_rag.agent.rules import partners
from agentic_rag.agent.rules.costar_sql import costars
from agentic_rag.agent.rules.spec import PersonRef, QuerySpec, TitleSet
from tests.unit.sql_rows import cell_names, query_rows


def _shared(catalog_df, a: str, b: str) -> int:
    both = [
        {a, b} <= set(cell_names(d) + cell_names(c))
        for d, c in zip(catalog_df["director"], catalog_df["cast"], strict=True)
    ]
    return sum(both)


def _turn(catalog_reader, csv_db, ranking_question: str, text: str):
    (ranking,) = catalog_reader.read(ranking_question)
    assert ranking.op == "costars", ranking_question
    rows = query_rows(csv_db, costars(ranking.titles.people[0].name, ranking.role))
    spec = QuerySpec(op="list", ref="person", text=text, needs_results=True)
    spec.titles = TitleSet(people=[PersonRef(name=rows[0]["name"])])
    partners.joined(ranking, spec, rows)
    return ranking, spec, rows


@pytest.mark.parametrize(
    ("ranking_question", "text"),
    [
        ("who has ron howard worked with most", "what did they make together"),
        ("quentin tarantino's most frequent collaborator", "which ones were they both in"),
        ("who does ramsey nouah work with the most", "how many titles with him"),
    ],
)
def test_together_asks_for_the_titles_of_both(
    catalog_df, catalog_reader, csv_db, ranking_question, text
):
    ranking, spec, rows = _turn(catalog_reader, csv_db, ranking_question, text)
    subject, partner = ranking.titles.people[0].name, rows[0]["name"]
    assert [p.name for p in spec.titles.people] == [partner, subject]
    assert not spec.crowded  # one person first: no tie
    (got,) = query_rows(csv_db, q.count(spec.titles))
    assert got["titles"] == _shared(catalog_df, partner, subject) == rows[0]["shared"]


def test_a_tie_for_first_makes_they_unsure(catalog_reader, csv_db):
    _, spec, rows = _turn(
        catalog_reader,
        csv_db,
        "who has mike flanagan worked with most",
        "what did they make together",
    )
    assert rows[1]["shared"] == rows[0]["shared"]  # the CSV has a tie first (five people)
    assert spec.crowded


def test_without_together_the_partner_alone(catalog_reader, csv_db):
    _, spec, rows = _turn(
        catalog_reader, csv_db, "who has ron howard worked with most", "what else has he been in"
    )
    assert [p.name for p in spec.titles.people] == [rows[0]["name"]]
