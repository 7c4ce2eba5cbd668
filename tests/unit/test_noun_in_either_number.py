"""A noun written in either number ("one(s)", "title(s)", "movie(s)") is no code: "one(s)" is
the one ranked first (ties shown with it), any other noun its plural."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.code_text import _CALL


@pytest.mark.parametrize("text", ["the newest one(s)", "which title(s)", "list the movie(s)"])
def test_a_plural_marker_is_no_call(text):
    assert not _CALL.search(text)


def test_a_call_is_still_code():
    assert _CALL.search("alert(1)") and _CALL.search("sleep(5)")


@pytest.mark.parametrize(
    ("question", "limit"),
    [
        ("the most recently released thai one(s)", 1),
        ("the oldest spanish film(s)", None),
        ("which title(s) did imtiaz ali direct", None),
    ],
)
def test_either_number_reads_as_one_or_many(catalog_reader, question, limit):
    (spec,) = catalog_reader.read(question)
    assert spec.limit == limit
    assert "read '" in " ".join(spec.notes)
