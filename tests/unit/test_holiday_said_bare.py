"""A holiday said by its bare name before a year ("added on christmas 2020", "what got added
over xmas 2019") is that day, as "christmas day 2019" is (`words.yaml` `holidays`); said with
no preposition before a works noun ("christmas 2020 movies", "halloween 2019 movies") it is no
day and the reading that leaves it unread stays unsure. Truths from the CSV with pandas."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.reading_sure import sure


def _on(df: pd.DataFrame, day: str, kind: str | None) -> int:
    added = pd.to_datetime(df["date_added"].str.strip(), format="%B %d, %Y", errors="coerce")
    rows = df[added == day]
    return len(rows[rows["type"] == kind] if kind else rows)


@pytest.mark.parametrize(
    ("question", "day", "kind"),
    [
        ("how many titles got added on christmas 2020", "2020-12-25", None),
        ("movies netflix added over xmas 2019 - how many", "2019-12-25", "Movie"),
        ("count of shows added on christmas 2020", "2020-12-25", "TV Show"),
    ],
)
def test_a_bare_holiday_before_its_year_is_the_day(
    catalog_reader, catalog_df, csv_db, question, day, kind
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.added_from == day
    (got,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert got == _on(catalog_df, day, kind) > 0
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize("question", ["christmas 2020 movies", "halloween 2019 movies"])
def test_a_bare_holiday_before_a_works_noun_is_no_day(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.titles.added_from is None
    assert sure(catalog_reader, question) < 0.5


@pytest.mark.parametrize(
    ("question", "year"),
    [
        ("movies released in the first half of 2019", 2019),
        ("the back half of 2015: how many movies came out", 2015),
        ("shows released on 25 december 2018", 2018),
    ],
)
def test_other_dates_read_as_a_release_are_their_year(catalog_reader, question, year):
    spec = catalog_reader.read(question)[-1]
    assert (spec.titles.year_from, spec.titles.year_to) == (year, year)
