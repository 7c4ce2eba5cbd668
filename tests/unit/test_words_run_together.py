"""One word a stranger writes for two words titles hold ("spiderman" for Spider-Man, "ironman"
for Iron Man), asked for with a cue, is every title holding the two words
(`series_names.run_together`), not a title the catalog lacks; a word no title holds split or
whole ("encanto") is still absent. Truths are computed with pandas on the catalog CSV."""

from __future__ import annotations

import re

import pytest


def _holding(catalog_df, a: str, b: str) -> int:
    pattern = rf"\b{re.escape(a)}[\s-]{re.escape(b)}\b"
    return int(catalog_df.title.str.contains(pattern, case=False, regex=True).sum())


@pytest.mark.parametrize(
    ("question", "a", "b"),
    [
        ("do you guys have spiderman", "spider", "man"),
        ("got ironman?", "iron", "man"),
        ("can i watch spiderman", "spider", "man"),
    ],
)
def test_a_word_written_together_is_the_titles_of_its_two_words(
    catalog_reader, catalog_df, question, a, b
):
    assert _holding(catalog_df, a, b) >= 3  # the truth: several titles hold the two words
    spec = catalog_reader.read(question)[0]
    assert spec.titles.title_has == [f"{a} {b}"], question
    assert not spec.absent, question


@pytest.mark.parametrize("question", ["is encanto on here", "do you have starman"])
def test_a_word_no_title_holds_is_absent(catalog_reader, catalog_df, question):
    word = question.split()[-3] if question.endswith("here") else question.split()[-1]
    assert not catalog_df.title.str.contains(word, case=False).any()  # the truth: none hold it
    spec = catalog_reader.read(question)[0]
    assert spec.absent and spec.absent[0].name.casefold() == word, question
