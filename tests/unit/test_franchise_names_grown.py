"""A franchise named whole and asked with "which ones" / "how many of those": a phrase of several
titles grows over the words after it while the very same titles hold them ("cloudy with a
chance" + "of meatballs"; `phrases._grown`), and the name of a series of films may open with a
common word before a works noun ("bad boys movies", "men in black films"). The titles and counts
are the CSV's, computed with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.folding import fold


def _holding(df, words: str, kind: str | None = None) -> set[str]:
    rows = df if kind is None else df[df["type"] == kind]
    return {t for t in rows["title"] if fold(words) in fold(t)}


@pytest.mark.parametrize(
    ("question", "name"),
    [
        (
            "cloudy with a chance of meatballs, how many of those",
            "cloudy with a chance of meatballs",
        ),
        (
            "how many cloudy with a chance of meatballs movies are there",
            "cloudy with a chance of meatballs",
        ),
        ("the twilight saga breaking dawn films which ones", "twilight saga breaking dawn"),
    ],
)
def test_a_phrase_grows_over_the_words_the_same_titles_hold(
    catalog_df, catalog_reader, question, name
):
    held = _holding(catalog_df, name.replace("saga breaking", "saga: breaking"))
    assert len(held) >= 2
    specs = catalog_reader.read(question)
    assert [fold(x) for x in specs[-1].titles.title_has] == [fold(name)], question
    assert set(catalog_reader.lex.titles_with(specs[-1].titles.title_has[0])) == held, question


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("bad boys movies which ones", "bad boys"),
        ("men in black films, how many", "men in black"),
        ("final destination movies which ones", "final destination"),
    ],
)
def test_a_film_series_named_with_a_common_word_first_is_every_film_of_it(
    catalog_df, catalog_reader, question, name
):
    held = _holding(catalog_df, name, "Movie")
    assert len(held) >= 2
    (spec,) = catalog_reader.read(question)
    assert spec.titles.title_has == [name] and spec.titles.type == "Movie", question
    assert spec.op in ("list", "count"), question


@pytest.mark.parametrize("question", ["the new movies", "good girls shows", "any lego movies"])
def test_no_series_no_phrase_of_a_common_word(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert not any(fold(x).split()[0] in ("the", "any", "new") for x in spec.titles.title_has)


@pytest.mark.parametrize(
    ("question", "name"),
    [("all the karate kid movies?", "karate kid"), ("any spy kids films", "spy kids")],
)
def test_an_article_before_a_series_name_is_no_word_of_it(
    catalog_df, catalog_reader, question, name
):
    assert len(_holding(catalog_df, name, "Movie")) > len(
        _holding(catalog_df, f"the {name}", "Movie")
    )
    (spec,) = catalog_reader.read(question)
    assert spec.titles.title_has == [name], question


def test_a_series_name_with_a_type_after_it_is_its_titles_not_one_title(catalog_df, catalog_reader):
    assert len(_holding(catalog_df, "star trek", "TV Show")) >= 2
    (spec,) = catalog_reader.read("star trek series available?")
    assert spec.titles.title_has == ["star trek"] and not spec.titles.titles
