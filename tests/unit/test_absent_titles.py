"""Things the catalog does not hold, asked for in any phrasing, are said to be absent; a catalog
name is offered only when really close (the same words with a qualifier, a typo, a title that
opens with the asked words), never used as the answer. Absence is computed from the CSV with
pandas, case- and accent-blind."""

from __future__ import annotations

import pytest

from agentic_rag.folding import fold


def _held(df, title: str) -> bool:
    return fold(title) in {fold(t) for t in df["title"]}


def _titles_with(df, words: str) -> list[str]:
    k = f" {' '.join(fold(words).split())} "
    return [t for t in df["title"] if k in f" {' '.join(fold(t).replace(':', ' ').split())} "]


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("do you guys have forrest gump", "Forrest Gump"),
        ("is jurassic park streaming", "Jurassic Park"),
        ("can we see interstellar on netflix", "Interstellar"),
        ("i wanna watch the lion king, is it there", "The Lion King"),
        ("have you got spirited away", "Spirited Away"),
        ("can i watch titanic here", "Titanic"),
        ("is the godfather on here", "The Godfather"),
    ],
)
def test_a_title_the_csv_lacks_is_absent_and_nothing_else_is_offered(
    catalog_df, catalog_reader, question, name
):
    assert not _held(catalog_df, name) and not _titles_with(catalog_df, name)
    (spec,) = catalog_reader.read(question)
    (gap,) = spec.absent
    assert gap.kind == "title" and gap.name == name
    assert spec.titles.titles == [name]  # the typed name, never a catalog title as the answer
    assert gap.near == []  # nothing really close: no 'The Titan' for Titanic


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("gone girl is it available", "Gone Girl"),
        ("the dark knight, do you guys have it", "The Dark Knight"),
        ("the shawshank redemption - can i watch it here?", "The Shawshank Redemption"),
        ("fight club: is it on netflix", "Fight Club"),
    ],
)
def test_a_name_then_a_question_back_at_it_asks_whether_the_catalog_holds_it(
    catalog_df, catalog_reader, question, name
):
    """'X, is it here' / 'X - do you have it': the 'it' is the thing just named (so the words
    before it are a name even when they are everyday words), not a reference to nothing."""
    assert not _held(catalog_df, name)
    (spec,) = catalog_reader.read(question)
    assert [a.name for a in spec.absent] == [name] and spec.titles.titles == [name]
    assert not spec.unresolved


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("squid game, do you guys have it", "Squid Game"),
        ("the irishman is it streaming here", "The Irishman"),
        ("inception - can i stream it?", "Inception"),
    ],
)
def test_a_held_title_then_a_question_back_at_it_is_that_titles_entry(
    catalog_df, catalog_reader, question, name
):
    assert _held(catalog_df, name)
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [name]
    assert not spec.absent and not spec.unresolved


def test_a_plural_that_is_another_catalog_title_is_not_read_as_it(catalog_df, catalog_reader):
    assert not _held(catalog_df, "The Boys") and _held(catalog_df, "The Boy")
    (spec,) = catalog_reader.read("is the boys on netflix")
    assert [a.name for a in spec.absent] == ["The Boys"] and spec.titles.titles == ["The Boys"]


def test_a_typo_of_a_catalog_title_is_still_read_as_it(catalog_df, catalog_reader):
    assert _held(catalog_df, "Stranger Things")
    (spec,) = catalog_reader.read("is stranger thigns on here")
    assert spec.titles.titles == ["Stranger Things"] and not spec.absent


def test_titles_opening_with_the_asked_words_are_offered_not_answered(catalog_df, catalog_reader):
    assert not _held(catalog_df, "Money Heist")
    opening = [t for t in _titles_with(catalog_df, "Money Heist") if fold(t).startswith("money")]
    (spec,) = catalog_reader.read("do you have money heist?")
    (gap,) = spec.absent
    assert gap.name == "Money Heist" and sorted(gap.near) == sorted(opening)
    assert spec.titles.titles == ["Money Heist"]


def test_the_same_title_with_a_qualifier_is_offered(catalog_df, catalog_reader):
    assert not _held(catalog_df, "The Office") and _held(catalog_df, "The Office (U.S.)")
    (spec,) = catalog_reader.read("can i stream the office on here")
    assert spec.absent[0].near == ["The Office (U.S.)"]


def test_a_person_the_csv_lacks_is_an_absent_person(catalog_df, catalog_reader):
    people = {fold(x) for c in ("cast", "director") for v in catalog_df[c] for x in v.split(",")}
    assert fold("Wes Anderson") not in people
    (spec,) = catalog_reader.read("got anything directed by wes anderson?")
    (gap,) = spec.absent
    assert gap.kind == "person" and gap.name == "Wes Anderson" and gap.role == "director"


@pytest.mark.parametrize(
    ("question", "name"),
    [("harry potter movies", "Harry Potter"), ("any Toy Story films?", "Toy Story")],
)
def test_a_franchise_no_title_holds_is_absent(catalog_df, catalog_reader, question, name):
    assert not _titles_with(catalog_df, name)
    (spec,) = catalog_reader.read(question)
    assert [a.name for a in spec.absent] == [name] and spec.titles.title_has == []


def test_a_franchise_one_title_holds_is_that_title_by_its_phrase(catalog_df, catalog_reader):
    (one,) = _titles_with(catalog_df, "James Bond")
    (spec,) = catalog_reader.read("how many James Bond movies are there")
    assert spec.titles.title_has == ["James Bond"] and not spec.absent
    assert catalog_reader.lex.titles_with("James Bond") == [one]


def test_a_title_closing_a_question_before_make_is_the_title_asked_about(
    catalog_df, catalog_reader
):
    assert not _held(catalog_df, "Parasite")
    parts = catalog_reader.read("what did the director of parasite make")
    assert [a.name for s in parts for a in s.absent] == ["Parasite"]


@pytest.mark.parametrize(
    ("question", "title", "lacks"),
    [
        ("is stranger things a series", "Stranger Things", False),
        ("is okja a film or a series", "Okja", False),
        ("is the godfather a movie", "The Godfather", True),
    ],
)
def test_a_type_asked_after_the_name_is_not_part_of_it(
    catalog_df, catalog_reader, question, title, lacks
):
    assert (title in set(catalog_df["title"])) != lacks  # the CSV says which are held
    (spec,) = catalog_reader.read(question)
    names = [a.name for a in spec.absent] if lacks else spec.titles.titles
    assert names == [title]


def test_a_name_the_catalog_lacks_is_masked_as_a_name_for_the_example_vote(catalog_reader):
    from agentic_rag.agent.rules import example_gap

    specs = catalog_reader.read("can i stream the office")
    assert [a.name for a in specs[0].absent] == ["The Office"]
    assert example_gap.example_gap(catalog_reader, specs) == 0.0  # nearest: a title's entry


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("is there any spielberg", "Steven Spielberg"),
        ("any tarantino?", "Quentin Tarantino"),
        ("do you guys have any scorsese", "Martin Scorsese"),
    ],
)
def test_a_surname_asked_for_is_the_person_not_a_title_the_catalog_lacks(
    catalog_df, catalog_reader, question, person
):
    assert catalog_df["director"].fillna("").str.contains(person).any()
    (spec,) = catalog_reader.read(question)
    assert [p.name for p in spec.titles.people] == [person] and not spec.absent
