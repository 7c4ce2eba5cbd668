""" "r" is texting for "are" where a verb goes, and the rating R where it picks works: "r the
matrix movies here" asks for the Matrix movies (not a title "R the Matrix"), "how many r movies
from 2018" counts R-rated movies. Phrasings written for these rules; truths from the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.mend import mend


@pytest.mark.parametrize(
    ("text", "mended"),
    [
        ("r the lord of the rings films here", "are the lord of the rings films here"),
        ("what r the oldest anime", "what are the oldest anime"),
        ("r there any movies from peru", "are there any movies from peru"),
        ("how many comedies r there", "how many comedies are there"),
    ],
)
def test_r_where_a_verb_goes_is_are(catalog_reader, text, mended):
    out, notes = mend(text, catalog_reader.lex, catalog_reader.tagger.catalog_words.knows)
    assert out == mended and "read 'r' as 'are'" in notes


@pytest.mark.parametrize(
    "text", ["movies rated r the newest first", "r-rated movies", "rated r the oldest ones"]
)
def test_r_after_rated_stays_the_rating(catalog_reader, text):
    out, _ = mend(text, catalog_reader.lex, catalog_reader.tagger.catalog_words.knows)
    assert out == text


def test_a_title_phrase_after_r_is_read_without_it(catalog_reader, catalog_df):
    (spec,) = catalog_reader.read("r the matrix movies on netflix")
    assert not any(t.casefold().startswith("r ") for t in spec.titles.titles)
    held = catalog_df[catalog_df["title"].str.contains("Matrix") & (catalog_df["type"] == "Movie")]
    assert spec.titles.title_has and len(held) == 3


@pytest.mark.parametrize(
    ("question", "rating"),
    [
        ("how many r movies came out in 2017", "R"),
        ("any g films about dogs", "G"),
        ("list all r titles from spain", "R"),
        ("R movies starring denzel washington", "R"),
    ],
)
def test_a_one_letter_rating_that_picks_works_is_the_rating(catalog_reader, question, rating):
    specs = catalog_reader.read(question)
    assert any(rating in s.titles.ratings for s in specs), [s.titles for s in specs]
