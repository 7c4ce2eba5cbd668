"""A bound said as left out is its complement (`negation.BOUND_KINDS`): "leave out anything
before 2015" is 2015 or later, "except the ones under 90 minutes" 90 minutes or more, "dropping
shows with over 3 seasons" 3 seasons or fewer. "List French documentaries but leave out
anything before 2015" had been read as released 2014 or earlier at 0.99 (the cue unread).
Truths from the CSV, counted over the built catalog store."""

from __future__ import annotations

import pytest

from tests.unit.test_offline_planner import plan, rows


def _n(catalog_df):
    return catalog_df["duration"].str.extract(r"(\d+)")[0].astype(float)


@pytest.mark.parametrize(
    ("question", "keep"),
    [
        ("how many spanish films, omitting anything released before 2016",
         lambda d, n: (d.type == "Movie") & d.country.str.contains("Spain")
         & (d.release_year.astype(int) >= 2016)),
        ("number of japanese titles, not counting the ones that came out after 2018",
         lambda d, n: d.country.str.contains("Japan") & (d.release_year.astype(int) <= 2018)),
        ("count tv shows from canada without those having more than 1 season",
         lambda d, n: (d.type == "TV Show") & d.country.str.contains("Canada") & (n <= 1)),
        ("how many thrillers, skipping anything older than 2005",
         lambda d, n: d.listed_in.str.contains("Thrillers") & (d.release_year.astype(int) >= 2005)),
        ("how many mexican movies excluding those longer than 2 hours",
         lambda d, n: (d.type == "Movie") & d.country.str.contains("Mexico") & (n <= 120)),
    ],
)  # fmt: skip
def test_a_bound_left_out_is_its_complement(catalog_df, catalog_reader, real_db, question, keep):
    (spec,) = catalog_reader.read(question)
    assert len(spec.titles.without) == 1
    left = spec.titles.without[0]
    bounds = ("year_from", "year_to", "minutes_min", "minutes_max", "seasons_min", "seasons_max")
    assert any(getattr(left, b) is not None for b in bounds)
    assert all(getattr(spec.titles, b) is None for b in bounds)
    want = int(keep(catalog_df, _n(catalog_df)).sum())
    assert rows(real_db, plan(catalog_reader.lex, question))[0][0] == want > 0


@pytest.mark.parametrize(
    ("question", "field", "value"),
    [
        ("how many movies released before 2015", "year_to", 2014),
        ("how many movies released between 2010 and 2015, excluding both years", "year_to", 2014),
        ("how many shows with more than 2 seasons", "seasons_min", 3),
    ],
)
def test_a_bound_said_plainly_is_kept(catalog_reader, question, field, value):
    (spec,) = catalog_reader.read(question)
    assert getattr(spec.titles, field) == value and not spec.titles.without
