"""FalkorDB results -> plain JSON-friendly rows and the `SourceRef`s a citation can name.

Show nodes and `show_id` columns become `show:<id>` sources, Person nodes `node:<id>`
sources. A row that names neither (a co-star list, a count, `db.labels()`) still gets one
`row:` source labelled with its first text value, so a citation of it lists something.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from agentic_rag.tools.base import SourceRef

MAX_LABEL = 120


def _plain(value: Any, sources: dict[str, SourceRef]) -> Any:
    """A JSON-friendly copy of one FalkorDB value; Show and Person nodes become sources."""
    from falkordb import Edge, Node, Path  # imported with the graph client, not before

    if isinstance(value, Node):
        props = {k: _plain(v, sources) for k, v in value.properties.items()}
        labels = list(value.labels or [])
        if "Show" in labels and props.get("show_id"):
            sid = str(props["show_id"])
            sources.setdefault(
                f"show:{sid}",
                SourceRef(
                    kind="graph_node", ref=f"show:{sid}", show_id=sid, label=props.get("title")
                ),
            )
        elif "Person" in labels:
            ref = f"node:{value.id}"
            sources.setdefault(ref, SourceRef(kind="graph_node", ref=ref, label=props.get("name")))
        return {"id": value.id, "labels": labels, **props}
    if isinstance(value, Edge):
        src, dst = value.src_node, value.dest_node
        return {
            "type": value.relation,
            "src": src.id if isinstance(src, Node) else src,
            "dst": dst.id if isinstance(dst, Node) else dst,
        }
    if isinstance(value, Path):
        out = []
        for node in value.nodes():
            _plain(node, sources)
            props = node.properties or {}
            out.append(props.get("title") or props.get("name") or node.id)
        return out
    if isinstance(value, list | tuple):
        return [_plain(v, sources) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v, sources) for k, v in value.items()}
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return value


def row_source(index: int, row: dict[str, Any]) -> SourceRef:
    """The fallback source of a row without a show or person ref, labelled with its first text
    value (else a node's name or title, else its numbers) and keyed by that text if any."""
    text = next((v.strip() for v in row.values() if isinstance(v, str) and v.strip()), "")
    named = next(
        (
            str(v.get("name") or v.get("title"))
            for v in row.values()
            if isinstance(v, dict) and (v.get("name") or v.get("title"))
        ),
        "",
    )
    numbers = [f"{k} = {v}" for k, v in row.items() if isinstance(v, int | float)]
    label = (text or named or ", ".join(numbers[:3]))[:MAX_LABEL] or None
    ref = f"row:{text[:MAX_LABEL]}" if text else f"row:{index}"
    return SourceRef(kind="graph_node", ref=ref, label=label, detail={"row": index})


def to_rows(result: Any, fallback_rows: int = 0) -> tuple[list[dict[str, Any]], list[SourceRef]]:
    """FalkorDB `QueryResult` -> (row dicts keyed by column name, sources). Each of the first
    `fallback_rows` rows that carries no show or person ref gets a `row_source`."""
    header = [h[1] if isinstance(h, list | tuple) and len(h) > 1 else h for h in result.header]
    names = [n.decode() if isinstance(n, bytes) else str(n) for n in header]
    sources: dict[str, SourceRef] = {}
    rows: list[dict[str, Any]] = []
    covered: set[int] = set()  # rows that named a show or person
    for i, raw in enumerate(result.result_set):
        own: dict[str, SourceRef] = {}
        rows.append(
            {names[j] if j < len(names) else f"col{j}": _plain(v, own) for j, v in enumerate(raw)}
        )
        for ref, src in own.items():
            sources.setdefault(ref, src)
        if own:
            covered.add(i)
    for i, row in enumerate(rows):
        for key, value in row.items():
            if (key == "show_id" or key.endswith(".show_id")) and isinstance(value, str) and value:
                prefix = key[: -len("show_id")]
                title = row.get(prefix + "title") or row.get("title")
                ref = f"show:{value}"
                covered.add(i)
                sources.setdefault(
                    ref,
                    SourceRef(
                        kind="graph_node",
                        ref=ref,
                        show_id=value,
                        label=title if isinstance(title, str) else None,
                    ),
                )
    for i, row in enumerate(rows[:fallback_rows]):
        if i not in covered:
            src = row_source(i, row)
            sources.setdefault(src.ref, src)
    return rows, list(sources.values())
