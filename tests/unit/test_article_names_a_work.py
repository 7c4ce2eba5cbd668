"""An unheard word after "the" and before a works noun names a work, not a person: "the purge
films on here?" asks for a film series the catalog lacks (an absent title), not for titles with
someone called Purge (`absent.work_named`); without the article the word may still be a name
the catalog lacks ("almodovar films, do you have any"). Checked with pandas: no title or
person holds the words."""

from __future__ import annotations

import pytest

from agentic_rag.folding import fold


def _held(df, word: str) -> bool:
    cols = ("title", "director", "cast")
    return any(fold(word) in fold(v) for c in cols for v in df[c])


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("the purge films on here?", "purge"),
        ("the babadook films?", "babadook"),
        ("how many of the hellraiser movies", "hellraiser"),
        ("all the jumanji movies pls", "jumanji"),
    ],
)
def test_an_unheard_word_after_the_is_no_person(catalog_df, catalog_reader, question, word):
    assert not _held(catalog_df, word)
    (spec,) = catalog_reader.read(question)
    assert not spec.titles.people, question
    assert [(a.kind, a.name) for a in spec.absent] == [("title", word.title())], question


def test_without_the_article_it_is_a_name_the_catalog_lacks(catalog_df, catalog_reader):
    assert not _held(catalog_df, "almodovar")
    (spec,) = catalog_reader.read("almodovar films, do you have any")
    assert [(a.kind, a.name) for a in spec.absent] == [("person", "Almodovar")]
