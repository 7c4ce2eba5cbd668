"""A parenthesis that only says again what the question says is set aside before reading
(`restated.py`): a time in other words ("new years day 2020 (jan 1st)", "q4 2018 (oct-dec)"),
or how the catalog reads a country anyway ("(co-productions count)"); one naming another time
stays, and the reading that leaves it unused stays unsure. Phrasings written for this rule;
truths from the CSV with pandas."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.reading_sure import sure


def _added(df: pd.DataFrame) -> pd.Series:
    return pd.to_datetime(df["date_added"].str.strip(), format="%B %d, %Y", errors="coerce")


@pytest.mark.parametrize(
    ("question", "lo", "hi", "kind"),
    [
        (
            "how many titles were added on new years day 2020 (jan 1st)",
            "2020-01-01",
            "2020-01-02",
            None,
        ),
        (
            "movies added on christmas day 2019 (dec 25th) - how many",
            "2019-12-25",
            "2019-12-26",
            "Movie",
        ),
        ("count the movies added in q3 2019 (jul-sep)", "2019-07-01", "2019-10-01", "Movie"),
        (
            "titles added on the 4th of july 2019 (july 4th), how many",
            "2019-07-04",
            "2019-07-05",
            None,
        ),
        ("how many titles got added on 2021-07-01 (july 1st)", "2021-07-01", "2021-07-02", None),
    ],
)
def test_a_time_said_again_in_a_parenthesis_is_set_aside(
    catalog_reader, catalog_df, csv_db, question, lo, hi, kind
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.type == kind
    added = _added(catalog_df)
    rows = catalog_df[(added >= lo) & (added < hi)]
    truth = int((rows["type"] == kind).sum()) if kind else len(rows)
    (got,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert got == truth > 0
    assert sure(catalog_reader, question) >= 0.8
    assert any("says again" in n for n in spec.notes)


@pytest.mark.parametrize(
    "question",
    [
        "how many movies were added in 2019 (march)",
        "how many shows were added on christmas day 2019 (dec 24th)",
        "indian movies added in q4 2018 (jan-mar) count",
    ],
)
def test_a_parenthesis_naming_another_time_stays_and_leaves_the_reading_unsure(
    catalog_reader, question
):
    spec = catalog_reader.read(question)[0]
    assert not any("says again" in n for n in spec.notes)
    assert sure(catalog_reader, question) < 0.5


@pytest.mark.parametrize(
    ("question", "genre", "country"),
    [
        ("what % of dramas list india as a country (co-productions count)", "Dramas", "India"),
        ("what share of comedies are from france (including co-productions)", "Comedies", "France"),
        (
            "what percent of horror movies are from the united states (co-productions included)",
            "Horror Movies",
            "United States",
        ),
    ],
)
def test_co_productions_counting_beside_a_country_is_how_the_catalog_reads(
    catalog_reader, catalog_df, csv_db, question, genre, country
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.part is not None
    films = catalog_df[catalog_df["listed_in"].str.contains(genre, regex=False)]
    truth = round(100 * films["country"].str.contains(country, regex=False).mean(), 1)
    (percent, _, _) = csv_db.execute(compile_sql.share(spec.titles, spec.part)).fetchone()
    assert percent == truth
    assert sure(catalog_reader, question) >= 0.8


def _of_country(df: pd.DataFrame, country: str, kind: str) -> int:
    listed = df["country"].str.split(", ").apply(lambda xs: country in xs)
    return int((listed & (df["type"] == kind)).sum())


@pytest.mark.parametrize(
    ("question", "country", "kind"),
    [
        ("how many series from norway (tv only)", "Norway", "TV Show"),
        ("count of egyptian films (just movies)", "Egypt", "Movie"),
        ("how many tv shows from chile (only tv)", "Chile", "TV Show"),
        ("movies from austria (movies only) - how many", "Austria", "Movie"),
    ],
)
def test_a_parenthesis_keeping_to_the_kind_named_is_set_aside(
    catalog_reader, catalog_df, csv_db, question, country, kind
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.type == kind
    (got,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert got == _of_country(catalog_df, country, kind) > 0
    assert sure(catalog_reader, question) >= 0.8


def test_a_kind_only_the_parenthesis_names_narrows(catalog_reader, catalog_df, csv_db):
    question = "how many titles from spain (movies only)"  # a works noun: read, it narrows
    (spec,) = catalog_reader.read(question)
    assert not any("says again" in n for n in spec.notes) and spec.titles.type == "Movie"
    (got,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert got == _of_country(catalog_df, "Spain", "Movie")


@pytest.mark.parametrize(
    ("question", "country"),
    [
        ("how many titles from poland (tv only)", "Poland"),
        ("what came out of iceland (just tv)", "Iceland"),
        ("stuff from ireland (television only), how many", "Ireland"),
    ],
)
def test_a_kind_word_alone_in_a_parenthesis_is_that_kind(
    catalog_reader, catalog_df, csv_db, question, country
):
    spec = catalog_reader.read(question)[-1]
    assert spec.titles.type == "TV Show" and spec.titles.countries == [country]
    (got,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert got == _of_country(catalog_df, country, "TV Show") > 0
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "country", "kind"),
    [
        ("shows from japan (movies only)", "Japan", "Movie"),
        ("korean series (just films)", "South Korea", "Movie"),
        ("(movies only) shows from egypt, how many", "Egypt", "Movie"),
        ("norwegian films (tv only)", "Norway", "TV Show"),
    ],
)
def test_a_parenthesis_keeping_to_the_other_kind_is_read_never_surely(
    catalog_reader, catalog_df, csv_db, question, country, kind
):
    spec = catalog_reader.read(question)[-1]
    assert spec.titles.type == kind and spec.titles.countries == [country]
    (got,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert got == _of_country(catalog_df, country, kind) > 0
    assert 0.5 <= sure(catalog_reader, question) < 0.8
