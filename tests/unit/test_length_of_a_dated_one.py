"""How long the oldest or newest title of a set is ("how long is the oldest korean movie",
"runtime of the newest thai film?"): a ranking by its dates, whose row shows the running time;
the length words order only with no date superlative ("how long is the longest movie from
2019", "the longest korean movie"). Truth: the CSV (pandas)."""

from __future__ import annotations

import pytest

from tests.unit.test_offline_planner import plan, rows


@pytest.mark.parametrize(
    ("question", "country", "oldest"),
    [
        ("how long is the oldest korean movie", "South Korea", True),
        ("runtime of the newest polish film?", "Poland", False),
        ("whats the length of the earliest released egyptian movie", "Egypt", True),
        ("how many minutes is the latest nigerian movie", "Nigeria", False),
    ],
)
def test_the_length_of_a_dated_one_ranks_by_its_dates(
    catalog_df, catalog_reader, real_db, question, country, oldest
):
    movies = catalog_df[catalog_df["type"] == "Movie"]
    of = movies[movies["country"].apply(lambda v: country in {x.strip() for x in v.split(",")})]
    years = of["release_year"].astype(int)
    truth = set(of[years == (years.min() if oldest else years.max())]["show_id"])
    [spec] = catalog_reader.read(question)
    assert (spec.op, spec.by, spec.ascending, spec.limit) == ("top", "release_year", oldest, 1)
    assert {r[0] for r in rows(real_db, plan(catalog_reader.lex, question))} == truth


@pytest.mark.parametrize(
    ("question", "by", "ascending"),
    [
        ("how long is the longest movie from 2019", "duration_minutes", False),
        ("the shortest korean movie, how long is it", "duration_minutes", True),
        ("which is the oldest korean movie", "release_year", True),
    ],
)
def test_a_length_superlative_still_orders_by_length(catalog_reader, question, by, ascending):
    top = catalog_reader.read(question)[0]
    assert (top.op, top.by, top.ascending) == ("top", by, ascending)
