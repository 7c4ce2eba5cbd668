"""A phrase of many titles holding a genre word ("spy kids": the genre cue "kids") is the
titles' name when the titles are a series (most open with it), and a name said first, then
its works counted ("kung fu panda: how many films"), counts the titles holding the name, not
the one title of that name. Truth: the CSV's titles (pandas, whole words, case-blind)."""

from __future__ import annotations

import re

import pytest


def _holding(df, phrase: str, kind: str | None = None) -> list[str]:
    pat = re.compile(rf"\b{re.escape(phrase)}\b", re.I)
    rows = df[df["title"].map(lambda t: bool(pat.search(t)))]
    return list(rows[rows["type"] == kind]["title"] if kind else rows["title"])


@pytest.mark.parametrize(
    ("question", "op", "kind"),
    [
        ("all the spy kids movies", "list", "Movie"),
        ("any spy kids titles?", "list", None),
        ("how many spy kids things are there", "count", None),
        ("spy kids films from 2003", "list", "Movie"),
    ],
)
def test_a_series_name_holding_a_genre_word_is_the_series(
    catalog_df, catalog_reader, question, op, kind
):
    assert len(_holding(catalog_df, "spy kids")) >= 2
    (spec,) = catalog_reader.read(question)
    assert spec.op == op and spec.titles.title_has == ["spy kids"]
    assert spec.titles.genres == [] and spec.titles.type == kind


@pytest.mark.parametrize(
    "question", ["spy kids cast", "who directed spy kids", "when was spy kids released"]
)
def test_the_one_title_of_that_name_asked_about_is_that_title(catalog_df, catalog_reader, question):
    assert "Spy Kids" in set(catalog_df["title"])
    specs = catalog_reader.read(question)
    assert specs[-1].titles.titles == ["Spy Kids"] and specs[-1].titles.genres == []


@pytest.mark.parametrize(
    ("question", "phrase", "kinds"),
    [
        ("spy kids - how many movies and how many series", "spy kids", ["Movie", "TV Show"]),
        ("kung fu panda: how many films", "kung fu panda", ["Movie"]),
        ("star trek: how many shows and how many movies", "star trek", ["TV Show", "Movie"]),
        ("the barbie - how many movies?", "barbie", ["Movie"]),
        ("spy kids how many movies", "spy kids", ["Movie"]),
        ("kung fu panda how many films are there", "kung fu panda", ["Movie"]),
    ],
)
def test_a_name_said_first_then_its_works_counted_counts_every_title_holding_it(
    catalog_df, catalog_reader, question, phrase, kinds
):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["count"] * len(kinds)
    assert [s.titles.type for s in specs] == kinds
    for s, kind in zip(specs, kinds, strict=True):
        assert [p.casefold() for p in s.titles.title_has] == [phrase]
        assert len(_holding(catalog_df, phrase, kind)) >= 1
