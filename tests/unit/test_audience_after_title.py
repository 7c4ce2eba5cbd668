"""A held one-word title then a joining word and more ("is ozark for adults", "is narcos for
grown ups", "can i watch dark for teenagers"): the words after it ask who the title is for, not
name a longer title the catalog lacks, so the reading is the held title's entry (its rating
answers it), the audience words its gloss; one that says more than an audience ("… under 10")
stays unsure, never a sure "no Okja for Children". Phrasings written for this rule; the held
titles checked in the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.described import held_part
from agentic_rag.folding import fold
from tests.unit.reading_sure import sure


@pytest.mark.parametrize(
    ("question", "held"),
    [
        ("is ozark for adults", "Ozark"),
        ("is narcos for grown ups", "Narcos"),
        ("is ozark fine for teenagers", "Ozark"),
        ("can i watch dark for teenagers", "Dark"),
    ],
)
def test_a_held_title_before_an_audience_is_its_entry(catalog_df, catalog_reader, question, held):
    row = catalog_df[catalog_df["title"].map(fold) == fold(held)]
    assert len(row) and row.iloc[0]["rating"]  # the entry shows a rating
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [held] and not spec.absent, question
    assert sure(catalog_reader, question) >= 0.8


def test_more_than_an_audience_is_no_sure_reading(catalog_df, catalog_reader):
    question = "is okja for children under 10"
    assert (catalog_df["title"].map(fold) == fold("Okja")).any()
    specs = catalog_reader.read(question)
    absent = [a.name for s in specs for a in s.absent]
    f, _ = confidence.features(catalog_reader, question, specs, "")
    assert all(held_part(a, catalog_reader.lex) == "Okja" for a in absent), absent
    assert confidence.probability(f) < 0.5, (question, f)


@pytest.mark.parametrize("name", ["Game of Thrones", "Killers of the Flower Moon"])
def test_a_longer_name_after_one_word_is_no_held_title(catalog_df, catalog_reader, name):
    """One held word then "of" names a longer title ("Game of Thrones"), not an audience."""
    assert not (catalog_df["title"].map(fold) == fold(name)).any()
    assert held_part(name, catalog_reader.lex) is None


@pytest.mark.parametrize(
    ("question", "name", "held"),
    [
        ("is drive my car on here", "Drive My Car", "Drive"),
        ("can i watch drive my car", "Drive My Car", "Drive"),
        ("is alone in the dark on here", "Alone in the Dark", "Alone"),
    ],
)
def test_words_that_name_no_audience_are_a_longer_title(
    catalog_df, catalog_reader, question, name, held
):
    """A held one-word title then words that say no one it is for ("drive my car": no "for")
    names a longer title, absent here, not the held title's entry."""
    folded = catalog_df["title"].map(fold)
    assert (folded == fold(held)).any() and not (folded == fold(name)).any()
    (spec,) = catalog_reader.read(question)
    assert [a.name for a in spec.absent] == [name] and spec.titles.titles == [name], question
    assert held_part(name, catalog_reader.lex) is None
