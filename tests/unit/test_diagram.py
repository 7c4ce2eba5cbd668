"""The agent's diagram in docs/ is the compiled graph's own drawing, and current."""

from __future__ import annotations

from agentic_rag.agent.graph.diagram import DOC, doc_text, dot, mermaid


def test_docs_copy_is_current():
    assert DOC.read_text(encoding="utf-8") == doc_text(), (
        "docs/agent_graph.md is stale: run `make diagram`"
    )


def test_drawings_come_from_the_compiled_graph():
    text = mermaid()
    for node in ("start", "planner", "executor", "evaluator", "synthesizer"):
        assert f"\t{node}({node})" in text
    assert "evaluator -.-> planner;" in text and "evaluator -.-> synthesizer;" in text
    graphviz = dot()
    assert '"evaluator" -> "planner" [style=dashed' in graphviz
    assert '"planner" -> "executor";' in graphviz
