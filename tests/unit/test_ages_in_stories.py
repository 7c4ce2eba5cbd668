"""A character's age typed short in a told story ("6 yr old girl", "a 7 yo son", "17 y/o
player"): read as the descriptions write it ("6-year-old", `mend`, `words.yaml` age_forms),
so the age is the story's, searched with it, never an unread number or a vague "old"; a story
may open with it after the kind said first ("brazilian kids show, 6 yr old girl …",
`unled`), that kind's type noun is read before its comma (`tagger`), and a type named beats
the type a genre word hints ("romcom show": a show, `sets`). Phrasings written for this test;
truths from the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.mend import mend


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("a 7 yo son", "a 7-year-old son"),
        ("17 y/o shogi player", "17-year-old shogi player"),
        ("her 10 yr old daughter", "her 10-year-old daughter"),
        ("a 33 year old woman", "a 33-year-old woman"),
    ],
)
def test_an_age_typed_short_is_read_as_the_descriptions_write_it(catalog_reader, typed, read):
    text, notes = mend(typed, catalog_reader.lex, catalog_reader.tagger.catalog_words.knows)
    assert text == read and any("as an age" in n for n in notes)


@pytest.mark.parametrize(
    "question",
    ["yo how many movies", "titles added in the last 2 yr", "movies from the past 3 yrs"],
)
def test_a_span_of_years_or_a_greeting_is_no_age(catalog_reader, question):
    text, _ = mend(question, catalog_reader.lex, catalog_reader.tagger.catalog_words.knows)
    assert "year-old" not in text


@pytest.mark.parametrize(
    ("question", "show_id"),
    [
        ("indian horror, 10 yr old girl has to save a cursed village", "s1778"),
        ("anime, 17 y/o shogi player gets taken in by three sisters", "s3785"),
        ("taiwanese romcom show, 33 year old single woman falls for a 25 yr old guy", "s7811"),
    ],
)
def test_a_story_with_an_age_searches_the_age_and_leaves_nothing_unread(
    catalog_df, catalog_reader, question, show_id
):
    row = catalog_df[catalog_df["show_id"] == show_id].iloc[0]
    (spec,) = catalog_reader.read(question)
    assert spec.op == "search" and "-year-old" in spec.about, question
    assert any(a in row["description"] for a in spec.about.split() if a.endswith("-year-old"))
    if spec.titles.type:
        assert spec.titles.type == row["type"], question
    _, used = confidence.features(catalog_reader, question, [spec], spec.about)
    assert not used.meaning and not used.unused, (question, used.meaning, used.unused)


def test_a_type_named_beats_a_genre_words_hint(catalog_reader):
    (spec,) = catalog_reader.read("korean romcom shows")
    assert spec.titles.type == "TV Show"
    (spec,) = catalog_reader.read("romcoms from 2019")
    assert spec.titles.type == "Movie"
