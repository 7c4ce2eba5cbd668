"""Outside facts about a catalog title (critics, awards, box office, money, popularity) are read
as outside facts, never as the title's catalog entry; its age rating is the catalog's own. The
titles and ratings are checked in the CSV with pandas."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "question",
    [
        "how did critics rate okja",
        "did roma win any oscars",
        "was okja a hit",
        "how much money did the irishman make",
        "is narcos any good according to imdb",
        "was roma nominated for anything",
    ],
)
def test_an_outside_fact_about_a_title_is_not_its_catalog_entry(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "external"


@pytest.mark.parametrize(
    ("question", "title"),
    [("what is okja rated", "Okja"), ("what age rating does roma have", "ROMA")],
)
def test_the_age_rating_of_a_title_is_its_catalog_entry(
    catalog_df, catalog_reader, question, title
):
    (rating,) = catalog_df[catalog_df["title"] == title]["rating"]
    assert rating  # the CSV holds it
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [title]


def test_a_hit_inside_a_description_is_no_outside_fact(catalog_reader):
    (spec,) = catalog_reader.read("movies about a hit man who wants out")
    assert spec.op == "search"
