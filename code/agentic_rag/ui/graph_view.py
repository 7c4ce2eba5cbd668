"""Graph results drawn as graphs: the nodes and labelled edges a Cypher query or a graph
expansion returned (titles, people, genres, countries), as Graphviz DOT for
`st.graphviz_chart`. Large results are cut to `MAX_EDGES` with a note saying so.

Reading rows back into a graph:
- graph expansion rows are `(show, relation, name[, related show])`, so each row is an edge;
- Cypher rows may hold whole nodes/edges (dicts with `labels` / `type`), or plain columns:
  a title column (or a list of titles) and a person/genre/country column make an edge,
  labelled by a `role`/`relation` column or the query's relationship type; a person the
  query names (`{name: '...'}`) is linked to every title in the rows.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from pydantic import BaseModel, Field

from agentic_rag.markup import escape_markdown

MAX_EDGES = 40
GRAPH_TOOLS = ("cypher", "graph_expand")
KIND_STYLE = {
    "Show": 'shape=box, style="rounded,filled", fillcolor="#dbeafe"',
    "Person": 'shape=ellipse, style=filled, fillcolor="#fef3c7"',
    "Genre": 'shape=hexagon, style=filled, fillcolor="#dcfce7"',
    "Country": 'shape=octagon, style=filled, fillcolor="#fce7f3"',
}
_EXPAND_KIND = {
    "directed_by": ("Person", "DIRECTED"),
    "cast": ("Person", "ACTED_IN"),
    "genre": ("Genre", "IN_GENRE"),
    "country": ("Country", "PRODUCED_IN"),
}
_PERSON_COLS = re.compile(r"^(name|person|director|actor|cast|costar|co_star|other|b)$", re.I)
_GENRE_COLS = re.compile(r"genre", re.I)
_COUNTRY_COLS = re.compile(r"country", re.I)
_ANCHOR = re.compile(r"\{\s*name\s*:\s*'((?:[^'\\]|\\.)+)'\s*\}")
_REL_TYPE = re.compile(r"\[\s*\w*\s*:\s*([A-Z_]+)")


class GraphSketch(BaseModel):
    nodes: dict[str, str] = Field(default_factory=dict)  # "Kind:label" -> kind
    edges: list[tuple[str, str, str]] = Field(default_factory=list)  # (src, dst, label)
    cut: int = 0  # edges left out

    def add(self, src: tuple[str, str], dst: tuple[str, str], label: str) -> None:
        a, b = f"{src[0]}:{src[1]}", f"{dst[0]}:{dst[1]}"
        if a == b or (a, b, label) in self.edges:
            return
        if len(self.edges) >= MAX_EDGES:
            self.cut += 1
            return
        self.nodes.setdefault(a, src[0])
        self.nodes.setdefault(b, dst[0])
        self.edges.append((a, b, label))


def _from_expand(rows: list[dict[str, Any]], sketch: GraphSketch) -> None:
    for row in rows:
        show = ("Show", str(row.get("title") or row.get("show_id")))
        if row.get("related_title"):
            related = ("Show", str(row["related_title"]))
            if row.get("name"):
                person = ("Person", str(row["name"]))
                label = "DIRECTED" if row.get("relation") == "shares_director" else "ACTED_IN"
                sketch.add(person, show, label)
                sketch.add(person, related, label)
            else:
                sketch.add(show, related, str(row.get("relation") or "related"))
            continue
        kind, label = _EXPAND_KIND.get(str(row.get("relation")), ("Person", "related"))
        if row.get("name"):
            target = (kind, str(row["name"]))
            sketch.add(target, show, label) if kind == "Person" else sketch.add(show, target, label)


def _node_of(value: dict[str, Any]) -> tuple[str, str]:
    labels = value.get("labels") or ["Node"]
    kind = labels[0] if labels[0] in KIND_STYLE else str(labels[0])
    return kind, str(value.get("title") or value.get("name") or value.get("id"))


def _titles(row: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for key, value in row.items():
        if "title" not in key.lower():
            continue
        if isinstance(value, str) and value:
            out.append(value)
        elif isinstance(value, list):
            out += [str(v) for v in value if isinstance(v, str) and v]
    return out


def _others(row: dict[str, Any]) -> list[tuple[str, str]]:
    out = []
    for key, value in row.items():
        if not isinstance(value, str) or not value or "title" in key.lower():
            continue
        if _GENRE_COLS.search(key):
            out.append(("Genre", value))
        elif _COUNTRY_COLS.search(key):
            out.append(("Country", value))
        elif _PERSON_COLS.match(key):
            out.append(("Person", value))
    return out


def _from_cypher(rows: list[dict[str, Any]], query: str, sketch: GraphSketch) -> None:
    rel_types = _REL_TYPE.findall(query or "")
    default_label = rel_types[0] if rel_types else "related"
    anchor = _ANCHOR.search(query or "")
    for row in rows:
        nodes = [v for v in row.values() if isinstance(v, dict) and v.get("labels")]
        edges = [v for v in row.values() if isinstance(v, dict) and v.get("type") and "src" in v]
        if len(nodes) >= 2:  # whole nodes: link them in column order, labelled by an edge
            label = str(edges[0]["type"]) if edges else default_label
            for a, b in itertools.pairwise(nodes):
                sketch.add(_node_of(a), _node_of(b), label)
            continue
        label = str(row.get("role") or row.get("relation") or default_label)
        titles, others = _titles(row), _others(row)
        for title in titles:
            for other in others:
                edge = (
                    (other, ("Show", title)) if other[0] == "Person" else (("Show", title), other)
                )
                sketch.add(*edge, label)
            if anchor and ("Person", anchor.group(1)) not in others:
                sketch.add(("Person", anchor.group(1)), ("Show", title), default_label)


def sketch_result(result: dict[str, Any]) -> GraphSketch | None:
    """The graph in one tool result (a `ToolResult` dump), or None if it holds none."""
    if result.get("tool") not in GRAPH_TOOLS or not result.get("rows"):
        return None
    sketch = GraphSketch()
    if result["tool"] == "graph_expand":
        _from_expand(result["rows"], sketch)
    else:
        _from_cypher(result["rows"], result.get("query") or "", sketch)
    return sketch if sketch.edges else None


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"')[:60] + '"'


def to_dot(sketch: GraphSketch) -> str:
    lines = [
        "digraph G {",
        '  graph [layout=neato, overlap=false, splines=true, sep="+8", bgcolor="transparent",'
        ' fontname="Helvetica"];',
        '  node [fontname="Helvetica", fontsize=11];',
        '  edge [fontname="Helvetica", fontsize=9, color="#6b7280"];',
    ]
    for key, kind in sketch.nodes.items():
        style = KIND_STYLE.get(kind, "shape=ellipse")
        lines.append(f"  {_quote(key)} [label={_quote(key.split(':', 1)[1])}, {style}];")
    for a, b, label in sketch.edges:
        lines.append(f"  {_quote(a)} -> {_quote(b)} [label={_quote(label)}];")
    lines.append("}")
    return "\n".join(lines)


def render_graph(result: dict[str, Any]) -> bool:
    """Draw one result's graph under the answer; False if it holds no graph."""
    sketch = sketch_result(result)
    if sketch is None:
        return False
    import streamlit as st

    kinds = sorted(set(sketch.nodes.values()))
    st.caption(
        f"Graph view of {result['tool']} {result['call_id']}: {len(sketch.nodes)} nodes "
        f"({escape_markdown(', '.join(kinds), one_line=True)}), {len(sketch.edges)} edges"
    )
    st.graphviz_chart(to_dot(sketch), width="stretch")
    if sketch.cut:
        st.caption(
            f"Cut to {MAX_EDGES} edges for readability: {sketch.cut} more edge(s) are in the "
            "result table."
        )
    return True
