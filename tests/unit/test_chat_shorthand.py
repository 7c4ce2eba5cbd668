"""Chat shorthand for a word that changes the question ("w/o", "w/out": without; "b4": before)
is read as that word (`words.yaml` `shorthands`), so "movies w/o a country listed" is not every
movie. Phrasings written for this rule; truths from the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.mend import mend


@pytest.mark.parametrize(
    ("text", "mended"),
    [
        ("dramas w/o a rating", "dramas without a rating"),
        ("W/OUT a director how many shows", "without a director how many shows"),
        ("stuff added b4 2016", "stuff added before 2016"),
    ],
)
def test_shorthand_is_read_as_its_word(catalog_reader, text, mended):
    out, notes = mend(text, catalog_reader.lex, catalog_reader.tagger.catalog_words.knows)
    assert out == mended and notes


def test_a_slash_inside_other_words_is_no_shorthand(catalog_reader):
    text = "movies w/ tom hanks and/or meg ryan"
    out, _ = mend(text, catalog_reader.lex, catalog_reader.tagger.catalog_words.knows)
    assert out == text


def test_without_in_shorthand_counts_the_titles_lacking_it(catalog_reader, catalog_df):
    (spec,) = catalog_reader.read("how many movies w/o a country listed")
    truth = int(((catalog_df["type"] == "Movie") & (catalog_df["country"].fillna("") == "")).sum())
    assert spec.op == "count" and spec.titles.type == "Movie"
    assert spec.titles.missing == ["country"], spec.titles
    assert truth > 0
