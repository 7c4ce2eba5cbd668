"""A country said by its common abbreviation ("nz movies", "uae films", "hk movies"): read as
that country, as its demonym is. Truths computed with pandas on the catalog."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "country", "kind"),
    [
        ("nz movies - how many and whats the longest one", "New Zealand", "Movie"),
        ("how many uae films are there", "United Arab Emirates", "Movie"),
        ("hk movies: count + the newest one", "Hong Kong", "Movie"),
        ("list n.z. tv shows", "New Zealand", "TV Show"),
    ],
)
def test_the_abbreviation_reads_as_the_country(catalog_df, catalog_reader, question, country, kind):
    specs = catalog_reader.read(question)
    assert all(s.titles.countries == [country] for s in specs)
    assert all(s.titles.type == kind for s in specs)
    made = catalog_df["country"].str.contains(country, regex=False)
    assert (made & (catalog_df["type"] == kind)).sum() > 0  # pandas


def test_the_longest_nz_movie_is_ranked_over_nz_movies(catalog_df, catalog_reader):
    counted, ranked = catalog_reader.read("nz movies - how many and whats the longest one")
    assert (counted.op, ranked.op) == ("count", "top")
    assert ranked.titles.countries == ["New Zealand"]
    nz = catalog_df[
        catalog_df["country"].str.contains("New Zealand") & (catalog_df["type"] == "Movie")
    ]
    assert len(nz) == 25
    longest = nz.assign(m=nz["duration"].str.extract(r"(\d+)")[0].astype(int)).nlargest(1, "m")
    assert longest["title"].iloc[0] == "The Lord of the Rings: The Return of the King"
