"""Years ranked by their titles: "top three release years for romantic tv shows", "top 5 years
for anime movies" rank the years (`sets._RANKED_GROUP`); "movies from the last 3 years" is a
span of time, not a ranking."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "limit"),
    [
        ("top three release years for romantic tv shows", 3),
        ("top 5 years for anime movies", 5),
        ("the top 4 release years for korean dramas", 4),
    ],
)
def test_top_years_rank_the_years(catalog_reader, question, limit):
    (spec,) = catalog_reader.read(question)
    assert (spec.op, spec.by, spec.limit) == ("most", "release_year", limit)


def test_a_span_of_years_is_no_ranking(catalog_reader):
    (spec,) = catalog_reader.read("movies from the last 3 years")
    assert spec.op == "list" and spec.titles.year_from


def test_the_truth_of_romantic_tv_years(catalog_df):
    shows = catalog_df[catalog_df.listed_in.str.contains("Romantic TV Shows")]
    years = shows.release_year.value_counts()
    assert years.index[0] == "2019" and set(years.index[1:3]) == {"2016", "2020"}
