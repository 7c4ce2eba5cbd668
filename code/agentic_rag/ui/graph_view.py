"""Graph results drawn as graphs: the nodes and labelled edges a Cypher query or a graph
expansion returned (titles, people, genres, countries), as Graphviz DOT for
`st.graphviz_chart`. Large results are cut to `MAX_EDGES` with a note saying so.

Reading rows back into a graph:
- graph expansion rows are `(show, relation, name[, related show])`, so each row is an edge;
- Cypher rows may hold whole nodes/edges (dicts with `labels` / `type`, an edge joined to
  its nodes by their ids), or plain columns: a title column (or a list of titles) and a
  person/genre/country column make an edge; a person the query names (`{name: '...'}`) is
  linked to every title in the rows.

An edge is labelled only by the relationship the result returned (an edge value, or a
`type(r)` column such as `role`), never by the query text: a pattern like
`[:DIRECTED|ACTED_IN]` says what an edge may be, not what it is. An edge whose type the
result does not carry is drawn unlabelled, and the caption says how many are.
"""

from __future__ import annotations

import itertools
import re
import textwrap
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
_REL_VALUE = re.compile(r"^[A-Z][A-Z_]*$")  # a relationship type, as `type(r)` returns it
_ROLE_COLS = ("role", "relation", "type", "rel", "relationship")
LABEL_WIDTH = 24  # node labels wrap at word boundaries near this many characters, never cut


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


def _returned_type(row: dict[str, Any]) -> str:
    """The relationship type a row returned as a column (`type(r) AS role`), or ""."""
    for key in _ROLE_COLS:
        value = row.get(key)
        if isinstance(value, str) and _REL_VALUE.match(value):
            return value
    return ""


def _from_cypher(rows: list[dict[str, Any]], query: str, sketch: GraphSketch) -> None:
    anchor = _ANCHOR.search(query or "")
    for row in rows:
        nodes = [v for v in row.values() if isinstance(v, dict) and v.get("labels")]
        edges = [v for v in row.values() if isinstance(v, dict) and v.get("type") and "src" in v]
        if len(nodes) >= 2:  # whole nodes: each returned edge joins the nodes it names
            by_id = {n.get("id"): n for n in nodes}
            joined = [
                (by_id[e["src"]], by_id[e["dst"]], str(e["type"]))
                for e in edges
                if e["src"] in by_id and e["dst"] in by_id
            ]
            if not joined:  # no edge returned: the nodes in column order, unlabelled
                joined = [(a, b, _returned_type(row)) for a, b in itertools.pairwise(nodes)]
            for a, b, label in joined:
                sketch.add(_node_of(a), _node_of(b), label)
            continue
        label = _returned_type(row)
        titles, others = _titles(row), _others(row)
        for title in titles:
            for other in others:
                edge = (
                    (other, ("Show", title)) if other[0] == "Person" else (("Show", title), other)
                )
                sketch.add(*edge, label)
            if anchor and ("Person", anchor.group(1)) not in others:
                sketch.add(("Person", anchor.group(1)), ("Show", title), "")


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
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def wrap_label(text: str, width: int = LABEL_WIDTH) -> str:
    """The whole label on lines of about `width` characters, broken between words."""
    return "\n".join(textwrap.wrap(text, width, break_long_words=False)) or text


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
        label = _quote(wrap_label(key.split(":", 1)[1])).replace("\n", "\\n")  # DOT's line break
        lines.append(f"  {_quote(key)} [label={label}, {style}];")
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
    unlabelled = sum(1 for *_, label in sketch.edges if not label)
    if unlabelled:
        st.caption(
            f"{unlabelled} edge(s) drawn without a label: the result did not return which "
            "relationship joins them."
        )
    if sketch.cut:
        st.caption(
            f"Cut to {MAX_EDGES} edges for readability: {sketch.cut} more edge(s) are in the "
            "result table."
        )
    return True
