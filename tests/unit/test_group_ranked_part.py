"""A group ranked by the set before it, joined after a count: "faith and spirituality titles -
total plus the country that made the most of them", "spanish shows: count plus the most common
genre among em", "nigerian movies, how many and the year with the most of them" (`split`;
"among em": `mend._THEM`)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.split import split


@pytest.mark.parametrize(
    ("question", "second"),
    [
        (
            "faith and spirituality titles - total plus the country that made the most of them",
            "the country that made the most of them",
        ),
        (
            "spanish shows: count plus the most common genre among them",
            "the most common genre among them",
        ),
        (
            "kids movies, count and the rating with the most of them",
            "the rating with the most of them",
        ),
        (
            "how many nigerian movies n whats the top genre among those",
            "whats the top genre among those",
        ),
    ],
)
def test_the_group_ranked_is_a_part(question, second):
    assert split(question)[-1] == second


@pytest.mark.parametrize(
    ("question", "by"),
    [
        ("irish films how many n whats the most common rating among em", "rating"),
        ("spanish shows: count plus the most common genre among em", "genre"),
        ("nigerian movies, how many and the year with the most of them", "release_year"),
    ],
)
def test_a_count_then_the_groups_of_its_set(catalog_reader, question, by):
    count, most = catalog_reader.read(question)
    assert (count.op, most.op, most.by) == ("count", "most", by)
    assert most.titles.countries == count.titles.countries != []


def test_the_truth_of_nigerian_movies_by_year(catalog_df):
    nigeria = catalog_df[
        catalog_df.country.str.split(", ").apply(lambda c: "Nigeria" in c)
        & (catalog_df.type == "Movie")
    ]
    years = nigeria.release_year.value_counts()
    assert len(nigeria) == 94 and years.index[0] == "2018" and years.iloc[0] == 17
