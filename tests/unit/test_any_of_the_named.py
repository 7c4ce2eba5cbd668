"""'any of the X films': the name asked for is X, not "of the X" ("got any of the toy story
films": the catalog has no Toy Story; "any of the kung fu panda movies": its five titles).
Truths computed with pandas on the catalog."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("got any of the toy story films", "Toy Story"),
        ("any of the pitch perfect films", "Pitch Perfect"),
        ("do you have any of the harry potter movies", "Harry Potter"),
    ],
)
def test_absent_name_after_any_of_the(catalog_df, catalog_reader, question, name):
    assert not catalog_df["title"].str.contains(name, case=False, regex=False).any()
    (spec,) = catalog_reader.read(question)
    assert spec.absent and name in spec.titles.titles, spec


def test_held_name_after_any_of_the(catalog_df, catalog_reader):
    (spec,) = catalog_reader.read("any of the kung fu panda movies")
    held = catalog_df["title"].str.contains("kung fu panda", case=False, regex=False)
    assert spec.titles.title_has == ["kung fu panda"] and held.sum() == 5
