"""A ranking with no article or noun, joined after a count, is a part of its own over the set
counted: "spanish thrillers: count + longest", "german docs, how many and oldest?" (`split`)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "ascending"),
    [
        ("spanish thrillers: count + longest", False),
        ("german docs, how many and oldest?", True),
        ("count of turkish dramas and newest", False),
        ("thai horror count n shortest", True),
    ],
)
def test_a_bare_ranking_after_a_count_ranks_the_set_counted(catalog_reader, question, ascending):
    count, top = catalog_reader.read(question)
    assert (count.op, top.op, top.limit or 1) == ("count", "top", 1)
    assert top.ascending is ascending and top.titles.countries == count.titles.countries != []
