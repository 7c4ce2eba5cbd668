"""Follow-ups that refer to the turn before: "which of those does he also act in" after a count
lists the narrowed set (its words were read as a search, yet "which of those" asks for titles);
the turn before's reading, run again only to find the person a follow-up refers to ("which of
his films came out before 2000"), is not answered again: the answer leads with the new part."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import SynthContext, TurnSummary
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.tools.base import ToolResult, ToolStatus
from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("how many films has Jordan Peele directed", "which of those does he also act in"),
        ("how many movies did Bong Joon Ho direct", "which of them does he appear in"),
    ],
)
def test_which_of_those_after_a_count_lists_them(lexicon, first, then):
    turn = TurnSummary(first, first, "...")
    (spec,) = plan(lexicon, then, history=[turn]).reading
    assert spec.op == "list"
    assert {p.role for p in spec.titles.people} == {"director", "cast"}


def test_and_only_movies_after_a_count_stays_a_count(lexicon):
    turn = TurnSummary("how many titles has Tom Hanks been in", "...", "...")
    (spec,) = plan(lexicon, "and only movies?", history=[turn]).reading
    assert spec.op == "count"


def test_the_turn_before_run_again_is_not_answered_again(lexicon):
    turn = TurnSummary("who directed Okja", "who directed Okja", "...")
    p = plan(lexicon, "which of his films came out before 2000", history=[turn])
    first, last = p.reading
    assert first.replayed and not last.replayed and last.ref == "person"
    results = [
        ToolResult(
            call_id="1.1",
            tool="cypher",
            status=ToolStatus.OK,
            rows=[{"show_id": "s2", "title": "Okja", "name": "Bong Joon Ho", "role": "DIRECTED"}],
        ),
    ]
    ctx = SynthContext(
        question="which of his films came out before 2000",
        results=results,
        plans=[p],
        incomplete_reason=None,
        mode_label="offline",
    )
    text = "\n".join(OfflineSynthesizer().compose(ctx))
    assert "**Okja**" not in text.split("Supporting results")[0]
