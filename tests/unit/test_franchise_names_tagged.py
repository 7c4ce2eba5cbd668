"""A series of titles named by words another reading claims: a person's name inside it
("krish trish and baltiboy": Krish directs a film), a type word ending it before a works noun
("scary movie films": Scary Movie, Scary Movie 5; not horror films), and a name two titles
share but for case or punctuation ("death note": Death Note, DEATH NOTE). The titles and
counts are the CSV's, computed with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.folding import fold


def _holding(df, words: str) -> set[str]:
    return {t for t in df["title"] if fold(words) in fold(t)}


@pytest.mark.parametrize(
    ("question", "name", "op"),
    [
        ("how many krish trish and baltiboy things r there", "krish trish and baltiboy", "count"),
        ("krish trish and baltiboy movies which ones", "krish trish and baltiboy", "list"),
        ("list the Krish Trish and Baltiboy titles", "krish trish and baltiboy", "list"),
        ("how many mighty raju movies", "mighty raju", "count"),
    ],
)
def test_a_person_inside_a_series_name_is_a_word_of_it(
    catalog_df, catalog_reader, question, name, op
):
    held = _holding(catalog_df, name)
    assert len(held) >= 2
    (spec,) = catalog_reader.read(question)
    assert [fold(x) for x in spec.titles.title_has] == [name], question
    assert not spec.titles.people and spec.op == op, question
    assert set(catalog_reader.lex.titles_with(name)) == held, question


@pytest.mark.parametrize(
    "question", ["how many jim gaffigan specials", "how many dave chappelle specials"]
)
def test_a_person_named_whole_stays_the_person(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.titles.people and not spec.titles.title_has, question


@pytest.mark.parametrize(
    "question",
    ["scary movie films on here?", "how many scary movie movies", "Scary Movie films, which ones"],
)
def test_a_type_word_ending_a_series_name_before_a_works_noun_names_it(
    catalog_df, catalog_reader, question
):
    assert _holding(catalog_df, "scary movie") == {"Scary Movie", "Scary Movie 5"}
    (spec,) = catalog_reader.read(question)
    assert [fold(x) for x in spec.titles.title_has] == ["scary movie"], question
    assert not spec.titles.genres, question


def test_a_genre_and_type_before_a_works_noun_stay_the_genre(catalog_reader):
    (spec,) = catalog_reader.read("horror movie films from korea")
    assert spec.titles.genres == [["Horror Movies"]] and not spec.titles.title_has


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("how many death note titles r on here", "death note"),
        ("death note stuff?", "death note"),
        ("how many fullmetal alchemist titles", "fullmetal alchemist"),
    ],
)
def test_titles_one_key_names_are_each_counted(catalog_df, catalog_reader, question, name):
    held = _holding(catalog_df, name)
    assert len(held) >= 2 and len({fold(t) for t in held}) < len(held)  # same but for case
    lex = catalog_reader.lex
    assert lex.in_titles(name) == len(held) and set(lex.titles_with(name)) == held
    (spec,) = catalog_reader.read(question)
    assert [fold(x) for x in spec.titles.title_has] == [name], question
