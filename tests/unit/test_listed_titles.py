"""Titles a role cue lists in lower case: "who starred in black panther and fruitvale station",
"who acted in inception and the departed". Each title after the cue is the title asked about
(the common cast, or each one's people), not just the first one, whose capitalisation a reader
could find in the descriptions. The titles are the real catalog's (data/netflix_titles.csv)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "titles"),
    [
        (
            "who starred in black panther and fruitvale station",
            ["Black Panther", "Fruitvale Station"],
        ),
        ("who acted in inception and the departed", ["Inception", "The Departed"]),
        ("who directed the irishman and goodfellas", ["The Irishman", "GoodFellas"]),
        ("who acted in ozark and narcos", ["Ozark", "Narcos"]),
        ("who appeared in dark and narcos", ["Dark", "Narcos"]),
        ("who directed both the irishman and the departed", ["The Irishman", "The Departed"]),
        ("who acted in dark or ozark", ["Dark", "Ozark"]),
    ],
)
def test_each_title_a_role_cue_lists_is_read(catalog_reader, catalog_df, question, titles):
    assert set(titles) <= set(catalog_df.title), titles  # held by the catalog
    specs = catalog_reader.read(question)
    assert [t for s in specs for t in s.titles.titles] == titles, question


def test_a_description_after_a_role_cue_names_no_second_title(catalog_reader):
    specs = catalog_reader.read("movies starring in love and war")
    assert not any(s.titles.titles for s in specs)
