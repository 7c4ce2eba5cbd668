"""Each node's way of working is chosen once, and the fast path: where the offline reader is
confident, its plan runs with no model call; elsewhere the model plans, checked against the
reading, and a model-planned answer to a question the reader could not read says so."""

from __future__ import annotations

from typing import Any

from langgraph.checkpoint.memory import InMemorySaver

from agentic_rag.agent.deps import make_agent_deps
from agentic_rag.agent.graph.build import build_graph
from agentic_rag.agent.interfaces import PlanContext, Usage
from agentic_rag.agent.llm.fast_path import FastPathPlanner
from agentic_rag.agent.llm.plan_checks import plan_problem, reading_confidence
from agentic_rag.agent.llm.ways import ModelPlanner, RulesPlanner
from agentic_rag.agent.models import ExecutionPlan, PlannedCall, ReadingConfidence
from agentic_rag.agent.node_mode import FAST_PATH, PLAN_REJECTED, RULES_PLAN
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.config import load_settings
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.registry import ToolRegistry, ToolSpec
from agentic_rag.tools.sql.tool import SqlArgs
from tests.fakes import FakeChatModel
from tests.unit.test_graph import FakeTools, StaticEvaluator, ask, decision, plan

NOLAN = "SELECT title FROM shows WHERE director = 'Christopher Nolan'"


class ReadingPlanner:
    """A rules planner whose reading has the given confidence and operation."""

    def __init__(self, confidence: float, op: str = "list", query: str = NOLAN) -> None:
        self.confidence, self.op, self.query = confidence, op, query
        self.calls = 0

    async def plan(self, ctx: PlanContext) -> tuple[ExecutionPlan, Usage]:
        self.calls += 1
        call = PlannedCall(tool="sql", purpose="list", args={"query": self.query}, part=1)
        return ExecutionPlan(
            reasoning="Offline reading: titles directed by Christopher Nolan",
            resolved_question=ctx.question,
            calls=[call],
            reading=[QuerySpec(op=self.op)],  # type: ignore[arg-type]
            confidence=ReadingConfidence(probability=self.confidence),
        ), Usage()


def graph(model: FakeChatModel, rules_planner: Any, **settings: Any):
    s = load_settings(openai_api_key="sk-test", turn_deadline_s=30, **settings)
    registry = ToolRegistry(s, tools=[ToolSpec("sql", SqlArgs, FakeTools(), "fake sql")])
    deps = make_agent_deps(
        s,
        registry,
        ToolDeps(settings=s),
        "SCHEMA",
        rules=(rules_planner, StaticEvaluator(), OfflineSynthesizer()),
        chat_models={"planner": model, "evaluator": model, "synthesizer": model},
        mode_label="LLM mode: fake-model",
    )
    return build_graph(deps, checkpointer=InMemorySaver())


