"""A title asked for with who is in it: "yellowstone with kevin costner, is it on", "got that show
severance with adam scott". The words after "with" / "starring" describe the title; they are no
filter by that person. A title the catalog lacks is said absent by its own name, a held one is
its catalog entry, and "is it on" closing the question asks whether it is held. Checked with
pandas on data/netflix_titles.csv: the absent titles are no catalog title, the people are."""

from __future__ import annotations

import pytest


def _credited(catalog_df, person: str) -> bool:
    return bool(catalog_df["cast"].str.contains(person, regex=False).any())


@pytest.mark.parametrize(
    ("question", "name", "person"),
    [
        ("yellowstone with kevin costner, is it on", "Yellowstone", "Kevin Costner"),
        ("ted lasso with jason sudeikis - is it on", "Ted Lasso", "Jason Sudeikis"),
        ("got that show severance with adam scott", "Severance", "Adam Scott"),
        ("do you have succession with brian cox", "Succession", "Brian Cox"),
    ],
)
def test_a_lacking_title_with_its_star_is_absent(
    catalog_reader, catalog_df, question, name, person
):
    assert not catalog_df["title"].str.casefold().eq(name.casefold()).any(), name
    assert _credited(catalog_df, person), person
    specs = catalog_reader.read(question)
    assert len(specs) == 1 and specs[0].absent, question
    assert specs[0].absent[0].name.casefold() == name.casefold(), question
    assert not specs[0].titles.people, question  # no list of the star's titles


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("narcos with wagner moura, is it on", "Narcos"),
        ("can i watch the crown starring claire foy", "The Crown"),
        ("is there mindhunter with jonathan groff", "MINDHUNTER"),
    ],
)
def test_a_held_title_with_its_star_is_its_entry(catalog_reader, catalog_df, question, title):
    assert catalog_df["title"].eq(title).any(), title
    specs = catalog_reader.read(question)
    assert len(specs) == 1 and specs[0].op == "describe", question
    assert specs[0].titles.titles == [title] and not specs[0].absent, question


def test_a_kind_with_a_star_is_still_the_stars_titles(catalog_reader):
    specs = catalog_reader.read("movies with tom hanks available?")
    assert [p.name for p in specs[0].titles.people] == ["Tom Hanks"]
    assert specs[0].op == "list" and not specs[0].absent
