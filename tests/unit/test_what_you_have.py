"""'What do you have (of / from) X' and 'X - what've u got' ask what the catalog holds of X:
every title of a name several titles hold (also by the shorter name its series goes by:
"Ninja Turtles: The Next Mutation"), a person's titles in the role said ("as director"). A
yes-or-no tag at the end ("... or nah") asks nothing. Truth: the CSV (pandas)."""

from __future__ import annotations

import re

import pytest

from agentic_rag.folding import fold


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", fold(text)))


def _holding(df, phrases: list[str]) -> set[str]:
    keys = [f" {_words(p)} " for p in phrases]
    return set(df[df["title"].map(lambda t: any(k in f" {_words(t)} " for k in keys))]["title"])


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("star trek - what do you have", "star trek"),
        ("what have you got of star trek?", "star trek"),
        ("barbie, what've u got", "barbie"),
        ("what do u have from narcos", "narcos"),
        ("godzilla: what do you guys have", "godzilla"),
    ],
)
def test_what_the_catalog_has_of_a_name_lists_every_title_holding_it(
    catalog_df, catalog_reader, question, phrase
):
    truth = _holding(catalog_df, [phrase])
    assert len(truth) >= 2
    (spec,) = catalog_reader.read(question)
    assert spec.op == "list" and not spec.titles.titles
    assert [_words(p) for p in spec.titles.title_has] == [phrase]
    assert set(catalog_reader.lex.titles_with(spec.titles.title_has[0])) == truth


@pytest.mark.parametrize(
    "question",
    [
        "teenage mutant ninja turtles - what've u got",
        "what do you have of teenage mutant ninja turtles",
        "all the teenage mutant ninja turtles titles",
    ],
)
def test_a_series_known_by_a_shorter_name_holds_the_titles_of_that_name(
    catalog_df, catalog_reader, question
):
    whole, short = (
        _holding(catalog_df, ["teenage mutant ninja turtles"]),
        _holding(catalog_df, ["ninja turtles"]),
    )
    assert whole < short  # a title carries only the shorter name
    (spec,) = catalog_reader.read(question)
    held = {t for p in spec.titles.title_has for t in catalog_reader.lex.titles_with(p)}
    assert spec.op == "list" and held == short


def test_a_title_alone_with_that_name_is_another_title(catalog_df, catalog_reader):
    """'Deadly Sins' (a crime series) is no entry of The Seven Deadly Sins."""
    assert "Deadly Sins" in set(catalog_df["title"])
    (spec,) = catalog_reader.read("seven deadly sins titles")
    held = {t for p in spec.titles.title_has for t in catalog_reader.lex.titles_with(p)}
    assert held == _holding(catalog_df, ["seven deadly sins"]) and "Deadly Sins" not in held


@pytest.mark.parametrize(
    ("question", "name", "role"),
    [
        ("what do you have from werner herzog as director", "Werner Herzog", "director"),
        ("what have you got by martin scorsese", "Martin Scorsese", "director"),
        ("what do u have with anurag kashyap as an actor", "Anurag Kashyap", "cast"),
    ],
)
def test_what_the_catalog_has_from_a_person_lists_their_titles(
    catalog_df, catalog_reader, question, name, role
):
    column = "director" if role == "director" else "cast"
    assert catalog_df[column].str.contains(name).any()
    (spec,) = catalog_reader.read(question)
    assert spec.op == "list"
    assert [(p.name, p.role) for p in spec.titles.people] == [(name, role)]


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("casablanca streaming on here or nah", "Casablanca"),
        ("do you have the godfather or nah", "The Godfather"),
        ("is titanic on netflix or not", "Titanic"),
    ],
)
def test_a_yes_or_no_tag_asks_nothing_and_an_absent_title_is_said_absent(
    catalog_df, catalog_reader, question, title
):
    assert title not in set(catalog_df["title"])
    (spec,) = catalog_reader.read(question)
    assert [a.name for a in spec.absent] == [title]


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("got pirates of the caribbean", "Pirates of the Caribbean"),
        ("got pride and prejudice?", "Pride and Prejudice"),
        ("any planet of the apes", "Planet of the Apes"),
    ],
)
def test_a_title_shaped_name_after_a_bare_cue_is_asked_for(
    catalog_df, catalog_reader, question, title
):
    """Nouns joined by "of (the)" or "and" name a title even in lower case: one the catalog
    lacks is said absent, not searched for in the descriptions."""
    assert not catalog_df["title"].str.contains(title, case=False, regex=False).any()
    (spec,) = catalog_reader.read(question)
    assert spec.op != "search" and [a.name for a in spec.absent] == [title]


def test_a_title_shaped_name_two_titles_hold_offers_them(catalog_df, catalog_reader):
    """Fewer titles than a franchise holding the name: it is said absent and they are offered."""
    truth = _holding(catalog_df, ["lord of the rings"])
    assert len(truth) == 2
    (spec,) = catalog_reader.read("got lord of the rings")
    assert [set(a.near) for a in spec.absent] == [truth]


@pytest.mark.parametrize(
    ("question", "word"),
    [("what have you got on sharks", "shark"), ("what do u have on dinosaurs?", "dinosaur")],
)
def test_what_the_catalog_has_on_a_topic_is_no_title_asked_for(
    catalog_df, catalog_reader, question, word
):
    """Everyday words after "what do you have on" are a topic its descriptions hold, not a
    title the catalog lacks."""
    assert catalog_df["description"].str.contains(word, case=False).sum() >= 3
    specs = catalog_reader.read(question)
    assert all(s.absent == [] for s in specs)
