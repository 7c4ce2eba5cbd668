"""The graph is compiled once per process; each session binds its own deps and checkpointer,
and a turn is written to the checkpointer once, when it ends."""

from __future__ import annotations

import sqlite3
from typing import Any

from langgraph.checkpoint.memory import InMemorySaver

from agentic_rag.agent.graph.build import compiled_graph
from agentic_rag.agent.graph.events import Token
from agentic_rag.agent.graph.runner import run_turn
from agentic_rag.agent.memory.checkpoints import recording_saver
from tests.unit.test_graph import FakeChatModel, FakeTools, decision, make_graph, plan


class CountingSaver(InMemorySaver):
    def __init__(self) -> None:
        super().__init__()
        self.puts = 0

    async def aput(self, *args: Any, **kwargs: Any) -> Any:
        self.puts += 1
        return await super().aput(*args, **kwargs)


def _model(answer: str) -> FakeChatModel:
    return FakeChatModel(script=[plan("SELECT 1"), decision("continue"), answer])


async def test_sessions_share_one_compiled_graph_with_their_own_deps():
    compiled_graph.cache_clear()
    first = make_graph(_model("First [1]."), FakeTools())
    second = make_graph(_model("Second [1]."), FakeTools())
    a = await run_turn(first, "How many?", "a")
    b = await run_turn(second, "How many?", "b")
    assert compiled_graph.cache_info().misses == 1  # compiled once for both sessions
    assert a["answer"].startswith("First") and b["answer"].startswith("Second")
    assert first.compiled.checkpointer is not second.compiled.checkpointer


async def test_a_turn_is_checkpointed_once_and_the_thread_keeps_it():
    saver = CountingSaver()
    model = FakeChatModel(
        script=[
            plan("SELECT 1"),
            decision("continue"),
            "One [1].",
            plan("SELECT 2"),
            decision("continue"),
            "Two [1].",
        ]
    )
    graph = make_graph(model, FakeTools(), checkpointer=saver)
    await run_turn(graph, "How many?", "t")
    assert saver.puts == 1
    values = await run_turn(graph, "And after that?", "t")
    assert saver.puts == 2
    assert len(values["turns"]) == 2  # the first turn came back from the checkpoint


class FailingSaver(InMemorySaver):
    """Writes fail while `failing` (a full disk, a database gone after the answer)."""

    failing = False

    async def aput(self, *args: Any, **kwargs: Any) -> Any:
        if self.failing:
            raise sqlite3.OperationalError("database or disk is full")
        return await super().aput(*args, **kwargs)


async def test_a_finished_turn_whose_save_fails_keeps_its_answer_and_says_so():
    saver = recording_saver(FailingSaver)()
    script = []
    for n in ("One", "Two", "Three"):
        script += [plan("SELECT 1"), decision("continue"), f"{n} [1]."]
    graph = make_graph(FakeChatModel(script=script), FakeTools(), checkpointer=saver)
    await run_turn(graph, "How many?", "t")
    saver.failing = True
    tokens: list[str] = []
    failed = await run_turn(graph, "And then?", "t", on_event=_tokens(tokens))
    assert failed["answer"].startswith("Two [1].") and "error" not in failed
    assert isinstance(failed["unsaved"], sqlite3.OperationalError)
    assert "".join(tokens).count("Two [1].") == 1  # streamed once, not answered again
    assert len(failed["turns"]) == 2  # it did read the earlier turn
    saver.failing = False
    back = await run_turn(graph, "And now?", "t")
    assert "unsaved" not in back
    assert [t["question"] for t in back["turns"]] == ["How many?", "And now?"]


def _tokens(out: list[str]):
    def sink(event: Any) -> None:
        if isinstance(event, Token):
            out.append(event.text)

    return sink
