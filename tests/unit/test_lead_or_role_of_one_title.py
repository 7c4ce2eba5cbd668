"""A people part over one title says "the lead (first billed)" only when the lead's words ask for
it ("who's the lead in X", "its main actor", "top billed in X"); a second part asking who
directed or starred in the one title an earlier part found ("list norwegian titles, and who
directed the oldest one": West Beirut, by Ziad Doueiri) keeps its role: its directors or its
cast, not its lead. Phrasings written for this test, from no question set."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.billing import asks_lead
from agentic_rag.agent.rules.phrasing import reading_line
from agentic_rag.agent.rules.spec import QuerySpec


def _one(text: str, role: str | None) -> QuerySpec:
    return QuerySpec(op="people", limit=1, role=role, text=text)


@pytest.mark.parametrize(
    "text",
    ["who is the lead in west beirut", "main actor of narcos", "top billed in ragnarok?"],
)
def test_the_leads_words_ask_for_the_first_billed(text):
    spec = _one(text, "cast")
    assert asks_lead(spec)
    assert "lead (first billed)" in reading_line([spec])


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("list norwegian titles, and who directed the oldest one", "director"),
        ("polish movies n who directed the newest one", "director"),
        ("thai shows plus who starred in the oldest one", "cast"),
    ],
)
def test_the_one_title_of_an_earlier_part_keeps_its_role(text, role):
    spec = _one(text, role)
    assert not asks_lead(spec)
    assert "lead" not in reading_line([spec])
    assert ("directors" if role == "director" else "cast") in reading_line([spec])
