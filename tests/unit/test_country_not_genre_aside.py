"""A parenthesis saying the country is meant, not the genre its nationality names ("(not the
british tv genre)", "(the country, not the genre)"): set aside as a restatement, never read as
leaving that country out. Truths from pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.measure_truth import run
from tests.unit.reading_sure import sure


def _listed(df, column, name):
    return df[column].apply(lambda v: name in [x.strip() for x in v.split(",")])


def _uk_one_season(df):
    rows = (df["type"] == "TV Show") & _listed(df, "country", "United Kingdom")
    return int((rows & (df["duration"] == "1 Season")).sum())


def _uk_2019_movies(df):
    rows = (df["type"] == "Movie") & _listed(df, "country", "United Kingdom")
    return int((rows & (df["release_year"] == "2019")).sum())


def _korean_2020(df):
    added = df["date_added"].str.strip().str[-4:]
    return int((_listed(df, "country", "South Korea") & (added == "2020")).sum())


CASES = [
    (
        "how many tv shows with the uk as one of the listed countries (not the british tv genre) "
        "only lasted 1 season",
        _uk_one_season,
    ),
    ("how many british movies (not the genre) from 2019", _uk_2019_movies),
    ("korean titles (the country, not the genre) added in 2020, how many", _korean_2020),
]


@pytest.mark.parametrize(("question", "truth"), CASES)
def test_the_country_is_meant(catalog_reader, catalog_df, csv_db, question, truth):
    (spec,) = catalog_reader.read(question)
    assert not spec.titles.without and spec.titles.countries
    (row,) = run(csv_db, compile_sql.count(spec.titles))
    assert row[0] == truth(catalog_df)
    assert sure(catalog_reader, question) >= 0.8
