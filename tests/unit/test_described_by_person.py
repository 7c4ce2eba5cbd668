"""A title asked for with "the <person> show/movie" after it and no comma ("poker face the rian
johnson show on here?") is the title named, said absent when the catalog lacks it, though its
words are everyday English and the person is in the catalog; a held title stays its entry.
Truths from data/netflix_titles.csv with pandas."""

from __future__ import annotations

import pytest

from tests.unit.reading_sure import sure


def _has(df, title: str) -> bool:
    return bool(df["title"].str.casefold().eq(title.casefold()).any())


def _credited(df, name: str) -> bool:
    return bool((df["cast"] + "," + df["director"]).str.contains(name).any())


@pytest.mark.parametrize(
    ("question", "name", "person"),
    [
        ("poker face the rian johnson show on here?", "Poker Face", "Rian Johnson"),
        ("the bear the jeremy allen white show on here?", "The Bear", "Jeremy Allen White"),
        ("green book the viggo mortensen movie available?", "Green Book", "Viggo Mortensen"),
    ],
)
def test_a_lacking_title_described_by_a_held_person_is_absent(
    catalog_df, catalog_reader, question, name, person
):
    assert not _has(catalog_df, name) and _credited(catalog_df, person)
    specs = catalog_reader.read(question)
    assert specs and specs[0].absent and specs[0].absent[0].name == name


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("good girls the christina hendricks show on here?", "Good Girls"),
        ("dark the german show on here?", "Dark"),
    ],
)
def test_a_held_title_described_stays_its_entry(catalog_df, catalog_reader, question, title):
    assert _has(catalog_df, title)
    (spec,) = catalog_reader.read(question)
    assert spec.titles.titles == [title] and not spec.absent


@pytest.mark.parametrize(
    ("question", "title", "surname"),
    [
        ("the irishman with de niro y/n", "The Irishman", "De Niro"),
        ("the irishman with pacino", "The Irishman", "Pacino"),
        ("crimson peak w hiddleston", "Crimson Peak", "Hiddleston"),
    ],
)
def test_a_held_title_with_a_surname_it_credits_is_its_entry(
    catalog_df, catalog_reader, question, title, surname
):
    """A surname after "with" that the title credits one holder of ("the irishman with de
    niro") describes the title, as a whole name would: its entry, not that person's titles."""
    row = catalog_df[catalog_df["title"] == title].iloc[0]
    assert surname in row["cast"]
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [title] and not spec.titles.people
    assert sure(catalog_reader, question) >= 0.8
