"""A run read where a title goes that only names a ranking ("the oldest", "the longest one") is
the set's top, never a title the catalog lacks (`title_refs.ranking_only`, `slots`)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.title_refs import ranking_only


@pytest.mark.parametrize("raw", ["the longest", "the oldest one", "the newest of them"])
def test_a_ranking_alone_is_no_title(raw):
    assert ranking_only(raw)


@pytest.mark.parametrize("raw", ["the longest day", "the oldest house in town", "longest"])
def test_a_name_that_opens_with_a_ranking_may_be_a_title(raw):
    assert not ranking_only(raw)


def test_which_is_the_oldest_after_a_count_ranks_the_set(catalog_reader):
    question = "anime features, count them for me and tell me which is the oldest on netflix?"
    specs = catalog_reader.read(question)
    assert not [a for s in specs for a in s.absent]
    assert [s.op for s in specs] == ["count", "top"] and specs[1].ascending
