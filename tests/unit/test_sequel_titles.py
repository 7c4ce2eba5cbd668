"""A catalog movie with a sequel's number after it that the catalog lacks is that sequel,
absent, the movie offered ("the lobster 2": no The Lobster 2, did you mean The Lobster?); a
sequel the catalog holds stays its title, a number after a show is no sequel, nor one before
an amount ("the crown 3 stars"). Truths from data/netflix_titles.csv with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.sequels import sequel_of


def _has(df, title: str) -> bool:
    return bool(df["title"].str.casefold().eq(title.casefold()).any())


@pytest.mark.parametrize(
    ("question", "name", "movie"),
    [
        ("the lobster 2", "The Lobster 2", "The Lobster"),
        ("who directed the irishman part 2", "The Irishman Part 2", "The Irishman"),
        ("men in black 3 - u have it?", "Men in Black 3", "Men in Black"),
        ("is there a bird box 2", "Bird Box 2", "Bird Box"),
    ],
)
def test_a_sequel_the_catalog_lacks_is_absent(catalog_df, catalog_reader, question, name, movie):
    assert _has(catalog_df, movie) and not _has(catalog_df, name)
    specs = catalog_reader.read(question)
    assert specs and specs[0].absent and specs[0].absent[0].name == name
    assert movie in specs[0].absent[0].near


def test_a_held_sequel_stays_its_title(catalog_df, catalog_reader):
    assert _has(catalog_df, "Men in Black II")
    (spec,) = catalog_reader.read("men in black ii - u have it?")
    assert spec.titles.titles == ["Men in Black II"] and not spec.absent


def test_a_number_after_a_show_or_before_an_amount_is_no_sequel(catalog_df, catalog_reader):
    assert (catalog_df[catalog_df["title"] == "Narcos"]["type"] == "TV Show").all()
    assert sequel_of("Narcos 3", catalog_reader.lex) is None
    assert sequel_of("The Lobster 2", catalog_reader.lex) == "The Lobster"
    specs = catalog_reader.read("top 5 movies")
    assert not any(s.absent for s in specs)


def _genres(df, title: str) -> set[str]:
    rows = df[df["title"] == title]["listed_in"]
    return {g.strip() for v in rows for g in v.split(",")}


@pytest.mark.parametrize(
    ("question", "name", "title", "genre"),
    [
        (
            "men in black international cast",
            "Men in Black International",
            "Men in Black",
            "International",
        ),
        ("narcos international cast", "Narcos International", "Narcos", "International"),
        ("ozark horror cast", "Ozark Horror", "Ozark", "Horror"),
    ],
)
def test_a_genre_word_the_title_is_not_of_makes_a_longer_absent_title(
    catalog_df, catalog_reader, question, name, title, genre
):
    assert _has(catalog_df, title) and not _has(catalog_df, name)
    assert not any(genre.casefold()[:4] in g.casefold() for g in _genres(catalog_df, title))
    specs = catalog_reader.read(question)
    assert specs and specs[0].absent and specs[0].absent[0].name == name
    assert title in specs[0].absent[0].near


@pytest.mark.parametrize(
    ("question", "title", "genre"),
    [
        ("men in black comedy cast", "Men in Black", "Comedies"),
        ("the irishman drama director", "The Irishman", "Dramas"),
        ("death note anime cast", "DEATH NOTE", "Anime Series"),
    ],
)
def test_a_genre_word_the_title_is_of_keeps_the_title(
    catalog_df, catalog_reader, question, title, genre
):
    assert genre in _genres(catalog_df, title)
    (spec,) = catalog_reader.read(question)
    assert spec.titles.titles == [title] and not spec.absent


@pytest.mark.parametrize(
    ("question", "words"),
    [("spy kids 3 available?", "Spy Kids 3"), ("spy kids 2 cast", "Spy Kids 2")],
)
def test_a_sequel_a_catalog_title_holds_is_not_absent(catalog_df, catalog_reader, question, words):
    held = catalog_df[catalog_df["title"].str.startswith(words + ":")]["title"]
    assert len(held) == 1  # Spy Kids 3: Game Over, Spy Kids 2: The Island of Lost Dreams
    assert sequel_of(words, catalog_reader.lex) is None
    specs = catalog_reader.read(question)
    assert not any(a.name == words for s in specs for a in s.absent)
