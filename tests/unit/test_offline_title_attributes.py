"""A title's own attribute asked after or before its name ("twin peaks season count", "how
many seasons does narcos have", "the crown runtime"): the words name the title even in lower
case, and the part is that title's catalog entry (which says its seasons or running time),
not a count of titles. Truth: the CSV (pandas)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("twin peaks season count", "Twin Peaks"),
        ("narcos number of seasons", "Narcos"),
        ("how many seasons does stranger things have", "Stranger Things"),
        ("the crown runtime", "The Crown"),
        ("Twin Peaks seasons", "Twin Peaks"),
    ],
)
def test_a_titles_attribute_is_its_entry(catalog_df, catalog_reader, question, title):
    row = catalog_df[catalog_df["title"] == title]
    assert len(row) == 1 and row["duration"].iloc[0].endswith(("Season", "Seasons"))
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [title]


def test_a_count_of_titles_by_seasons_is_still_a_count(catalog_reader):
    (spec,) = catalog_reader.read("how many shows have more than 3 seasons")
    assert spec.op == "count" and spec.titles.seasons_min == 4 and not spec.titles.titles
