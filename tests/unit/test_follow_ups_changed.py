"""A follow-up is the same question changed in one way: built from the typed reading, it reads
back to the same spec with exactly that one filter changed (dates keep their exact bounds)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.follow_ups import changed, suggest_follow_ups
from agentic_rag.agent.rules.phrasing import question_for
from agentic_rag.tools.base import ToolResult, ToolStatus

QUESTIONS = [
    "How many titles from South Korea were added since 2020?",
    "how many movies from india were released in 2019",
    "Which TV shows from Japan were added in 2021?",
    "count the horror movies from Egypt released in 2019",
    "how many titles from Egypt came out in 2018",
]


@pytest.mark.parametrize("question", QUESTIONS)
def test_each_change_reads_back_with_every_other_filter_kept(reader, question):
    (spec,) = reader.read(question)
    variants = changed(spec)
    assert variants, spec
    for variant in variants:
        differing = {
            k for k, v in variant.titles.model_dump().items() if v != spec.titles.model_dump()[k]
        }
        assert len(differing) in (1, 2) and differing <= {"type", "year_from", "year_to"}
        (again,) = reader.read(question_for(variant))
        assert again.op == variant.op
        assert again.titles == variant.titles, (question_for(variant), again.titles)


def test_a_window_of_dates_added_keeps_its_exact_bounds(reader):
    (spec,) = reader.read("How many titles from South Korea were added since 2020?")
    assert spec.titles.added_from == "2020-01-01"
    for variant in changed(spec):
        (again,) = reader.read(question_for(variant))
        assert again.titles.added_from == "2020-01-01" and again.titles.added_to is None


def test_the_buttons_lead_with_the_changed_question(reader):
    (spec,) = reader.read("how many movies from india were released in 2019")
    rows = [{"title": "Some Film", "country": "India", "release_year": 2019}]
    result = ToolResult(call_id="1.1", tool="sql", status=ToolStatus.OK, rows=rows)
    buttons = suggest_follow_ups(
        "how many movies from india were released in 2019", [result], [spec]
    )
    assert buttons[0] == question_for(changed(spec)[0])
    assert "TV shows" in buttons[0] and "India" in buttons[0] and "2019" in buttons[0]
