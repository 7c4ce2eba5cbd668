"""A name listed after "and" / "or" right before a works noun is no misspelt frame word: "fast
and furious and madea movies, how many" keeps 'madea' (a film series the catalog lacks), not
"made movies"; elsewhere the same word is still mended ("movies madea in france": made)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.mend import mend


@pytest.mark.parametrize(
    "question",
    [
        "fast and furious and madea movies, how many",
        "star wars or madea films",
        "barbie and madea movies which ones",
    ],
)
def test_a_listed_name_before_a_works_noun_is_kept(catalog_df, catalog_reader, question):
    assert not any("madea" in t.casefold() for t in catalog_df["title"])
    lex, knows = catalog_reader.lex, catalog_reader.tagger.catalog_words.knows
    text, notes = mend(question, lex, knows)
    assert "madea" in text and not any("madea" in n for n in notes), question


def test_the_word_elsewhere_is_mended(catalog_reader):
    lex, knows = catalog_reader.lex, catalog_reader.tagger.catalog_words.knows
    assert mend("movies madea in france", lex, knows)[0] == "movies made in france"
