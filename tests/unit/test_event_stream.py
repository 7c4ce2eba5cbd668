"""One typed event path: nodes emit only `StreamEvent` models, never raw dicts."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from agentic_rag.agent.graph.events import Token, parse_event
from agentic_rag.agent.graph.trace import emit

CODE = Path(__file__).resolve().parents[2] / "code" / "agentic_rag"


def test_emit_refuses_a_raw_dict():
    with pytest.raises(TypeError, match="typed stream event"):
        emit({"type": "token", "text": "raw"})  # type: ignore[arg-type]


def test_emit_takes_a_typed_event_outside_a_run():
    emit(Token(text="typed"))  # a no-op outside a graph run, and no error


def test_no_module_emits_a_dict_literal():
    """Every `emit(...)` / `writer(...)` call in the package passes a constructed model."""
    raw: list[str] = []
    for path in sorted(CODE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in {"emit", "writer"} and isinstance(node.args[0], ast.Dict | ast.DictComp):
                raw.append(f"{path.relative_to(CODE)}:{node.lineno}")
    assert raw == [], f"raw dict events: {raw}"


async def test_every_chunk_on_the_wire_is_exactly_a_typed_events_dump():
    """A run's custom stream (what the runner and a LangGraph server both see) carries only
    complete dumps of typed events: parsing a chunk and dumping it again gives it back."""
    from langgraph.checkpoint.memory import InMemorySaver

    from tests.fakes import FakeChatModel
    from tests.unit.test_graph import FakeTools, decision, make_graph, plan

    model = FakeChatModel(script=[plan("SELECT 1"), decision("continue"), "One title [1]."])
    graph = make_graph(model, FakeTools(), checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "wire"}}
    question = {"messages": [("human", "How many movies?")]}
    chunks = [c async for c in graph.astream(question, config, stream_mode="custom")]
    kinds = {c["type"] for c in chunks}
    assert {"planning", "plan", "decision", "token", "node_mode", "answer"} <= kinds
    for chunk in chunks:
        event = parse_event(chunk)
        assert event is not None and event.model_dump(mode="json") == chunk, chunk


def test_a_streamed_token_that_echoes_a_key_is_redacted_on_the_stream(monkeypatch):
    """The page and the CLI read tokens live, before the final answer is redacted."""
    from agentic_rag.agent.graph import trace
    from agentic_rag.agent.graph.events import Token
    from agentic_rag.redaction import register_secrets

    secret = "sk-stream-0123456789abcdef"
    register_secrets(secret)
    sent: list[dict] = []
    monkeypatch.setattr(trace, "get_stream_writer", lambda: sent.append)
    trace.emit(Token(text=f"your key is {secret.upper()}"))
    assert sent and secret.upper() not in sent[0]["text"] and secret not in sent[0]["text"]
