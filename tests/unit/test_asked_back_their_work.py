"""Two tails of asking whether the catalog holds something: "X - u have it?" / "X, you have it?"
asks back about the name before it (no order to the assistant, though "you have" opens it); "X -
any of her stuff here" / "X, his films on here?" asks for a person's titles, said absent when
the catalog credits no one of that name. Truths from data/netflix_titles.csv with pandas."""

from __future__ import annotations

import pytest


def _credited(df, name: str) -> set[str]:
    who = df["cast"] + "," + df["director"]
    return set(df[[name in [x.strip() for x in w.split(",")] for w in who]]["title"])


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("narcos - u have it?", "Narcos"),
        ("okja, you have it?", "Okja"),
        ("the irishman, u have that?", "The Irishman"),
    ],
)
def test_a_held_title_asked_back_is_its_entry(catalog_df, catalog_reader, question, title):
    assert (catalog_df["title"] == title).sum() == 1
    (spec,) = catalog_reader.read(question)
    assert spec.titles.titles == [title] and not spec.absent


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("top gun maverick - u have it?", "top gun maverick"),
        ("the fabelmans, you have it?", "the fabelmans"),
        ("everything everywhere all at once - you have that?", "everything everywhere all at once"),
    ],
)
def test_a_lacking_title_asked_back_is_absent(catalog_df, catalog_reader, question, name):
    assert not catalog_df["title"].str.casefold().eq(name).any()
    specs = catalog_reader.read(question)
    assert specs and specs[0].absent and specs[0].absent[0].kind == "title"
    assert specs[0].absent[0].name.casefold() == name


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("greta gerwig, any of her films on here?", "Greta Gerwig"),
        ("steve brill - any of his movies here", "Steve Brill"),
        ("anurag kashyap - his stuff on here?", "Anurag Kashyap"),
    ],
)
def test_a_held_persons_work_is_their_titles(catalog_df, catalog_reader, question, name):
    assert _credited(catalog_df, name)
    (spec,) = catalog_reader.read(question)
    assert [p.name for p in spec.titles.people] == [name] and not spec.absent


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("charlotte wells - any of her stuff here", "Charlotte Wells"),
        ("ari aster - his stuff here?", "Ari Aster"),
        ("celine song, any of her movies on here?", "Celine Song"),
    ],
)
def test_a_lacking_persons_work_is_absent(catalog_df, catalog_reader, question, name):
    assert not _credited(catalog_df, name)
    specs = catalog_reader.read(question)
    assert specs and specs[0].absent and specs[0].absent[0].kind == "person"
    assert specs[0].absent[0].name == name
