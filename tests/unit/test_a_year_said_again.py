"""A later part that says only another year ("… added in 2018? and 2019?", "… what about
2020", "…, and in 2020?", "… and how many in 2017") asks the earlier part again over that year,
a date added when the earlier one's was (`narrowing._added_like_before`, `split` before a year
alone); a year with a verb of its own, or a span ("added in 2020 and 2021"), keeps its reading.
Phrasings written for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.measure_truth import run


def _listed(df, column, name):
    return df[column].apply(lambda v: name in [x.strip() for x in v.split(",")])


def _added(df, year: int):
    return df["date_added"].str.strip().str[-4:] == str(year)


def _shows(df):
    return df["type"] == "TV Show"


def _movies(df):
    return df["type"] == "Movie"


def _anime(df):
    return _listed(df, "listed_in", "Anime Series") | _listed(df, "listed_in", "Anime Features")


def _all(df):
    return df["type"] != ""


CASES = [
    ("how many titles were added in 2018? and 2019?", _all, [2018, 2019]),
    ("how many shows got added in 2019, and in 2020?", _shows, [2019, 2020]),
    ("how many movies were added in 2016 and how many in 2017", _movies, [2016, 2017]),
    ("number of tv shows added to netflix in 2020? what about 2021?", _shows, [2020, 2021]),
    ("count of anime added in 2019, and 2020?", _anime, [2019, 2020]),
    ("films added in 2015 and in 2018", _movies, [2015, 2018]),
]


@pytest.mark.parametrize(("question", "rows", "years"), CASES)
def test_each_part_counts_the_titles_added_that_year(
    catalog_reader, catalog_df, csv_db, question, rows, years
):
    specs = catalog_reader.read(question)
    assert len(specs) == len(years), question
    for spec, year in zip(specs, years, strict=True):
        assert spec.titles.year_from is None and spec.titles.year_to is None, spec.text
        (row,) = run(csv_db, compile_sql.count(spec.titles))
        assert row[0] == int((rows(catalog_df) & _added(catalog_df, year)).sum()), spec.text


@pytest.mark.parametrize(
    ("question", "added", "released"),
    [
        ("how many movies came out in 2017? and 2018?", None, 2018),
        ("shows added in 2019, which of those are from 2018?", "2019-01-01", 2018),
        ("how many horror movies were added in 2019 and released in 2018", "2019-01-01", 2018),
    ],
)
def test_a_year_with_its_own_verb_keeps_it(catalog_reader, question, added, released):
    last = catalog_reader.read(question)[-1]
    assert (last.titles.added_from, last.titles.year_from) == (added, released)


def test_two_years_said_as_a_span_stay_one_part(catalog_reader):
    (spec,) = catalog_reader.read("count of kids tv shows added in 2020 and 2021")
    assert (spec.titles.added_from, spec.titles.added_to) == ("2020-01-01", "2022-01-01")
