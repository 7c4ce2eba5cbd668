"""One typed event path: nodes emit only `StreamEvent` models, never raw dicts."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from agentic_rag.agent.graph.events import Token
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
