"""A follow-up that asks for one title of the set before by an order and names nothing of its
own ("the one with the most seasons", "the one that runs the longest", "the one added most
recently") is read over that set, not over the whole catalog. Truths computed with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules.follow import _ONE_RANKED


@pytest.mark.parametrize(
    "text",
    [
        "the one with the most seasons",
        "the one that runs the longest",
        "the one added most recently",
        "and the one which has the fewest seasons",
        "the oldest one",
    ],
)
def test_one_title_by_an_order_is_a_reference(text):
    assert _ONE_RANKED.search(text)


@pytest.mark.parametrize("text", ["the one with tom hanks", "one with the most seasons ever"])
def test_other_wordings_are_not(text):
    assert not _ONE_RANKED.search(text)


def test_the_follow_up_ranks_the_set_before(catalog_df, catalog_reader):
    turn = TurnSummary("turkish movies", "turkish movies", "...")
    (spec,) = catalog_reader.read("the one that runs the longest", [turn])
    assert (spec.op, spec.by, spec.limit) == ("top", "duration_minutes", 1)
    assert spec.titles.countries == ["Turkey"] and spec.titles.type == "Movie"
    turkish = catalog_df[
        catalog_df["country"].str.contains("Turkey") & (catalog_df["type"] == "Movie")
    ]
    assert len(turkish) > 1
