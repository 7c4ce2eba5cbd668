"""The offline evaluator: replan once when the round failed where it mattered, else continue."""

from __future__ import annotations

import asyncio

from agentic_rag.agent.interfaces import EvalContext
from agentic_rag.agent.models import EvaluatorDecision, ExecutionPlan, PlannedCall
from agentic_rag.agent.offline.evaluator import OfflineEvaluator
from agentic_rag.tools.base import ToolResult, ToolStatus

TOOLS = ("sql", "semantic", "cypher", "graph_expand", "web", "omdb")
OK, EMPTY, ERROR, TIMEOUT = ToolStatus.OK, ToolStatus.EMPTY, ToolStatus.ERROR, ToolStatus.TIMEOUT


def plan_of(*tools: str) -> ExecutionPlan:
    calls = [PlannedCall(tool=t, purpose=f"{t} purpose", args={}) for t in tools]
    return ExecutionPlan(reasoning="r", resolved_question="q", calls=calls)


def result(tool: str, status: ToolStatus, i: int = 0, ids=("s1",)) -> ToolResult:
    rows = [{"show_id": s} for s in ids] if status == OK else []
    error = "boom: no such column" if status.failed else None
    return ToolResult(tool=tool, call_id=f"c{i}", status=status, rows=rows, error=error)


def decide(question: str, plans: list[ExecutionPlan], latest: list[ToolResult], iteration: int = 1,
           max_iterations: int = 2, tools=TOOLS) -> EvaluatorDecision:  # fmt: skip
    ctx = EvalContext(question, iteration, max_iterations, plans, latest, latest, tools)
    decision, usage = asyncio.run(OfflineEvaluator().evaluate(ctx))
    assert usage.tokens_in == 0 and usage.cost_usd == 0
    return decision


def test_all_failed_replans_naming_each_call():
    plan = plan_of("cypher", "semantic")
    d = decide("Movies by Christopher Nolan", [plan], [result("cypher", ERROR),
                                                       result("semantic", EMPTY, 1)])  # fmt: skip
    assert d.decision == "replan" and d.confidence <= 0.3
    assert "call 1 cypher (cypher purpose) error: boom" in d.replan_instructions
    assert "use sql" in d.replan_instructions
    assert "call 2 semantic (semantic purpose) came back empty" in d.replan_instructions
    assert "full-text" in d.replan_instructions


def test_failed_key_call_replans_even_if_others_worked():
    d = decide("Who directed Inception?", [plan_of("cypher", "sql")],
               [result("cypher", TIMEOUT), result("sql", OK, 1)])  # fmt: skip
    assert d.decision == "replan" and "The key call failed" in d.reasoning
    assert "call 1 cypher" in d.replan_instructions and "call 2" not in d.replan_instructions


def test_mixed_results_continue_with_share_as_confidence():
    d = decide("movies about dogs", [plan_of("semantic", "sql")],
               [result("semantic", OK), result("sql", EMPTY, 1)])  # fmt: skip
    assert d.decision == "continue" and d.confidence == 0.5
    assert d.replan_instructions == ""


def test_all_ok_continues_confidently():
    d = decide("count movies", [plan_of("sql")], [result("sql", OK)])
    assert d.decision == "continue" and d.confidence == 0.95


def test_at_cap_always_continues():
    plans = [plan_of("cypher"), plan_of("sql")]
    d = decide("Movies by Nolan", plans, [result("sql", ERROR)], iteration=2)
    assert d.decision == "continue" and "nothing" in d.reasoning
    d = decide("Movies by Nolan", plans[:1], [result("cypher", ERROR)], iteration=2)
    assert d.decision == "continue"


def test_replans_only_once_below_a_higher_cap():
    plans = [plan_of("cypher"), plan_of("sql")]
    d = decide("Movies by Nolan", plans, [result("sql", EMPTY)], iteration=2, max_iterations=3)
    assert d.decision == "continue"


def test_failed_web_with_catalog_rows_continues():
    d = decide("news about Stranger Things", [plan_of("web", "sql")],
               [result("web", ERROR), result("sql", OK, 1)])  # fmt: skip
    assert d.decision == "continue" and d.confidence == 0.5


def test_failed_web_alone_replans_to_the_catalog():
    d = decide("news about Stranger Things", [plan_of("web")], [result("web", TIMEOUT)])
    assert d.decision == "replan" and "the catalog (sql)" in d.replan_instructions


def test_hybrid_question_asks_for_graph_expand():
    latest = [result("semantic", OK, ids=("s5", "s6")), result("sql", OK, 1)]
    question = "heist movies and the actors who starred in them"
    d = decide(question, [plan_of("semantic", "sql")], latest)
    assert d.decision == "replan" and "graph_expand" in d.replan_instructions
    assert "s5, s6" in d.replan_instructions
    d = decide(question, [plan_of("semantic", "sql")], latest, tools=("sql", "semantic"))
    assert d.decision == "continue"
    d = decide("heist movies", [plan_of("semantic", "sql")], latest)
    assert d.decision == "continue"


def test_results_are_matched_to_calls_by_call_id():
    latest = [result("sql", OK), result("sql", ERROR)]
    latest[0].call_id, latest[1].call_id = "1.2", "1.1"  # the key call (1.1) failed
    d = decide("Who directed Inception?", [plan_of("sql", "sql")], latest)
    assert d.decision == "replan" and "call 1 sql" in d.replan_instructions
    assert "call 2" not in d.replan_instructions


def test_instructions_use_plan_positions():
    latest = [result("cypher", EMPTY), result("sql", OK, 1), result("semantic", ERROR, 2)]
    d = decide("Movies by Christopher Nolan", [plan_of("cypher", "sql", "semantic")], latest)
    assert d.decision == "replan"
    assert "call 1 cypher" in d.replan_instructions and "call 3 semantic" in d.replan_instructions
    assert "call 2" not in d.replan_instructions


def test_no_results_at_all_replans():
    d = decide("anything", [plan_of("sql")], [])
    assert d.decision == "replan" and d.confidence == 0.1
