"""A name cued by no plural works noun: one work after an article ("a spielberg film", "any
tarantino movie") or a question of what someone made, the loose verb after the name ("what did
scorsese make with de niro", "what has nolan made"), is a person's, read like "spielberg films"
(`absent._made_cue`); set words the same way ("a korean film") are untouched. Phrasings written
for this test; credits counted with pandas on the CSV."""

from __future__ import annotations

import pytest

from tests.unit.reading_sure import sure


def _directed(df, name: str) -> set[str]:
    return set(df[df["director"].str.contains(name, regex=False)]["title"])


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("a spielberg film", "Steven Spielberg"),
        ("a tarantino film", "Quentin Tarantino"),
        ("what has nolan made", "Christopher Nolan"),
    ],
)
def test_a_surname_cued_by_one_work_or_a_making_verb_is_the_person(
    catalog_df, catalog_reader, question, person
):
    assert _directed(catalog_df, person)
    (spec,) = catalog_reader.read(question)
    assert [p.name for p in spec.titles.people] == [person], question
    assert spec.op == "list", question
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "director", "actor"),
    [
        ("what did scorsese make with de niro", "Martin Scorsese", "Robert De Niro"),
        ("what did tarantino make with samuel l jackson", "Quentin Tarantino", "Samuel L. Jackson"),
    ],
)
def test_what_someone_made_with_another_is_their_shared_titles(
    catalog_df, catalog_reader, question, director, actor
):
    both = {
        t
        for t in _directed(catalog_df, director)
        if actor in catalog_df[catalog_df["title"] == t].iloc[0]["cast"]
    }
    assert both  # The Irishman …, Pulp Fiction …
    (spec,) = catalog_reader.read(question)
    assert {p.name for p in spec.titles.people} == {director, actor}, question
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    "question",
    ["a korean film", "what did netflix make in 2020", "a marvel movie", "a christmas movie"],
)
def test_set_words_after_an_article_or_before_a_making_verb_are_no_person(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert not spec.titles.people and not spec.absent, question
