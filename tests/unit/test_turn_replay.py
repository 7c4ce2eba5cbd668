"""A stored trace replays into the same sidebar model the live turn built from its events."""

from __future__ import annotations

from agentic_rag.agent.graph.runner import run_turn, turn_trace
from agentic_rag.agent.memory.trace_store import TraceStore
from agentic_rag.agent.memory.turn_model import TurnModel
from tests.fakes import FakeChatModel
from tests.unit.test_graph import FakeTools, decision, make_graph, plan


async def test_replayed_trace_equals_the_live_sidebar(tmp_path):
    model = FakeChatModel(
        script=[
            plan("SELECT 1", "select   1", "SELECT 2"),
            decision("replan", "try again"),
            plan("SELECT 1", "SELECT 3"),
            "Found it [1].",
        ]
    )
    live = TurnModel()
    values = await run_turn(make_graph(model, FakeTools(delay=0.05)), "How many?", "t1", live.apply)
    store = TraceStore(tmp_path)
    store.save("t1", turn_trace(values))
    (stored,) = store.load("t1")
    replayed = TurnModel.from_trace(stored)
    assert replayed == live
    # what used to get lost on reload: reuse, and the calls' own start times
    assert replayed.calls["1.2"].reused_from == "1.1"
    assert replayed.calls["2.1"].reused_from == "1.1"
    assert {c.iteration for c in replayed.calls.values()} == {1, 2}
    first = [s for s in replayed.spans() if s.kind == "call" and s.iteration == 1]
    ran = [s for s in first if s.status == "ok"]
    assert len(ran) == 2 and max(s.start for s in ran) < min(s.end for s in ran)  # overlapped
    assert [n.node for n in replayed.nodes][-1] == "synthesizer"
