"""The offline evaluator and writer: every part of the reading needs evidence, and says so."""

from __future__ import annotations

import asyncio

from agentic_rag.agent.interfaces import EvalContext, SynthContext
from agentic_rag.agent.models import (
    Choice,
    EvaluatorDecision,
    ExecutionPlan,
    PlannedCall,
    ReadingConfidence,
)
from agentic_rag.agent.rules.evaluator import OfflineEvaluator
from agentic_rag.agent.rules.phrasing import reading_line
from agentic_rag.agent.rules.spec import PersonRef, QuerySpec, TitleSet
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.tools.base import ToolResult, ToolStatus

TOOLS = ("sql", "semantic", "cypher", "graph_expand", "web", "omdb")
SURE = ReadingConfidence(probability=0.9)
BY_X = QuerySpec(
    op="list", titles=TitleSet(type="Movie", people=[PersonRef(name="X", role="director")])
)
CRITICS = QuerySpec(op="external", text="critics", needs_results=True)
TWO_PARTS = [BY_X, CRITICS]


def plan(reading: list[QuerySpec], *calls: tuple[str, int], sure=SURE) -> ExecutionPlan:
    """A plan whose calls serve the given parts (the purpose is prose only)."""
    planned = [PlannedCall(tool=t, purpose="prose, never parsed", args={}, part=n)
               for t, n in calls]  # fmt: skip
    return ExecutionPlan(reasoning="prose", resolved_question="q", calls=planned,
                         reading=reading, confidence=sure)  # fmt: skip


def ok(tool: str, call_id: str, **row) -> ToolResult:
    return ToolResult(tool=tool, call_id=call_id, status=ToolStatus.OK, rows=[row])


def decide(plans, results, iteration=1) -> EvaluatorDecision:
    latest = [r for r in results if r.call_id.startswith(f"{iteration}.")]
    ctx = EvalContext("q", iteration, 2, plans, results, latest, TOOLS)
    return asyncio.run(OfflineEvaluator().evaluate(ctx))[0]


def write(results, plans) -> str:
    ctx = SynthContext("q", results, plans, None, "Offline")
    return asyncio.run(OfflineSynthesizer().synthesize(ctx, lambda _: None))[0]


def test_a_deferred_part_triggers_a_replan_for_that_part():
    p1 = plan(TWO_PARTS, ("cypher", 1))
    d = decide([p1], [ok("cypher", "1.1", title="Okja")])
    assert d.decision == "replan" and "part 2" in d.replan_instructions
    assert "part 1" not in d.replan_instructions


def test_at_the_cap_a_missing_part_is_named_and_the_answer_says_so():
    p1 = plan(TWO_PARTS, ("cypher", 1))
    p2 = plan(TWO_PARTS, ("omdb", 2))
    failed = ToolResult(tool="omdb", call_id="2.1", status=ToolStatus.ERROR, error="no key")
    results = [ok("cypher", "1.1", title="Okja", release_year=2017), failed]
    d = decide([p1, p2], results, iteration=2)
    assert d.decision == "continue" and "No evidence for part 2" in d.reasoning
    text = write(results, [p1, p2])
    assert text.startswith("1 movie directed by X [1]: **Okja** (2017)")
    assert "could not get outside facts" in text and "catalog does not hold" in text


def test_a_catalog_row_is_no_evidence_for_outside_facts():
    p1 = plan([QuerySpec(op="external", text="viewers")], ("web", 1), ("sql", 1))
    web = ToolResult(tool="web", call_id="1.1", status=ToolStatus.ERROR, error="offline")
    d = decide([p1], [web, ok("sql", "1.2", title="Dark")])
    assert d.decision == "replan"


def test_answers_lead_with_the_number_and_leave_the_reading_line_to_the_surfaces():
    share = QuerySpec(op="share", titles=TitleSet(type="Movie"), part=TitleSet(ratings=["TV-MA"]),
                      notes=["read 'tv-ma' as the rating"])  # fmt: skip
    p1 = plan([share], ("sql", 1))
    result = ok("sql", "1.1", percent=36.4, matching=2000, total=5500)
    assert decide([p1], [result]).decision == "continue"
    first, *rest = write([result], [p1]).split("\n\n")
    assert first.startswith("**36.4%**: 2,000 of 5,500") and "[1]" in first
    line = "Read as: movies · share that are rated TV-MA (read 'tv-ma' as the rating)"
    assert reading_line(p1.reading) == line  # the page, ask and chat show it from the reading
    assert not any("Read as" in block for block in rest)  # so the answer does not repeat it


def test_a_count_of_one_is_said_in_the_singular():
    japan = QuerySpec(op="count", titles=TitleSet(type="TV Show", countries=["Japan"]))
    for count, expected in ((1, "There is **1** TV show from Japan [1]."),
                            (2, "There are **2** TV shows from Japan [1].")):  # fmt: skip
        assert write([ok("sql", "1.1", titles=count)], [plan([japan], ("sql", 1))]).startswith(
            expected
        )


def test_a_plan_without_a_reading_is_judged_by_its_results_alone():
    bare = ExecutionPlan(reasoning="a model's plan", resolved_question="q",
                         calls=[PlannedCall(tool="sql", purpose="count", args={})])  # fmt: skip
    assert decide([bare], [ok("sql", "1.1", titles=3)]).decision == "continue"
    empty = ToolResult(tool="sql", call_id="1.1", status=ToolStatus.EMPTY)
    assert decide([bare], [empty]).decision == "replan"


def test_a_likely_wrong_reading_asks_back_instead_of_guessing():
    offered = [Choice(question=f"Who has worked with {x}?", reading=x) for x in "AB"]
    unsure = ReadingConfidence(probability=0.3, ask_back=True, unsure=["the word 'both'"],
                               choices=offered)  # fmt: skip
    costars = QuerySpec(op="costars", titles=TitleSet(people=[PersonRef(name="A")]))
    p1 = plan([costars], ("sql", 1), sure=unsure)
    result = ok("sql", "1.1", name="C", shared=3)
    d = decide([p1], [result])
    assert d.decision == "continue" and d.confidence <= 0.3
    text = write([result], [p1])
    assert "**C**" not in text and "'both'" in text
    assert "1. Who has worked with A?" in text and "2. Who has worked with B?" in text
