"""A name described in the plural, or asked what is held of it: "bleach - the anime and movies,
what do u have", "kung fu panda - the films and shows, what've u got". The name is every title
holding it (no single catalog entry), and the kind nouns of the description ("movies",
"films and shows") filter no type. Counted with pandas on data/netflix_titles.csv."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("bleach - the anime and movies, what do u have", "bleach"),
        ("kung fu panda - the films and shows, what've u got", "kung fu panda"),
        ("little singham - the cartoon movies, what do you have", "little singham"),
        ("rocky, the boxing movies, what do you have", "rocky"),
    ],
)
def test_a_described_name_of_several_titles_is_all_of_them(
    catalog_reader, catalog_df, question, phrase
):
    held = catalog_df[catalog_df["title"].str.casefold().str.contains(phrase, regex=False)]
    assert len(held) >= 3, phrase
    specs = catalog_reader.read(question)
    assert len(specs) == 1 and specs[0].op == "list", question
    assert [h.casefold() for h in specs[0].titles.title_has] == [phrase], question
    assert specs[0].titles.type is None and not specs[0].titles.titles, question


def test_a_described_single_title_is_still_its_entry(catalog_reader):
    specs = catalog_reader.read("happy valley, the yorkshire cop one, can i watch it")
    assert specs[0].op == "describe" and specs[0].titles.titles == ["Happy Valley"]
