"""Which version of a title a gloss says: "the original mad max from 79", "the karate kid from
84": the words before the name ("original", "first", "og") and the year after it are its gloss,
not its name. A year that fits the held title makes the reading sure; a year that does not, or
"original" with no year (the catalog cannot tell an original from a remake), is unsure; a name
the catalog lacks is absent by its own words. Phrasings written for this rule; years and
holdings checked with pandas on the catalog."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.editions import short_years
from agentic_rag.folding import fold
from tests.unit.reading_sure import sure


def _held(df, name: str):
    return df[df["title"].map(fold) == fold(name)]


@pytest.mark.parametrize(
    ("question", "title", "year"),
    [
        ("original mad max from 79 available", "Mad Max", 1979),
        ("the original total recall from 1990 - on here?", "Total Recall", 1990),
        ("the karate kid from 84 available?", "The Karate Kid", 1984),
    ],
)
def test_a_year_that_fits_is_that_title(catalog_df, catalog_reader, question, title, year):
    row = _held(catalog_df, title)
    assert len(row) == 1 and int(row.iloc[0]["release_year"]) == year
    (spec,) = catalog_reader.read(question)
    assert spec.titles.titles == [title] and not spec.absent, question
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("is the original total recall on here", "Total Recall"),  # no year: a remake?
        ("the first karate kid, got it?", "The Karate Kid"),
        ("the original death at a funeral from 2007 - is it on here", "Death at a Funeral"),
    ],
)
def test_an_unproven_or_misfit_version_is_unsure(catalog_df, catalog_reader, question, title):
    row = _held(catalog_df, title)
    assert len(row) == 1 and int(row.iloc[0]["release_year"]) != 2007  # the held one: 2010
    (spec,) = catalog_reader.read(question)
    assert spec.titles.titles == [title], question
    assert sure(catalog_reader, question) < 0.5


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("is the original jumanji on here", "Jumanji"),
        ("the og point break from 91 - available?", "Point Break"),
    ],
)
def test_an_absent_version_is_absent_by_its_name(catalog_df, catalog_reader, question, name):
    assert _held(catalog_df, name).empty
    (spec,) = catalog_reader.read(question)
    assert [a.name for a in spec.absent] == [name], question


def test_two_digit_years():
    assert short_years("from 79") == [1979] and short_years("from '05") == [2005]
    assert short_years("3 seasons") == []
