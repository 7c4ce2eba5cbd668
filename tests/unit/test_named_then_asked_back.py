"""Asking whether the catalog holds a name, in the wordings of the warm set's misses (written
anew here): "X, any of them?" asks for X even when a cue word opens it ("top gun"); "X, is it
there" asks back like "is it here"; a two-word catalog title whose words the tagger read as a set
is that title with no cue before it ("delhi crime on netflix?"); a person's name after "directed
by" that opens with a title's word is the person ("chloe zhao", not the film Chloe); a title's
words before "shows" are the title, no person named by its last word ("big mouth shows").
Truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.folding import fold


def _titles(df) -> set[str]:
    return {fold(t) for t in df["title"]}


def _with(df, words: str) -> list[str]:
    return [t for t in df["title"] if fold(words) in fold(t)]


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("top gun, any of them?", "Top Gun"),
        ("harry potter, any of them?", "Harry Potter"),
        ("toy story - any of those?", "Toy Story"),
        ("night at the museum, any of them?", "Night at the Museum"),
    ],
)
def test_a_name_then_any_of_them_asks_for_it(catalog_df, catalog_reader, question, name):
    assert not _with(catalog_df, name)
    (spec,) = catalog_reader.read(question)
    assert [(a.kind, a.name) for a in spec.absent] == [("title", name)], question
    assert not spec.unresolved, question  # "them" is the name just said, not nothing


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("gomorrah, is it there", "Gomorrah"),
        ("delhi crime on netflix?", "Delhi Crime"),
        ("criminal spain streaming?", "Criminal: Spain"),
        ("sex education on here?", "Sex Education"),
    ],
)
def test_a_held_title_asked_back_is_its_entry(catalog_df, catalog_reader, question, title):
    assert fold(title) in _titles(catalog_df)
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [title], question
    assert not (spec.titles.genres or spec.titles.countries or spec.absent), question


@pytest.mark.parametrize(
    "question",
    ["what's the newest, is it on here", "most popular show, is it there", "top comedies, any?"],
)
def test_a_question_before_the_asking_back_names_nothing(catalog_reader, question):
    specs = catalog_reader.read(question)
    assert not any(s.absent for s in specs), question


@pytest.mark.parametrize(
    ("question", "name", "held"),
    [
        ("do you have anything directed by chloe zhao", "Chloe Zhao", "Chloe"),
        ("anything directed by dark macmillan", "Dark Macmillan", "Dark"),
        ("anything starring okja smith", "Okja Smith", "Okja"),
    ],
)
def test_a_name_after_a_person_cue_is_the_person_not_the_title_it_opens_with(
    catalog_df, catalog_reader, question, name, held
):
    people = {
        fold(p.strip()) for c in ("director", "cast") for v in catalog_df[c] for p in v.split(",")
    }
    assert fold(name) not in people and fold(held) in _titles(catalog_df)
    (spec,) = catalog_reader.read(question)
    assert [(a.kind, a.name) for a in spec.absent] == [("person", name)], question
    assert held not in spec.titles.titles, question


@pytest.mark.parametrize(
    ("question", "title"),
    [("big mouth shows", "Big Mouth"), ("any big mouth episodes", "Big Mouth")],
)
def test_the_last_word_of_a_title_before_a_works_noun_is_no_person(
    catalog_df, catalog_reader, question, title
):
    assert fold(title) in _titles(catalog_df)
    (spec,) = catalog_reader.read(question)
    assert not spec.absent and spec.titles.titles == [title], question


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("kung fu panda stuff - what is there", "kung fu panda"),
        ("spy kids stuff, what's there (movies and shows)", "spy kids"),
        ("final destination stuff — what is there", "final destination"),
    ],
)
def test_what_is_there_after_a_franchise_lists_its_titles(
    catalog_df, catalog_reader, question, name
):
    assert len(_with(catalog_df, name)) >= 2
    (spec,) = catalog_reader.read(question)
    assert spec.op == "list" and spec.titles.title_has == [name], question


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("squid game, the korean one, got it?", "Squid Game"),
        ("the crown - u got it?", "The Crown"),
        ("ozark got it?", "Ozark"),
    ],
)
def test_got_it_after_a_title_asks_for_it(catalog_df, catalog_reader, question, title):
    assert fold(title) in _titles(catalog_df)
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [title], question


@pytest.mark.parametrize(
    ("question", "name"),
    [("rocky, any of them?", "rocky"), ("spy kids - any of those?", "spy kids")],
)
def test_any_of_them_after_a_title_several_titles_hold_is_all_of_them(
    catalog_df, catalog_reader, question, name
):
    assert len(_with(catalog_df, name)) >= 2 and fold(name) in _titles(catalog_df)
    (spec,) = catalog_reader.read(question)
    assert spec.titles.title_has == [name] and not spec.titles.titles, question


def test_any_of_them_after_a_title_no_other_holds_is_its_entry(catalog_df, catalog_reader):
    assert _with(catalog_df, "okja") == ["Okja"]
    (spec,) = catalog_reader.read("okja, any of them?")
    assert spec.titles.titles == ["Okja"] and spec.op == "describe"
