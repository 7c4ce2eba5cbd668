""" "the number" ending its part asks for a count: "norwegian movies, give me the number and the
shortest one", "japanese anime series - tell me the number plus the oldest" (`cues.yaml`)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "ascending"),
    [
        ("norwegian movies, give me the number and the shortest one", True),
        ("argentinian movies, give me the number and the longest one", False),
        ("japanese anime series - tell me the number plus the oldest", True),
        ("british docs: the number of them, and the newest", False),
    ],
)
def test_the_number_is_a_count_then_a_ranking(catalog_reader, question, ascending):
    count, top = catalog_reader.read(question)
    assert count.op == "count" and top.op == "top" and top.limit == 1
    assert top.ascending is ascending and top.titles.countries == count.titles.countries != []


def test_the_truth_of_norwegian_movies(catalog_df):
    norway = catalog_df[
        catalog_df.country.str.split(", ").apply(lambda c: "Norway" in c)
        & (catalog_df.type == "Movie")
    ]
    minutes = norway.duration.str.extract(r"(\d+) min")[0].astype(float)
    assert len(norway) == 21 and norway.loc[minutes.idxmin()].title == "Exit Afghanistan"
