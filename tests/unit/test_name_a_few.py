""" "how many X … n name a few" / "and name some" / "n list a couple of them": a count and a
listing of the same set (the listing asks for some of its titles), not a description search
for the words "name a few". Truths computed with pandas on the catalog (exact matches on the
comma-split country list)."""

from __future__ import annotations

import pytest


def _from(df, country: str, kind: str) -> int:
    listed = df["country"].map(lambda v: country in [x.strip() for x in v.split(",")])
    return int((listed & (df["type"] == kind)).sum())


@pytest.mark.parametrize(
    ("question", "country", "kind"),
    [
        ("how many egyptian tv shows are there n name a few", "Egypt", "TV Show"),
        ("how many argentinian movies r there and name some", "Argentina", "Movie"),
        ("count the polish movies n list a couple of them", "Poland", "Movie"),
    ],
)
def test_a_count_then_some_of_its_titles(catalog_df, catalog_reader, question, country, kind):
    count, listing = catalog_reader.read(question)
    assert (count.op, listing.op) == ("count", "list")
    for spec in (count, listing):
        assert spec.titles.countries == [country] and spec.titles.type == kind
    assert _from(catalog_df, country, kind) >= 9
