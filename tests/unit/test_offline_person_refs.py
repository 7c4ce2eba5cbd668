"""References to the people an earlier part found: "the guy who directed X … his", "who directed
X and is there anything else by them", and a part after a spaced dash or a comma ("longest
movie from X - who's in it"). A number that opens a title ("The Two Popes") is no limit, and
a title inside a country's name ("south africa") is the country. Truth: the CSV (pandas)."""

from __future__ import annotations

import pytest


def _has(df, column: str, name: str):
    return df[df[column].str.split(", ").apply(lambda xs: name in xs)]


@pytest.mark.parametrize(
    "question",
    [
        "the guy who directed the irishman what other movies of his are there",
        "the guy who directed Okja, what else did he direct",
        "who directed the two popes and is there anything else by them on here",
    ],
)
def test_a_person_found_by_a_title_is_referred_to_by_a_later_part(
    catalog_df, catalog_reader, question
):
    first, then = catalog_reader.read(question)
    title = first.titles.titles[0]
    directors = catalog_df.loc[catalog_df["title"] == title, "director"].iloc[0].split(", ")
    assert first.op == "people" and first.role in ("director", None) and directors
    assert then.ref == "person" and then.needs_results and not then.titles.titles
    assert not then.absent and not first.absent  # "else by them" names no title
    assert len(_has(catalog_df, "director", directors[0])) > 1  # there is something else


@pytest.mark.parametrize(
    ("question", "country"),
    [
        ("longest movie from south africa - who's in it", "South Africa"),
        ("oldest movie from india; who directed it", "India"),
        ("the shortest film from japan — who stars in it", "Japan"),
    ],
)
def test_a_spaced_dash_or_a_semicolon_starts_a_part_about_the_found_title(
    catalog_df, catalog_reader, question, country
):
    first, then = catalog_reader.read(question)
    assert first.op == "top" and first.limit == 1 and first.titles.countries == [country]
    assert not first.titles.titles  # "africa" is part of the country, not the title Africa
    assert then.op == "people" and then.ref == "first" and then.needs_results
    assert (_has(catalog_df, "country", country)["type"] == "Movie").any()


def test_a_number_opening_a_title_is_the_title_not_a_limit(catalog_df, catalog_reader):
    assert (catalog_df["title"] == "The Two Popes").sum() == 1
    tags = catalog_reader.tagger.tag("who directed the two popes")
    assert [(t.kind, t.value) for t in tags] == [("title", "The Two Popes")]


def test_anything_else_by_them_is_what_they_directed(catalog_df, catalog_reader):
    people, then = catalog_reader.read(
        "who directed the irishman and is there anything else by them on here"
    )
    (director,) = catalog_df.loc[catalog_df["title"] == "The Irishman", "director"]
    others = _has(catalog_df, "director", director)
    assert people.op == "people" and then.role == "director" and then.ref == "person"
    assert len(others) > 1
