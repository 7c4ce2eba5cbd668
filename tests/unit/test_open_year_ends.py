"""A year's open end ("2015 and before", "2018 or later") is part of its bound, read; "and
before" followed by a year of its own is that year's bound ("after 2015 and before 2020":
2016-2019), never "2015 and before" (`numbers._OPEN_END`)."""

from __future__ import annotations

import pytest

from tests.unit.reading_sure import sure


@pytest.mark.parametrize(
    ("question", "lo", "hi"),
    [
        ("how many korean movies came out after 2015 and before 2020", 2016, 2019),
        ("movies from after 2015 and before 2018 from spain", 2016, 2017),
        ("movies from 2015 and before", None, 2015),
        ("titles from 2018 and after, how many", 2018, None),
    ],
)
def test_an_open_end_belongs_to_its_year(catalog_reader, question, lo, hi):
    (spec,) = catalog_reader.read(question)
    assert (spec.titles.year_from, spec.titles.year_to) == (lo, hi)
    assert sure(catalog_reader, question) >= 0.8  # "before" / "after" read, not left unused


def test_britain_is_the_united_kingdom(catalog_reader):
    (spec,) = catalog_reader.read("how many titles from great britain")
    assert spec.titles.countries == ["United Kingdom"]


def test_a_story_told_after_about_that_nothing_searched_is_notsure(catalog_reader):
    question = "documentaries about food from japan"
    assert not any(s.op == "search" for s in catalog_reader.read(question))
    assert sure(catalog_reader, question) <= 0.4  # "food" dropped: the story is not read


def test_a_story_told_after_about_that_is_searched_stayssure(catalog_reader):
    assert sure(catalog_reader, "korean movies about zombies") >= 0.8