def modes(values: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {m["node"]: m for m in values["node_modes"]}


async def test_a_confident_reading_takes_the_fast_path_with_no_model_call() -> None:
    model = FakeChatModel(script=[])
    values, _ = await ask(graph(model, ReadingPlanner(0.9)), "Which movies did Nolan direct?")
    assert model.calls == []  # no planner, evaluator or synthesizer call
    got = modes(values)
    assert got["planner"]["reason"] == FAST_PATH and got["planner"]["confidence"] == 0.9
    assert got["evaluator"]["reason"] == got["synthesizer"]["reason"] == RULES_PLAN
    last = values["answer"].strip().splitlines()[-1]
    assert "fast path" in last and "the model was not used" in last
    assert values["turn_label"] == "offline"
    from agentic_rag.agent.graph.runner import turn_trace

    assert turn_trace(values)["turn_path"] == "fast"  # `ask --json` says which path


async def test_an_unsure_reading_goes_to_the_model_and_the_answer_says_so() -> None:
    model = FakeChatModel(script=[plan(NOLAN), decision("continue"), "Nolan directed one [1]."])
    values, _ = await ask(graph(model, ReadingPlanner(0.2)), "films by that Nolan guy?")
    got = modes(values)
    assert [got[n]["mode"] for n in ("planner", "evaluator", "synthesizer")] == ["model"] * 3
    assert got["planner"]["confidence"] == 0.2
    assert "could not read this question with certainty (confidence 0.20)" in values["answer"]
    assert values["turn_label"] == "LLM"


async def test_open_ended_wording_goes_to_the_model_even_when_confident() -> None:
    model = FakeChatModel(script=[plan(NOLAN), decision("continue"), "One film [1]."])
    values, _ = await ask(graph(model, ReadingPlanner(0.95, op="search")), "Something dreamy")
    assert modes(values)["planner"]["mode"] == "model" and len(model.calls) == 3
    assert "could not read" not in values["answer"]  # the reader was sure, the model was needed


async def test_fast_path_off_asks_the_model_every_time() -> None:
    model = FakeChatModel(script=[plan(NOLAN), decision("continue"), "One film [1]."])
    values, _ = await ask(graph(model, ReadingPlanner(0.9), fast_path="off"), "Nolan films?")
    assert modes(values)["planner"]["mode"] == "model"


async def test_a_plan_contradicting_a_confident_reading_is_replanned_once_then_rules() -> None:
    wrong = plan("SELECT title FROM shows WHERE director = 'Steven Spielberg'")
    model = FakeChatModel(script=[wrong, wrong])
    rules = ReadingPlanner(0.95, op="external")  # confident, but needs the model
    values, _ = await ask(graph(model, rules), "Christopher Nolan films and their reviews")
    planner = modes(values)["planner"]
    assert (planner["mode"], planner["reason"]) == ("rules", PLAN_REJECTED)
    second_prompt = str(model.calls[1])
    assert "Your previous plan was rejected" in second_prompt and "Christopher Nolan" in (
        second_prompt
    )
    assert values["plans"][0]["source"] == "offline"


def test_plan_checks_name_the_problem() -> None:
    ctx = PlanContext(
        question="Christopher Nolan films",
        history=[],
        iteration=1,
        schema_text="",
        tools_text="",
        tool_names=("sql",),
        tool_args={"sql": SqlArgs},
    )
    reading = ExecutionPlan(
        reasoning="Offline reading",
        resolved_question="q",
        calls=[PlannedCall(tool="sql", purpose="p", args={"query": NOLAN}, part=1)],
        reading=[QuerySpec(op="list")],
        confidence=ReadingConfidence(probability=0.9),
    )

    def with_call(tool: str, query: str) -> ExecutionPlan:
        call = PlannedCall(tool=tool, purpose="p", args={"query": query})
        return ExecutionPlan(reasoning="r", resolved_question="q", calls=[call], source="llm")

    assert reading_confidence(reading) == 0.9
    assert "not available (web)" in str(plan_problem(with_call("web", "x"), ctx))
    assert "refused by the SQL guard" in str(plan_problem(with_call("sql", "DROP TABLE x"), ctx))
    spielberg = with_call("sql", "SELECT 1 FROM shows WHERE director = 'Spielberg'")
    sure = {"reading": reading, "min_confidence": 0.7}
    assert "'Christopher Nolan'" in str(plan_problem(spielberg, ctx, **sure))
    assert plan_problem(with_call("sql", NOLAN), ctx, **sure) is None


def test_each_way_is_chosen_once_by_the_factory() -> None:
    s = load_settings(openai_api_key="sk-test")
    registry = ToolRegistry(s, tools=[ToolSpec("sql", SqlArgs, FakeTools(), "fake sql")])
    rules = (ReadingPlanner(0.9), StaticEvaluator(), OfflineSynthesizer())
    model = FakeChatModel(script=[])
    chat = {"planner": model, "evaluator": model, "synthesizer": model}
    llm = make_agent_deps(s, registry, ToolDeps(settings=s), "", rules=rules, chat_models=chat)
    off = make_agent_deps(s, registry, ToolDeps(settings=s), "", rules=rules)
    pinned = s.model_copy(update={"fast_path": "off"})
    no_fast = make_agent_deps(
        pinned, registry, ToolDeps(settings=s), "", rules=rules, chat_models=chat
    )
    assert isinstance(llm.planner, FastPathPlanner)
    assert isinstance(off.planner, RulesPlanner) and off.mode == "offline"
    assert isinstance(no_fast.planner, ModelPlanner)


async def test_a_model_plan_that_returns_nothing_is_replanned_then_the_rules_write() -> None:
    from agentic_rag.agent.node_mode import NO_ROWS, NOTHING_RETURNED

    s = load_settings(openai_api_key="sk-test", turn_deadline_s=30)
    registry = ToolRegistry(s, tools=[ToolSpec("sql", SqlArgs, FakeTools(rows=[]), "fake sql")])
    model = FakeChatModel(script=[plan(NOLAN), plan("SELECT 2"), "Invented [1]."])
    deps = make_agent_deps(
        s,
        registry,
        ToolDeps(settings=s),
        "SCHEMA",
        rules=(ReadingPlanner(0.1), StaticEvaluator(), OfflineSynthesizer()),
        chat_models={"planner": model, "evaluator": model, "synthesizer": model},
    )
    values, _ = await ask(build_graph(deps, checkpointer=InMemorySaver()), "nolan stuff?")
    first = values["decisions"][0]
    assert (first["decision"], first["source"]) == ("replan", "rule")
    assert "came back with no rows" in first["replan_instructions"]
    by_node = [(m["node"], m["reason"]) for m in values["node_modes"]]
    assert ("evaluator", NOTHING_RETURNED) in by_node and ("synthesizer", NO_ROWS) in by_node
    assert "Invented" not in values["answer"] and len(model.calls) == 2  # never asked to write
    assert [p["source"] for p in values["plans"]] == ["llm", "llm"]  # replanned by the model
