""" "is X older than Y" compares two titles: it is no question whether the catalog holds a title
named "X Older Than Y" (that had been a sure "not in the catalog"). A catalog title with
"than" in its name is still asked for whole."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence


@pytest.mark.parametrize(
    "question",
    [
        "is okja older than the irishman",
        "is narcos longer than ozark?",
        "is roma newer than mank or not",
    ],
)
def test_two_titles_compared_are_no_absent_title(catalog_reader, question):
    specs = catalog_reader.read(question)
    assert not any(s.absent for s in specs), [s.absent for s in specs]
    feats, _ = confidence.features(catalog_reader, question, specs, "")
    assert confidence.probability(feats) < 0.5  # the comparison is not read: unsure


def test_a_title_with_than_in_its_name_is_asked_for(catalog_reader, catalog_df):
    assert (catalog_df["title"] == "Better Than Us").any()
    specs = catalog_reader.read("is better than us on here")
    assert [s.titles.titles for s in specs] == [["Better Than Us"]]
