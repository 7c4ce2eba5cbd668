"""A later part that asks for every title of the set before it: "malaysian series - count them
and give me every title", "egyptian documentaries: how many, plus list all the titles", "thai
horror movies, count them n name every one" (`compose.EVERY_TITLE`), and a bare "which" after a
count or a listing ("how many brazilian movies? which", "any czech docuseries? which")."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "question",
    [
        "malaysian series - count them and give me every title",
        "egyptian documentaries: how many, plus list all the titles",
        "thai horror movies, count them n name every one",
        "how many brazilian movies? which",
        "how many polish thrillers, and which",
    ],
)
def test_a_count_then_its_titles(catalog_reader, question):
    count, listing = catalog_reader.read(question)
    assert (count.op, listing.op) == ("count", "list")
    assert listing.titles == count.titles and count.titles.countries


@pytest.mark.parametrize(
    "question",
    ["are there any czech docuseries? which ones", "do you have polish thrillers? which"],
)
def test_which_after_a_listing_is_that_listing(catalog_reader, question):
    (listing,) = catalog_reader.read(question)
    assert listing.op == "list" and listing.titles.countries


def test_the_truth_of_malaysian_series(catalog_df):
    shows = catalog_df[
        catalog_df.country.str.split(", ").apply(lambda c: "Malaysia" in c)
        & (catalog_df.type == "TV Show")
    ]
    assert len(shows) == 8 and "Kopitiam" in set(shows.title)
