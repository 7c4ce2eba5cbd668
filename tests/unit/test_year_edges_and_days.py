"""A bound at a year's edge ("since the start of 2020", "by the end of 2019"), one day of a year
("on 1 January 2020", "new year's day 2020", "christmas eve 2019"), and decades said in words
("the fifties"): the grammar is in `agent/rules/periods.py` and `numbers.py`."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.phrasing import set_words


@pytest.mark.parametrize(
    ("question", "window"),
    [
        ("how many shows were added since the beginning of 2019", ("2019-01-01", None)),
        ("titles that arrived after the start of 2021", ("2021-01-01", None)),
        ("movies added by the end of 2018", (None, "2019-01-01")),
        ("which docuseries landed on netflix before the end of 2017", (None, "2018-01-01")),
        ("count titles added prior to the start of 2020", (None, "2020-01-01")),
        ("films added starting from the close of 2019", ("2020-01-01", None)),
    ],
)
def test_a_bound_at_a_years_edge_is_that_day(reader, question, window):
    (spec,) = reader.read(question)
    assert (spec.titles.added_from, spec.titles.added_to) == window


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("movies released since the start of 2015", (2015, None)),
        ("how many shows came out before the end of 2010", (None, 2010)),
        ("films made after the end of 2016", (2017, None)),
        ("titles released before the beginning of 2000", (None, 1999)),
    ],
)
def test_a_years_edge_on_release_years_is_a_year_bound(reader, question, years):
    (spec,) = reader.read(question)
    assert (spec.titles.year_from, spec.titles.year_to) == years
    assert spec.titles.added_from is None and spec.titles.added_to is None


@pytest.mark.parametrize(
    ("question", "window"),
    [
        ("what got added on new year's day 2021", ("2021-01-01", "2021-01-02")),
        ("how many movies were added on New Years Eve 2019", ("2019-12-31", "2020-01-01")),
        ("shows that dropped on christmas day 2020", ("2020-12-25", "2020-12-26")),
        ("titles added on halloween 2019", ("2019-10-31", "2019-11-01")),
        ("count the titles added on the 15th of june 2020", ("2020-06-15", "2020-06-16")),
        ("movies added on 2 March 2019", ("2019-03-02", "2019-03-03")),
        ("what was added since christmas eve 2020", ("2020-12-24", None)),
        ("titles added after valentine's day 2021", ("2021-02-15", None)),
        ("how many shows were added before the 1st of july 2020", (None, "2020-07-01")),
        ("movies added until boxing day 2019", (None, "2019-12-27")),
    ],
)
def test_one_day_is_a_one_day_window_or_a_bound_at_it(reader, question, window):
    (spec,) = reader.read(question)
    assert (spec.titles.added_from, spec.titles.added_to) == window


def test_a_day_is_said_as_that_day(reader):
    (spec,) = reader.read("how many titles were added on new years day 2020")
    assert set_words(spec.titles) == "titles added to Netflix on 2020-01-01"


def test_a_day_of_a_release_keeps_its_year_and_says_so(reader):
    (spec,) = reader.read("movies released on christmas day 2019")
    assert (spec.titles.year_from, spec.titles.year_to) == (2019, 2019)
    assert any("release dates are years only" in n for n in spec.notes)


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("classic movies from the fifties", (1950, 1959)),
        ("any films from the forties", (1940, 1949)),
        ("movies made in the late thirties", (1937, 1939)),
        ("shows from the noughties", (2000, 2009)),
        ("the early seventies dramas", (1970, 1973)),
    ],
)
def test_a_decade_in_words_is_its_years(reader, question, years):
    (spec,) = reader.read(question)
    assert (spec.titles.year_from, spec.titles.year_to) == years
