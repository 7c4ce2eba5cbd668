"""Time expressions (the grammar is in `agent/rules/periods.py` and `numbers.py`): halves,
quarters, month spans across years, the last N months from the catalog's latest date_added;
release dates stay years."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "window"),
    [
        ("how many titles were added in the second half of 2019?", ("2019-07-01", "2020-01-01")),
        ("shows added during H1 2020", ("2020-01-01", "2020-07-01")),
        ("count the movies added in Q2 2018", ("2018-04-01", "2018-07-01")),
        ("titles added in the fourth quarter of 2020", ("2020-10-01", "2021-01-01")),
        ("what was added in the last quarter of 2019", ("2019-10-01", "2020-01-01")),
        ("titles added from Nov 2019 to Feb 2020", ("2019-11-01", "2020-03-01")),
        ("how many titles were added between june and august 2019", ("2019-06-01", "2019-09-01")),
        ("how many titles were added since 2020", ("2020-01-01", None)),
        ("how many movies got added in the back half of 2020", ("2020-07-01", "2021-01-01")),
        ("shows added in the front half of 2019", ("2019-01-01", "2019-07-01")),
        ("titles added in the 2nd half of the year 2018", ("2018-07-01", "2019-01-01")),
        ("what was added in the final quarter of 2020", ("2020-10-01", "2021-01-01")),
        ("titles added in the first three months of 2021", ("2021-01-01", "2021-04-01")),
        ("movies added in the last 4 months of 2019", ("2019-09-01", "2020-01-01")),
    ],
)
def test_date_added_windows_have_exact_bounds(reader, question, window):
    (spec,) = reader.read(question)
    assert (spec.titles.added_from, spec.titles.added_to) == window


def test_the_last_n_months_count_back_from_the_catalogs_latest_date(reader):
    (spec,) = reader.read("how many titles were added in the last 3 months")
    latest = reader.lex.latest_added  # 2021-09-25 in the tiny catalog
    assert spec.titles.added_from == "2021-07-01" and spec.titles.added_to == "2021-10-01"
    assert latest.startswith("2021-09") and any("catalog's last 3 months" in n for n in spec.notes)


def test_a_part_of_a_year_on_release_dates_keeps_the_year_and_says_so(reader):
    (spec,) = reader.read("movies released in the first half of 2018")
    assert (spec.titles.year_from, spec.titles.year_to) == (2018, 2018)
    assert any("release dates are years only" in n for n in spec.notes)
