"""A later part answered by an earlier part's catalog entry ("what's the rating of narcos and
how many seasons does it have") is noted on that part, and counted as read: no question asked
is left unread."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.compose import ENTRY_ANSWERS


@pytest.mark.parametrize(
    "question",
    [
        "whats the rating of narcos and how many seasons does it have",
        "when did ozark come out and what is it rated",
        "what is the crown rated, how many seasons does it have?",
    ],
)
def test_a_part_the_entry_answers_is_read(catalog_reader, question):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["describe"]
    assert any(n.startswith(ENTRY_ANSWERS) for n in specs[0].notes)
    feats, _ = confidence.features(catalog_reader, question, specs, "")
    assert feats["unread_asks"] == 0


def test_a_part_asked_of_another_title_is_no_entry_answer(catalog_reader):
    specs = catalog_reader.read("whats the rating of narcos and who directed the irishman")
    assert not any(n.startswith(ENTRY_ANSWERS) for s in specs for n in s.notes)
