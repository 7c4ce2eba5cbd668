"""The offline evaluator and writer: every part of a question needs evidence, and says so."""

from __future__ import annotations

import asyncio

from agentic_rag.agent.interfaces import EvalContext, SynthContext
from agentic_rag.agent.models import EvaluatorDecision, ExecutionPlan, PlannedCall
from agentic_rag.agent.rules.evaluator import OfflineEvaluator
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.tools.base import ToolResult, ToolStatus

TOOLS = ("sql", "semantic", "cypher", "graph_expand", "web", "omdb")
TWO_PARTS = (
    "Offline reading (confidence 0.90):\nPart 1/2 (list): Listing movies directed by X"
    "\nPart 2/2 (external): Facts from outside the catalog about: critics [deferred]"
)


def plan(reasoning: str, *calls: tuple[str, str]) -> ExecutionPlan:
    planned = [PlannedCall(tool=t, purpose=p, args={}) for t, p in calls]
    return ExecutionPlan(reasoning=reasoning, resolved_question="q", calls=planned)


def ok(tool: str, call_id: str, **row) -> ToolResult:
    return ToolResult(tool=tool, call_id=call_id, status=ToolStatus.OK, rows=[row])


def decide(plans, results, iteration=1) -> EvaluatorDecision:
    latest = [r for r in results if r.call_id.startswith(f"{iteration}.")]
    ctx = EvalContext("q", iteration, 2, plans, results, latest, TOOLS)
    return asyncio.run(OfflineEvaluator().evaluate(ctx))[0]


def test_a_deferred_part_triggers_a_replan_for_that_part():
    p1 = plan(TWO_PARTS, ("cypher", "[part 1/2] Listing movies directed by X"))
    d = decide([p1], [ok("cypher", "1.1", title="Okja")])
    assert d.decision == "replan" and "part 2" in d.replan_instructions
    assert "part 1" not in d.replan_instructions


def test_at_the_cap_a_missing_part_is_named_and_the_answer_says_so():
    p1 = plan(TWO_PARTS, ("cypher", "[part 1/2] Listing movies directed by X"))
    p2 = plan(TWO_PARTS, ("omdb", "[part 2/2] critics (Okja)"))
    failed = ToolResult(tool="omdb", call_id="2.1", status=ToolStatus.ERROR, error="no key")
    results = [ok("cypher", "1.1", title="Okja", release_year=2017), failed]
    d = decide([p1, p2], results, iteration=2)
    assert d.decision == "continue" and "No evidence for part 2" in d.reasoning
    ctx = SynthContext("q", results, [p1, p2], None, "Offline")
    text, _ = asyncio.run(OfflineSynthesizer().synthesize(ctx, lambda _: None))
    assert text.startswith("1 movie directed by X [1]: **Okja** (2017)")
    assert "could not get outside facts" in text and "catalog does not hold" in text


def test_a_catalog_row_is_no_evidence_for_outside_facts():
    reasoning = "Offline reading (confidence 0.90):\nPart 1/1 (external): Facts about: viewers"
    p1 = plan(reasoning, ("web", "[part 1/1] viewers"), ("sql", "[part 1/1] the catalog entry"))
    web = ToolResult(tool="web", call_id="1.1", status=ToolStatus.ERROR, error="offline")
    d = decide([p1], [web, ok("sql", "1.2", title="Dark")])
    assert d.decision == "replan"


def test_answers_lead_with_the_number_then_say_how_the_question_was_read():
    reasoning = ("Offline reading (confidence 0.90):\nPart 1/1 (share): Share of movies that are "
                 "rated TV-MA\nNotes: read 'tv-ma' as the rating")  # fmt: skip
    p1 = plan(reasoning, ("sql", "[part 1/1] Share of movies that are rated TV-MA"))
    result = ok("sql", "1.1", percent=36.4, matching=2000, total=5500)
    assert decide([p1], [result]).decision == "continue"
    text, _ = asyncio.run(OfflineSynthesizer().synthesize(
        SynthContext("q", [result], [p1], None, "Offline"), lambda _: None))  # fmt: skip
    first, *rest = text.split("\n\n")
    assert first.startswith("**36.4%**: 2,000 of 5,500") and "[1]" in first
    assert any(line.startswith("_How I read the question: Share of movies") for line in rest)


def test_a_count_of_one_is_said_in_the_singular():
    read = "Counting TV shows from Japan"
    for count, expected in ((1, "There is **1** TV show from Japan [1]."),
                            (2, "There are **2** TV shows from Japan [1].")):  # fmt: skip
        reasoning = "Offline reading (confidence 0.90):\nPart 1/1 (count): " + read
        p1 = plan(reasoning, ("sql", "[part 1/1] " + read))
        result = ok("sql", "1.1", titles=count)
        text, _ = asyncio.run(OfflineSynthesizer().synthesize(
            SynthContext("q", [result], [p1], None, "Offline"), lambda _: None))  # fmt: skip
        assert text.startswith(expected)
