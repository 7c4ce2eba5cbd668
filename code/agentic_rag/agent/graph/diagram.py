"""The agent's diagram, drawn from the compiled LangGraph itself (never by hand): Mermaid for
`docs/agent_graph.md` (`make diagram`; a test fails when the copy is stale) and Graphviz DOT
for the page's "How it works" panel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agentic_rag.config import PROJECT_ROOT

DOC = PROJECT_ROOT / "docs" / "agent_graph.md"
_HEADER = """# The agent's graph

Generated from the compiled LangGraph by `make diagram` (`agentic_rag.agent.graph.diagram`); do not
edit by hand: `tests/unit/test_diagram.py` fails when this copy differs from the code.
Dotted edges are the evaluator's conditional route (replan, or hand over to the synthesizer).

"""


def _drawable() -> Any:
    """The app's compiled graph as LangGraph draws it (no stores, models or settings needed)."""
    from agentic_rag.agent.graph.build import compiled_graph

    return compiled_graph().get_graph()


def mermaid() -> str:
    return _drawable().draw_mermaid()


def doc_text() -> str:
    return f"{_HEADER}```mermaid\n{mermaid().strip()}\n```\n"


#: One sentence per node: what it does. The page shows it inside the node and as a list.
NODE_ROLES = {
    "start": "Takes the question and clears the last turn's work.",
    "planner": "Writes typed tool calls that can answer the question.",
    "executor": "Runs every planned call at once, each with its own time limit.",
    "evaluator": "Checks the evidence: hands over, or plans again (two rounds at most).",
    "synthesizer": "Writes the answer and cites the results it used.",
}
_ENDS = {"__start__": "question", "__end__": "answer"}


def dot() -> str:
    """Graphviz DOT of the same graph (LangGraph's drawable graph: nodes and edges), drawn top
    to bottom and narrow so its labels stay legible in a sidebar; the page lists `NODE_ROLES`
    beside it, and each node's tooltip is its sentence."""
    drawable = _drawable()
    lines = [
        "digraph agent {",
        '  graph [rankdir=TB, bgcolor="transparent", nodesep=0.3, ranksep=0.35];',
        '  node [shape=box, style="rounded,filled", fillcolor="#f2f0ff", color="#4c3fb8",'
        ' fontname="Helvetica", fontsize=16, fontcolor="#111827", margin="0.2,0.08"];',
        '  edge [color="#374151", fontname="Helvetica", fontsize=12, fontcolor="#111827"];',
    ]
    for node_id in drawable.nodes:
        if node_id in _ENDS:
            label, shape = _ENDS[node_id], "oval"
            lines.append(f'  "{node_id}" [label="{label}", shape={shape}, fillcolor="#ddd8fe"];')
        else:
            lines.append(
                f'  "{node_id}" [label="{node_id}", tooltip="{NODE_ROLES.get(node_id, "")}"];'
            )
    for edge in drawable.edges:
        style = ' [style=dashed, label=" route"]' if edge.conditional else ""
        lines.append(f'  "{edge.source}" -> "{edge.target}"{style};')
    lines.append("}")
    return "\n".join(lines)


def write_doc(path: Path = DOC) -> bool:
    """Write the docs' copy; True if it changed."""
    text = doc_text()
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True
