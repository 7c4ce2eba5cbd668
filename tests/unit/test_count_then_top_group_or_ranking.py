"""A count, then "the top country / genre / rating" with nothing after it ("lgbtq movies count
plus the top country") is a ranking of groups over the count's set, a part of its own; a count
asked before a comma, then a ranking ending the question ("danish titles how many, most recent
one?") is a ranking of the count's set. Phrasings written for this test, from no question set;
truths computed with pandas on the catalog CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from agentic_rag.agent.rules.split import split
from tests.unit.measure_truth import run


def _has(df, column, name):
    return df[column].fillna("").map(lambda v: name in [x.strip() for x in v.split(",")])


@pytest.mark.parametrize(
    ("question", "by", "truth"),
    [
        (
            "lgbtq movies count plus the top country",
            "country",
            lambda df: _has(df, "listed_in", "LGBTQ Movies"),
        ),
        (
            "how many sports movies and the top country",
            "country",
            lambda df: _has(df, "listed_in", "Sports Movies"),
        ),
        (
            "number of cult films + the top rating",
            "rating",
            lambda df: _has(df, "listed_in", "Cult Movies"),
        ),
        (
            "polish titles, how many n the top genre?",
            "genre",
            lambda df: _has(df, "country", "Poland"),
        ),
    ],
)
def test_a_count_then_the_top_group_ranks_groups_over_its_set(
    catalog_reader, catalog_df, csv_db, question, by, truth
):
    assert len(split(question)) == 2
    first, second = catalog_reader.read(question)
    assert first.op == "count" and (second.op, second.by) == ("most", by)
    assert second.titles.genres == first.titles.genres
    assert second.titles.countries == first.titles.countries
    (row,) = run(csv_db, compile_sql.count(first.titles))
    assert row[0] == int(truth(catalog_df).sum())


@pytest.mark.parametrize(
    ("question", "by", "ascending"),
    [
        ("danish titles how many, most recent one?", "release_year", False),
        ("sports films count, the oldest", "release_year", True),
        ("egyptian movies total, longest?", "duration_minutes", False),
    ],
)
def test_a_count_a_comma_then_a_ranking_ranks_its_set(catalog_reader, question, by, ascending):
    first, second = catalog_reader.read(question)
    assert first.op == "count" and (second.op, second.limit) == ("top", 1)
    assert second.by == by and second.ascending is ascending
    assert second.titles.countries == first.titles.countries


def test_a_set_then_a_comma_and_a_ranking_stays_one_ranking(catalog_reader):
    (spec,) = catalog_reader.read("korean movies, the oldest one")
    assert (spec.op, spec.limit, spec.titles.countries) == ("top", 1, ["South Korea"])
