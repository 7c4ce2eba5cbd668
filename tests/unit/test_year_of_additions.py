"""A year that names additions ("2019 additions", "the 2020 arrivals", "2018 uploads") is a year
added to Netflix, not a release year; a year before a works noun stays a release year."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "year"),
    [
        ("what percent of 2018 additions were movies", 2018),
        ("how many of the 2020 arrivals came from spain", 2020),
        ("2017 uploads from india, how many", 2017),
        ("list the 2021 new additions from mexico", 2021),
    ],
)
def test_a_year_of_additions_is_a_year_added(catalog_reader, question, year):
    specs = catalog_reader.read(question)
    assert [(s.titles.added_from, s.titles.added_to) for s in specs][:1] == [
        (f"{year}-01-01", f"{year + 1}-01-01")
    ], [s.titles for s in specs]
    assert all(s.titles.year_from is None for s in specs)


def test_a_year_before_works_is_a_release_year(catalog_reader):
    (spec,) = catalog_reader.read("2019 movies added in 2020")
    assert (spec.titles.year_from, spec.titles.year_to) == (2019, 2019)
    assert (spec.titles.added_from, spec.titles.added_to) == ("2020-01-01", "2021-01-01")
