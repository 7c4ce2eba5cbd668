""" "not … until <year>" says when it came, not a bound: "released in 2015 but not added till
2021" is added in 2021 (`numbers._NOT_UNTIL`), its "not" the date's own word; "added until 2019"
alone is still a bound. Phrasings written for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.reading_sure import sure


@pytest.mark.parametrize(
    ("question", "kind", "released", "added"),
    [
        ("movies released in 2015 but not added till 2021, how many", "Movie", 2015, 2021),
        ("shows from 2018 that weren't added to netflix until 2020 - count", "TV Show", 2018,
         2020),
        ("how many films came out in 2010 but were not added until 2019", "Movie", 2010, 2019),
    ],
)  # fmt: skip
def test_not_until_is_the_year_it_came(
    catalog_reader, catalog_df, csv_db, question, kind, released, added
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count"
    window = (spec.titles.added_from, spec.titles.added_to)
    assert window == (f"{added}-01-01", f"{added + 1}-01-01")
    df = catalog_df
    year = pd.to_datetime(df["date_added"].str.strip(), errors="coerce").dt.year
    rows = (df["type"] == kind) & (df["release_year"] == str(released)) & (year == added)
    (row,) = csv_db.execute(compile_sql.count(spec.titles)).fetchall()
    assert row[0] == int(rows.sum()) > 0
    assert sure(catalog_reader, question) >= 0.8


def test_until_alone_is_a_bound(catalog_reader):
    (spec,) = catalog_reader.read("movies added until 2019, how many")
    assert spec.titles.added_from is None and spec.titles.added_to == "2020-01-01"


@pytest.mark.parametrize(
    ("question", "added"),
    [
        ("how many films came out in 2010 but did not get added until 2019", "2019-01-01"),
        ("how many films came out in 2010 but did get added in 2019", "2019-01-01"),
        ("how many shows were released in 2017 and did get added in 2017", "2017-01-01"),
    ],
)
def test_did_not_get_added_goes_on_with_the_clause(catalog_reader, question, added):
    """A joining word before "did not …" / "did get …" goes on with the clause (`split`): one
    count, not the released titles counted and the added ones listed apart."""
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.added_from == added and spec.titles.year_from


@pytest.mark.parametrize(
    ("question", "kind", "released", "added"),
    [
        ("what percent of 2019 releases weren't added until 2020", None, 2019, 2020),
        ("of the movies released in 2018, what share weren't added until 2020", "Movie", 2018,
         2020),
        ("what share of 2017 movies didn't get added until 2019", "Movie", 2017, 2019),
    ],
)  # fmt: skip
def test_not_until_as_a_shares_part(
    catalog_reader, catalog_df, csv_db, question, kind, released, added
):
    """ "weren't" cuts a share like "were" (`shares._VERB`): the release year is the base's, the
    year it came the part's."""
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.part is not None
    assert spec.titles.year_from == released and spec.part.added_from == f"{added}-01-01"
    df = catalog_df
    base = (df["release_year"] == str(released)) & ((df["type"] == kind) if kind else True)
    year = pd.to_datetime(df["date_added"].str.strip(), errors="coerce").dt.year
    (row,) = csv_db.execute(compile_sql.share(spec.titles, spec.part)).fetchall()
    assert row[1:] == (int((base & (year == added)).sum()), int(base.sum()))
    assert sure(catalog_reader, question) >= 0.8
