"""A number opening the question or a clause, a few words before the ranking it limits ("three
release years with the most stand-up comedy titles", "5 countries that have the most
documentaries") is how many groups or titles are asked for; a number of seasons or minutes is
not. Truths computed with pandas on the catalog."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.limits import limit_tags


def _limits(text: str) -> list[int]:
    return [t.lo for t in limit_tags(text, lambda s, e: True) if t.kind == "limit"]


@pytest.mark.parametrize(
    ("question", "n"),
    [
        ("three release years with the most stand-up comedy titles", 3),
        ("5 countries that have the most documentaries", 5),
        ("two directors having the most movies from india", 2),
        ("korean shows: 3 genres with the most titles", 3),
        ("four ratings which have the fewest tv shows", 4),
        ("two years in which netflix added the most anime", 2),
        ("3 countries where they made the most k-dramas", 3),
    ],
)
def test_a_number_opening_a_ranking_limits_it(question, n):
    assert _limits(question) == [n]


@pytest.mark.parametrize(
    "question",
    ["2 seasons shows with the most cast", "90 minutes movies with the most views", "movies"],
)
def test_an_amount_is_no_limit(question):
    assert _limits(question) == []


def test_the_top_years_are_read_as_a_grouped_ranking(catalog_df, catalog_reader):
    (spec,) = catalog_reader.read("three release years with the most stand-up comedy titles")
    assert (spec.op, spec.by, spec.limit) == ("most", "release_year", 3)
    standup = catalog_df[catalog_df["listed_in"].str.contains("Stand-Up Comedy", regex=False)]
    top = standup["release_year"].value_counts().head(3).index.tolist()
    assert sorted(top) == ["2017", "2018", "2019"]
