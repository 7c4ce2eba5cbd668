"""An everyday word's plural, capitalised now and then in the descriptions (a team's name:
"Tigers"), is no person's name when a description or a cast cue puts it after "with" ("doc
series: a zoo owner with tigers in oklahoma"); one that is part of a catalog person's name
still is (`NameEvidence.name_word`: "burns", of Ken Burns). Checked with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.folding import fold


def _in_names(df, word: str) -> bool:
    return any(
        word in fold(n).split() for c in ("director", "cast") for v in df[c] for n in v.split(",")
    )


@pytest.mark.parametrize("word", ["tigers", "lions", "hawks"])
def test_an_everyday_plural_is_no_name_word(catalog_df, catalog_reader, word):
    assert not _in_names(catalog_df, word)
    assert not catalog_reader.lex.name_word(word)


def test_a_plural_in_a_persons_name_stays_a_name_word(catalog_df, catalog_reader):
    assert _in_names(catalog_df, "burns")
    assert catalog_reader.lex.name_word("burns")


@pytest.mark.parametrize(
    "question",
    [
        "doc series: a zoo owner with tigers in oklahoma",
        "a documentary series with tigers in india",
        "kids movie with tigers and a boy in the jungle",
    ],
)
def test_animals_after_with_are_no_cast(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert not spec.titles.people and not spec.absent, question
