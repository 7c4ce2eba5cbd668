"""A name counted with "how many" and no noun of a title's own parts ("godzilla anything, how
many", "nailed it: how many versions", "how many X are there") counts every title holding the
name, even when one title is named exactly so (counting that one title would say 1); a
nationality word inside a series' name ("great british baking show") is a word of the name;
and "which X came out first" ranks X's titles by their dates. Truth: the CSV's titles (pandas,
words in a row, punctuation and case aside)."""

from __future__ import annotations

import re

import pytest

from agentic_rag.folding import fold


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", fold(text)))


def _holding(df, phrase: str, kind: str | None = None) -> set[str]:
    k = f" {_words(phrase)} "
    rows = df[df["title"].map(lambda t: k in f" {_words(t)} ")]
    return set(rows[rows["type"] == kind]["title"] if kind else rows["title"])


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("godzilla - how many?", "godzilla"),
        ("how many godzilla are there", "godzilla"),
        ("Godzilla, how many do you have", "godzilla"),
        ("nailed it: how many versions exist", "nailed it"),
        ("how many nailed it titles", "nailed it"),
        ("great british baking show, how many in total", "great british baking show"),
        ("count the great british baking show titles", "great british baking show"),
        ("spirit riding free: how many are there", "spirit riding free"),
        ("godzilla count?", "godzilla"),
        ("nailed it - total", "nailed it"),
        ("spirit riding free: number of titles", "spirit riding free"),
    ],
)
def test_a_name_counted_counts_every_title_holding_it(catalog_df, catalog_reader, question, phrase):
    truth = _holding(catalog_df, phrase)
    assert len(truth) >= 3 and any(_words(t) in (phrase, f"the {phrase}") for t in truth)
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and not spec.titles.titles
    assert [re.sub(r"^the ", "", _words(p)) for p in spec.titles.title_has] == [phrase]
    assert spec.titles.countries == []
    assert set(catalog_reader.lex.titles_with(spec.titles.title_has[0])) == truth


@pytest.mark.parametrize(
    "question", ["godzilla seasons, how many", "how many seasons does godzilla have"]
)
def test_a_titles_own_parts_counted_keep_the_title(catalog_df, catalog_reader, question):
    assert "Godzilla" in set(catalog_df["title"])
    specs = catalog_reader.read(question)
    assert all(s.titles.title_has == [] for s in specs)


def test_films_versus_series_of_a_name_counts_each_type(catalog_df, catalog_reader):
    phrase = "spirit riding free"
    movies, shows = _holding(catalog_df, phrase, "Movie"), _holding(catalog_df, phrase, "TV Show")
    assert movies and shows
    specs = catalog_reader.read("spirit riding free - movies vs shows, how many each")
    sets = [specs[0].titles] + ([specs[0].part] if specs[0].part else [s.titles for s in specs[1:]])
    assert sorted(s.type for s in sets) == ["Movie", "TV Show"]
    for s in sets:
        assert [_words(p) for p in s.title_has] == [phrase]
        truth = movies if s.type == "Movie" else shows
        held = set(catalog_reader.lex.titles_with(s.title_has[0]))
        assert {t for t in held if t in truth} == truth


@pytest.mark.parametrize(
    ("question", "phrase", "kind", "ascending"),
    [
        ("which pokemon came out first", "pokemon", None, True),
        ("which barbie movie was released last", "barbie", "Movie", False),
        ("what lego title came out first?", "lego", None, True),
    ],
)
def test_which_of_a_name_came_out_first_ranks_its_titles(
    catalog_df, catalog_reader, question, phrase, kind, ascending
):
    titles = catalog_df[catalog_df["title"].isin(_holding(catalog_df, phrase, kind))]
    assert titles["release_year"].nunique() > 1  # a ranking that can tell them apart
    (spec,) = catalog_reader.read(question)
    assert spec.op == "top" and spec.by == "release_year" and spec.limit == 1
    assert spec.ascending is ascending and spec.titles.type == kind
    assert [_words(p) for p in spec.titles.title_has] == [phrase]


def test_a_name_counted_by_type_compares_every_title_holding_it(catalog_df, catalog_reader):
    """ "naruto count - shows vs movies": the titles holding the name, of each type (not the
    one show named Naruto against no movie of that name)."""
    specs = catalog_reader.read("naruto count - shows vs movies")
    phrases = {p.casefold() for s in specs for p in s.titles.title_has}
    assert phrases == {"naruto"} and not any(s.titles.titles for s in specs)
    assert len(_holding(catalog_df, "naruto", "Movie")) > len(
        _holding(catalog_df, "naruto", "TV Show")
    )
