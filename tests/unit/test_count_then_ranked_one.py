"""A count of a set, then "the <superlative> one" of it: a part of its own ranking the set
counted, also past a participle ("the earliest released one", "the latest added one") or with
what it orders by in brackets ("the oldest one (release yr)", "the newest (by release year)").
Truth: the CSV (pandas)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.split import split
from tests.unit.reading_sure import sure
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("question", "second"),
    [
        ("chilean movies count plus the earliest released one", "the earliest released one"),
        ("number of peruvian films and the latest added one", "the latest added one"),
        (
            "czech titles, number of them and the oldest one (release yr)",
            "the oldest one (release yr)",
        ),
        ("count of egyptian movies + the newest (by release year)", "the newest (by release year)"),
    ],
)
def test_the_ranking_after_a_count_is_a_part_of_its_own(question, second):
    assert split(question)[-1] == second


def _values(field: str) -> set[str]:
    return {x.strip() for x in field.split(",")}


def _count(db, p) -> int:
    return next(db.execute(c.args["query"]).fetchall()[0][0] for c in p.calls if c.tool == "sql")


@pytest.mark.parametrize(
    ("question", "country", "kind", "by", "ascending"),
    [
        (
            "chilean movies count plus the earliest released one",
            "Chile",
            "Movie",
            "release_year",
            True,
        ),
        ("number of peruvian films and the latest added one", "Peru", "Movie", "date_added", False),
        (
            "czech republic titles, number of them and the oldest one (release yr)",
            "Czech Republic",
            None,
            "release_year",
            True,
        ),
        (
            "count the argentinian titles and give me the oldest (release yr)",
            "Argentina",
            None,
            "release_year",
            True,
        ),
        (
            "gimme the polish movie count, plus the one with the biggest runtime",
            "Poland",
            "Movie",
            "duration_minutes",
            False,
        ),
    ],
)
def test_a_count_then_its_ranked_one_matches_the_csv(
    catalog_df, catalog_reader, real_db, question, country, kind, by, ascending
):
    of = catalog_df[catalog_df["country"].apply(lambda v: country in _values(v))]
    of = of[of["type"] == kind] if kind else of
    count, top = catalog_reader.read(question)
    assert (count.op, top.op, top.limit, top.by, top.ascending) == (
        "count",
        "top",
        1,
        by,
        ascending,
    )
    assert top.titles.countries == count.titles.countries == [country]
    assert _count(real_db, plan(catalog_reader.lex, question)) == len(of)
    assert sure(catalog_reader, question) >= 0.5
