"""Eras (`agent/rules/eras.py`): decades, centuries, two-digit years and years relative to the
catalog are release-year spans, or windows of dates added after an adding verb."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.confidence import MEANING_CAP, features, probability


@pytest.mark.parametrize(
    ("question", "window"),
    [
        ("how many movies were added in the 2010s", ("2010-01-01", "2020-01-01")),
        ("shows that landed on netflix during the early 2010s", ("2010-01-01", "2014-01-01")),
        ("titles added in the late 2000s", ("2007-01-01", "2010-01-01")),
    ],
)
def test_a_decade_after_an_adding_verb_is_a_window_of_dates_added(reader, question, window):
    (spec,) = reader.read(question)
    assert (spec.titles.added_from, spec.titles.added_to) == window
    assert spec.titles.year_from is None and spec.titles.year_to is None


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("dramas released in '95", (1995, 1995)),
        ("how many movies came out in ’08", (2008, 2008)),
        ("comedies from the '80s", (1980, 1989)),
        ("how many films came out in the 21st century", (2000, None)),
        ("movies from the twentieth century", (1900, 1999)),
        ("how many dramas were released in the 1900s", (1900, 1999)),  # the century
        ("list comedies from the 2000s", (2000, 2009)),  # the decade, as commonly meant
    ],
)
def test_two_digit_years_and_centuries_are_release_years(reader, question, years):
    (spec,) = reader.read(question)
    assert (spec.titles.year_from, spec.titles.year_to) == years
    assert not spec.titles.titles and spec.op in ("list", "count")


@pytest.mark.parametrize(
    ("question", "back"),
    [
        ("titles added this year", 0),
        ("how many shows got added last year", 1),
        ("what arrived on netflix this past year", 0),
    ],
)
def test_this_and_last_year_are_the_catalogs_latest_years_added(reader, question, back):
    (spec,) = reader.read(question)
    year = int(reader.lex.latest_added[:4]) - back
    assert (spec.titles.added_from, spec.titles.added_to) == (f"{year}-01-01", f"{year + 1}-01-01")
    assert any("the catalog's latest year" in n for n in spec.notes)


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("movies from the last decade", 10),
        ("how many shows came out in the past two decades", 20),
        ("documentaries released over the previous decade", 10),
    ],
)
def test_the_last_decades_count_back_from_the_catalogs_latest_release(reader, question, years):
    (spec,) = reader.read(question)
    assert (spec.titles.year_from, spec.titles.year_to) == (
        reader.lex.latest_release - years + 1,
        None,
    )


def test_the_last_year_is_no_year_of_its_own(reader):
    (spec,) = reader.read("movies added in the last year")
    assert spec.titles.added_from != f"{int(reader.lex.latest_added[:4]) - 1}-01-01"


@pytest.mark.parametrize(
    "question",
    [
        "how many shows were added in q3 of last year",
        "movies added in the second half of this year",
        "titles added in the final quarter of last year",
    ],
)
def test_a_part_of_a_relative_year_it_cannot_read_is_not_confident(catalog_reader, question):
    specs = catalog_reader.read(question)
    feats, _ = features(catalog_reader, question, specs, "")
    assert probability(feats) <= MEANING_CAP
