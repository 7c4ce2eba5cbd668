"""A bare narrowing follow-up ("only after 2018", "just the ones before 2000") after a relation
between people (who directed and acted in one title, who worked with both A and B, who X worked
with most) narrows the relation's titles and keeps the relation: it used to become a list of
the narrowed titles (every Nigerian movie since 2019, said at 0.999). Threads written for this
test; the people are computed with pandas on data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import relations


def _people(v: str) -> set[str]:
    return {x.strip() for x in v.split(",") if x.strip()}


def _follow(reader, first: str, then: str):
    (spec,) = reader.read(then, [TurnSummary(first, first, "...")])
    return spec


@pytest.mark.parametrize(
    ("first", "then", "country", "since"),
    [
        ("movies where the director also acts, from nigeria", "only after 2018", "Nigeria", 2019),
        ("indian films whose director is in the cast", "just the ones from 2020 on", "India", 2020),
        ("turkish movies the director starred in", "only since 2010", "Turkey", 2010),
    ],
)
def test_a_narrowed_auteur_stays_an_auteur(
    catalog_df, catalog_reader, csv_db, first, then, country, since
):
    rows = catalog_df[
        catalog_df["country"].str.contains(country)
        & (catalog_df["type"] == "Movie")
        & (catalog_df["release_year"].astype(int) >= since)
    ]
    truth = {
        p
        for d, c in zip(rows["director"], rows["cast"], strict=True)
        for p in _people(d) & _people(c)
    }
    spec = _follow(catalog_reader, first, then)
    assert spec.op == "auteur", (first, then, spec.op)
    assert spec.titles.year_from == since, spec.titles
    got = {r[0] for r in csv_db.execute(relations.sql(spec)).fetchall()}
    assert got == truth, (first, then)


@pytest.mark.parametrize(
    ("first", "then", "op"),
    [
        ("who worked with both kajol and shah rukh khan", "only ones before 2000", "shared"),
        ("anyone who acted with both amitabh bachchan n rani mukerji", "just after 2005", "shared"),
        ("who has clint eastwood worked with most", "only after 2000", "costars"),
        ("who did omoni oboli work with the most", "only the ones before 2018", "costars"),
    ],
)
def test_a_narrowed_relation_keeps_its_people(catalog_reader, first, then, op):
    spec = _follow(catalog_reader, first, then)
    assert spec.op == op, (first, then, spec.op)
    assert spec.titles.year_from or spec.titles.year_to, spec.titles
