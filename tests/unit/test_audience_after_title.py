"""A held one-word title then a joining word and more ("is ozark for adults", "is narcos for
grown ups", "can i watch dark for teenagers"): the words after it most likely ask who the title
is for (its rating), not name a longer title the catalog lacks; saying the catalog has no "Ozark
for Adults" is a guess, so the reading is unsure. Phrasings written for this rule; the held
titles checked in the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.described import held_part
from agentic_rag.folding import fold


@pytest.mark.parametrize(
    ("question", "held"),
    [
        ("is ozark for adults", "Ozark"),
        ("is narcos for grown ups", "Narcos"),
        ("is ozark fine for teenagers", "Ozark"),
        ("is okja for children under 10", "Okja"),
    ],
)
def test_a_held_title_before_an_audience_is_no_sure_absence(
    catalog_df, catalog_reader, question, held
):
    assert (catalog_df["title"].map(fold) == fold(held)).any()
    specs = catalog_reader.read(question)
    absent = [a.name for s in specs for a in s.absent]
    f, _ = confidence.features(catalog_reader, question, specs, "")
    if absent:  # said absent: the held title it opens with makes it a guess
        assert all(held_part(a, catalog_reader.lex) == held for a in absent), absent
    assert confidence.probability(f) < 0.5, (question, f)


@pytest.mark.parametrize("name", ["Game of Thrones", "Killers of the Flower Moon"])
def test_a_longer_name_after_one_word_is_no_held_title(catalog_df, catalog_reader, name):
    """One held word then "of" names a longer title ("Game of Thrones"), not an audience."""
    assert not (catalog_df["title"].map(fold) == fold(name)).any()
    assert held_part(name, catalog_reader.lex) is None
