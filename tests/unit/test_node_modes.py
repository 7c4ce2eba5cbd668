"""Honest labels: each node's mode (model, model after repairs, rules + reason), the turn's
label (LLM, mixed, offline), the answer's one-line note, the token budget and the stream guard,
through whole turns of the graph with a scripted model."""

from __future__ import annotations

import asyncio
from typing import Any

from langgraph.checkpoint.memory import InMemorySaver

from agentic_rag.agent.deps import make_agent_deps
from agentic_rag.agent.graph.build import build_graph
from agentic_rag.agent.interfaces import StepLimits, Usage
from agentic_rag.agent.llm.fallback import run_step
from agentic_rag.agent.node_mode import NodeMode, rules_note, turn_label
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.config import load_settings
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.registry import ToolRegistry, ToolSpec
from agentic_rag.tools.sql.tool import SqlArgs
from tests.fakes import FakeChatModel
from tests.unit.test_graph import FakeTools, StaticEvaluator, StaticPlanner, ask, decision, plan

ALL_RUNGS = {"json_schema", "tools", "json_object_schema", "json_object", "text"}


def modes_of(values: dict[str, Any]) -> dict[str, NodeMode]:
    return {m["node"]: NodeMode(**m) for m in values["node_modes"]}


async def test_a_model_turn_is_labelled_llm_per_node() -> None:
    model = FakeChatModel(script=[plan("SELECT 1"), decision("continue"), "One title [1]."])
    values, events = await ask(_graph(model))
    modes = modes_of(values)
    assert {n: m.mode for n, m in modes.items()} == {
        "planner": "model", "evaluator": "model", "synthesizer": "model",
    }  # fmt: skip
    assert modes["planner"].rung == "json_schema"
    assert values["turn_label"] == "LLM"
    assert [e.node for e in events if e.type == "node_mode"] == [
        "planner", "evaluator", "synthesizer",
    ]  # fmt: skip
    assert values["answer"].endswith("_Answered in LLM mode: fake-model._")


async def test_a_repaired_plan_is_labelled_with_its_repairs() -> None:
    bad = {"reasoning": "oops", "resolved_question": "q"}
    model = FakeChatModel(script=[bad, plan("SELECT 1"), decision("continue"), "Done [1]."])
    values, _ = await ask(_graph(model))
    planner = modes_of(values)["planner"]
    assert (planner.mode, planner.repairs) == ("model_repaired", 1)
    assert planner.describe() == "model after 1 repair (json_schema)"
    assert values["turn_label"] == "LLM"


async def test_refused_structured_output_is_named_and_the_turn_is_mixed() -> None:
    model = FakeChatModel(script=["The rules found one title [1]."], refuses=ALL_RUNGS)
    values, _ = await ask(_graph(model, fast_path="off"))  # the model writes after a rules plan
    modes = modes_of(values)
    assert modes["planner"].mode == "rules"
    assert modes["planner"].reason == "server refused structured output"
    assert modes["evaluator"].reason == "server refused structured output"
    assert modes["synthesizer"].mode == "model"
    assert values["turn_label"] == "mixed"
    assert values["plans"][0]["fallback_reason"] == "rules: server refused structured output"
    last_line = values["answer"].strip().splitlines()[-1]
    assert last_line == (
        "_Answered in mixed mode (fake-model and rules). Partly written by rules: "
        "planner (server refused structured output), "
        "evaluator (server refused structured output)._"
    )
    assert model.methods.count("json_schema") == 1  # refused once: the evaluator never sends it


async def test_a_degenerate_stream_falls_back_with_the_reason_shown() -> None:
    junk = 'Here <img src="' + "\n" * 40
    model = FakeChatModel(script=[plan("SELECT 1"), decision("continue"), junk])
    values, events = await ask(_graph(model))
    synth = modes_of(values)["synthesizer"]
    assert (synth.mode, synth.reason) == ("rules", "degenerate stream: HTML markup")
    assert "<img" not in values["answer"] and "\n\n\n" not in values["answer"]
    shown = "".join(e.text for e in events if e.type == "token")
    assert "<" not in shown
    assert [e.reason for e in events if e.type == "synth_fallback"] == [synth.reason]
    assert "synthesizer (degenerate stream: HTML markup)" in values["answer"]
    assert values["turn_label"] == "mixed"


async def test_the_turn_token_budget_hands_later_nodes_to_the_rules() -> None:
    model = FakeChatModel(script=[plan("SELECT 1")])  # 15 tokens: the budget is 10
    values, _ = await ask(_graph(model, turn_token_budget=10))
    modes = modes_of(values)
    assert modes["planner"].mode == "model"
    assert modes["evaluator"].reason == modes["synthesizer"].reason == "turn token budget spent"
    assert model.remaining == 0 and len(model.calls) == 1


async def test_offline_mode_is_labelled_offline() -> None:
    settings = load_settings(openai_api_key=None, offline_mode=True)
    tools = FakeTools()
    registry = ToolRegistry(settings, tools=[ToolSpec("sql", SqlArgs, tools, "fake sql")])
    deps = make_agent_deps(
        settings, registry, ToolDeps(settings=settings), "",
        rules=(StaticPlanner(), StaticEvaluator(), OfflineSynthesizer()),
    )  # fmt: skip
    values, _ = await ask(build_graph(deps, checkpointer=InMemorySaver()))
    assert values["turn_label"] == "offline"
    assert {m.reason for m in modes_of(values).values()} == {"offline mode"}
    assert "Partly written by rules" not in values["answer"]


async def test_run_step_times_out_into_the_rules() -> None:
    async def slow() -> tuple[str, Usage]:
        await asyncio.sleep(5)
        return "model", Usage()

    async def rules() -> tuple[str, Usage]:
        return "rules", Usage()

    out = await run_step("planner", 1, slow, rules, StepLimits(timeout=0.5))
    assert (out.value, out.mode.mode, out.mode.reason) == ("rules", "rules", "timeout")
    assert out.usage.note == "planner: rules (timeout): no reply within 0.5 s"


def test_turn_label_ignores_rules_by_design() -> None:
    planner = NodeMode(node="planner", mode="model")
    cap = NodeMode(node="evaluator", mode="rules", reason="planning-round cap reached")
    fell = NodeMode(node="synthesizer", mode="rules", reason="timeout")
    assert turn_label([planner, cap]) == "LLM" and rules_note([planner, cap]) is None
    assert turn_label([planner, cap, fell]) == "mixed"
    assert rules_note([planner, cap, fell]) == "Partly written by rules: synthesizer (timeout)."
    assert turn_label([fell]) == "offline"


def _graph(model: FakeChatModel, **settings: Any):
    from tests.unit.test_graph import make_graph

    return make_graph(model, FakeTools(), settings_extra=settings)


async def test_a_timed_out_call_still_counts_its_tokens_as_an_estimate() -> None:
    from langchain_core.messages import HumanMessage

    from agentic_rag.agent.llm.token_count import in_flight

    async def cut_off() -> tuple[str, Usage]:
        in_flight().sent([HumanMessage("Which movies did Christopher Nolan direct? " * 20)])
        in_flight().received("Inception, Interstellar")
        await asyncio.sleep(5)
        return "model", Usage()

    async def rules() -> tuple[str, Usage]:
        return "rules", Usage()

    out = await run_step("planner", 1, cut_off, rules, StepLimits(timeout=0.5), model="m")
    assert out.mode.reason == "timeout"
    assert out.usage.tokens_in > 100 and out.usage.tokens_out > 0 and out.usage.estimated
    assert "cut off" in (out.usage.note or "")
