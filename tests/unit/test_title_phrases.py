"""A phrase that is part of many titles means all of them ("star trek shows", "kung fu panda
stuff"), inside longer titles too, by type when a type is named; one title named exactly stays
that title. The sets are computed from the CSV with pandas."""

from __future__ import annotations

import re

import pytest

from agentic_rag.folding import fold


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", fold(text)))


def _with(df, phrase: str, kind: str | None = None) -> set[str]:
    k = f" {_words(phrase)} "
    rows = df[[k in f" {_words(t)} " for t in df["title"]]]
    return set(rows[rows["type"] == kind]["title"] if kind else rows["title"])


@pytest.mark.parametrize(
    ("question", "phrase", "kind", "inside"),
    [
        ("star trek shows", "star trek", "TV Show", "Star Trek: Deep Space Nine"),
        ("kung fu panda stuff", "kung fu panda", None, "DreamWorks Kung Fu Panda Awesome Secrets"),
        ("how many power rangers seasons are there", "power rangers", None, ""),
        ("any star wars films?", "star wars", "Movie", "Solo: A Star Wars Story"),
        ("Kung Fu Panda films", "Kung Fu Panda", "Movie", "Kung Fu Panda 2"),
    ],
)
def test_a_phrase_of_many_titles_means_all_of_them(
    catalog_df, catalog_reader, question, phrase, kind, inside
):
    expected = _with(catalog_df, phrase, kind)
    assert len(_with(catalog_df, phrase)) >= 2 and (not inside or inside in expected)
    (spec,) = catalog_reader.read(question)
    assert spec.titles.title_has == [phrase] and spec.titles.type == kind
    assert spec.titles.titles == [] and not spec.absent
    found = set(catalog_reader.lex.titles_with(phrase))  # the words in a row, inside titles too
    assert {t for t in found if kind in (None, catalog_reader.lex.show(t).type)} == expected


@pytest.mark.parametrize(
    ("question", "title"),
    [("who directed kung fu panda", "Kung Fu Panda"), ("narcos seasons", "Narcos")],
)
def test_one_title_named_exactly_stays_that_title(catalog_df, catalog_reader, question, title):
    assert (catalog_df["title"] == title).sum() == 1 and len(_with(catalog_df, title)) >= 2
    (spec,) = catalog_reader.read(question)
    assert spec.titles.titles == [title] and spec.titles.title_has == []


def test_words_the_descriptions_write_in_lower_case_are_no_title_phrase(catalog_df, catalog_reader):
    assert len(_with(catalog_df, "high school")) >= 2
    said = sum(len(re.findall(r"\bhigh school\b", d)) for d in catalog_df["description"])
    assert said >= 3  # everyday English, not a name
    (spec,) = catalog_reader.read("high school movies")
    assert spec.titles.title_has == []


@pytest.mark.parametrize(
    ("phrase", "kind"), [("marvel", "Movie"), ("star trek", None), ("spider-man", "Movie")]
)
def test_the_phrase_query_counts_whole_words_only(catalog_df, phrase, kind):
    import sqlite3

    from agentic_rag.agent.rules import compile_sql
    from agentic_rag.agent.rules.spec import TitleSet

    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE shows (show_id TEXT, title TEXT, title_folded TEXT, type TEXT)")
    conn.executemany(
        "INSERT INTO shows VALUES (?, ?, ?, ?)",
        [(r.show_id, r.title, fold(r.title), r.type) for r in catalog_df.itertuples()],
    )
    (n,) = conn.execute(compile_sql.count(TitleSet(title_has=[phrase], type=kind))).fetchone()
    words = " ".join(re.findall(r"\w+", fold(phrase)))
    inside = [t for t in catalog_df["title"] if words in _words(t)]  # "Marvelous" too
    assert n == len(_with(catalog_df, phrase, kind)) and n > 0
    assert phrase != "marvel" or len(inside) > len(_with(catalog_df, phrase))


def test_a_type_that_is_not_the_exact_titles_means_the_phrase(catalog_df, catalog_reader):
    (kind,) = catalog_df[catalog_df["title"] == "Kung Fu Panda"]["type"]
    assert kind == "Movie" and "TV Show" in set(
        catalog_df.set_index("title").loc[list(_with(catalog_df, "kung fu panda")), "type"]
    )
    (spec,) = catalog_reader.read("is there a kung fu panda show")
    assert spec.titles.title_has == ["kung fu panda"] and spec.titles.titles == []


def test_an_english_word_whose_title_has_another_type_is_no_title(catalog_df, catalog_reader):
    (kind,) = catalog_df[catalog_df["title"] == "Dark"]["type"]
    assert kind == "TV Show"
    (spec,) = catalog_reader.read("is there a dark movie")
    assert spec.titles.titles == [] and spec.titles.title_has == []


def _opening(df, phrase: str) -> float:
    held = _with(df, phrase)
    return sum(_words(t).startswith(_words(phrase)) for t in held) / max(1, len(held))


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("underworld films on here", "underworld"),  # one everyday word, titles open with it
        ("my little pony: how many movies vs how many shows", "my little pony"),  # no works noun
        ("pokemon - movies or shows, which are more", "pokemon"),
        ("is barbie on here", "barbie"),  # asked for whole: no title is just 'Barbie'
        ("do u have power rangers", "power rangers"),
    ],
)
def test_the_words_a_series_of_titles_opens_with_mean_all_of_them(
    catalog_df, catalog_reader, question, phrase
):
    assert len(_with(catalog_df, phrase)) >= 3 and _opening(catalog_df, phrase) >= 0.75
    spec = catalog_reader.read(question)[0]
    assert spec.titles.title_has == [phrase] and not spec.absent


@pytest.mark.parametrize(("question", "word"), [("love movies", "love"), ("home movies", "home")])
def test_an_everyday_word_many_titles_hold_in_the_middle_is_no_series(
    catalog_df, catalog_reader, question, word
):
    assert len(_with(catalog_df, word)) >= 10 and _opening(catalog_df, word) < 0.5
    (spec,) = catalog_reader.read(question)
    assert spec.titles.title_has == []


@pytest.mark.parametrize(
    ("question", "phrase"),
    [("got any spiderman movies", "spider man"), ("any starwars films", "star wars")],
)
def test_a_phrase_typed_without_the_titles_space_or_hyphen_is_theirs(
    catalog_df, catalog_reader, question, phrase
):
    held = _with(catalog_df, phrase)
    assert len(held) >= 2  # "Spider-Man 3", "Spider-Man: Into the Spider-Verse" ...
    (spec,) = catalog_reader.read(question)
    assert spec.titles.title_has == [phrase] and not spec.absent
