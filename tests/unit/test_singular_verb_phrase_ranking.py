"""A singular verb phrase before a superlative asks for one title: "which aussie series has run
the most seasons", "what canadian show has lasted the most seasons", "which polish film has
been running the longest" (`shape._ONE_VERB`); in the plural it stays a list."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "question",
    [
        "which aussie series has run the most seasons",
        "what canadian show has lasted the most seasons",
        "which korean series has been on for the most seasons",
        "which british sitcom has gone on the longest",
    ],
)
def test_a_singular_verb_phrase_ranks_one_title(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "top" and spec.limit == 1 and spec.titles.countries


@pytest.mark.parametrize(
    "question",
    [
        "which aussie series have run the most seasons",
        "which canadian shows have lasted the longest",
    ],
)
def test_the_plural_still_lists(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "top" and spec.limit != 1
