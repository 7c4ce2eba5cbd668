"""An order to list what came before, run on with no punctuation ("how many iranian titles are
there name them all", "count the peruvian movies list them too") is a part of its own that lists
the set counted (`split._SPLIT`); one said to the assistant ("can you list them") is not cut."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.split import split


@pytest.mark.parametrize(
    "question",
    [
        "how many iranian titles are there name them all",
        "count the peruvian movies list them too",
        "how many polish shows are there show me them",
        "number of kenyan films give me those",
    ],
)
def test_a_run_on_order_to_list_them_is_a_part_of_its_own(catalog_reader, question):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["count", "list"]
    assert specs[1].titles.countries == specs[0].titles.countries != []


@pytest.mark.parametrize(
    "question", ["can you list them", "i want to see them all", "could u show me them"]
)
def test_an_order_said_to_the_assistant_is_not_cut(question):
    assert len(split(question)) == 1
