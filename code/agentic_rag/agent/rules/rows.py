"""Rows of tool results as markdown: safe cells, tables, graph neighbourhoods, one result."""

from __future__ import annotations

from typing import Any

from agentic_rag.markup import escape_cell, escape_markdown
from agentic_rag.tools.base import ToolResult

MAX_TABLE_ROWS = 15
MAX_CELL = 140
PREFERRED_COLUMNS = (
    "title",
    "name",
    "type",
    "release_year",
    "relation",
    "related_title",
    "country",
    "genre",
    "rating",
    "duration",
    "count",
    "shared",
    "distance",
    "url",
    "snippet",
    "imdbRating",
    "plot",
)
HIDDEN_COLUMNS = {"show_id", "description", "id", "labels", "related_show_id"}
#: graph_expand relations shown per show: relation -> (label, most names shown)
GRAPH_PARTS: dict[str, tuple[str, int | None]] = {
    "directed_by": ("directors", None),
    "cast": ("cast", 5),
    "genre": ("genres", None),
    "country": ("countries", None),
}
MAX_RELATED = 10
TOOL_NAMES = {
    "sql": "the catalog tables (SQL)",
    "semantic": "a search by meaning over descriptions",
    "cypher": "the people-and-titles graph (Cypher)",
    "graph_expand": "the graph around them",
    "web": "a web search (untrusted text)",
    "omdb": "OMDb (untrusted text)",
}


def cell(value: Any) -> str:
    """A safe markdown table cell: one line, bounded length, escaped by `markup`."""
    return escape_cell(value, MAX_CELL)


def columns_for(rows: list[dict[str, Any]]) -> list[str]:
    keys = list(dict.fromkeys(k for row in rows for k in row))
    shown = [k for k in keys if k not in HIDDEN_COLUMNS]
    shown.sort(key=lambda k: PREFERRED_COLUMNS.index(k) if k in PREFERRED_COLUMNS else 99)
    if not shown and "description" in keys:
        shown = ["description"]
    return shown[:6]


#: Matches by meaning are judged by what they are about: show the (shortened) description.
SEMANTIC_COLUMNS = ("title", "type", "release_year", "description")
HEADERS = {"description": "about", "release_year": "year"}


def table(rows: list[dict[str, Any]], cols: list[str] | None = None) -> str:
    cols = cols or columns_for(rows)
    if not cols:
        return ""
    header = " | ".join(HEADERS.get(c, c.replace("_", " ")) for c in cols)
    lines = ["| " + header + " |", "|" + "---|" * len(cols)]
    for row in rows[:MAX_TABLE_ROWS]:
        lines.append("| " + " | ".join(cell(row.get(c)) for c in cols) + " |")
    if len(rows) > MAX_TABLE_ROWS:
        lines.append(f"\n_…and {len(rows) - MAX_TABLE_ROWS} more rows._")
    return "\n".join(lines)


def single_value(result: ToolResult) -> str | None:
    """A one-row, one-column result (a count, an average) as a sentence."""
    if len(result.rows) == 1 and len(result.rows[0]) == 1:
        ((key, value),) = result.rows[0].items()
        return f"**{cell(key).replace('_', ' ')}: {cell(value)}**"
    return None


def _names(values: list[str], cap: int | None = None) -> str:
    shown = ", ".join(cell(v) for v in values[:cap])
    more = len(values) - cap if cap is not None else 0
    return shown + (f" (+{more} more)" if more > 0 else "")


def graph_lines(result: ToolResult) -> str:
    """graph_expand rows as one line per show, in the order the shows were asked for (the best
    semantic hit first): directors; cast (first few, in billing order); genres; countries.
    Related titles (depth 2) follow, one line each."""
    order = [s.show_id for s in result.sources if s.show_id]
    shows: dict[str, dict[str, Any]] = {}
    related: list[dict[str, Any]] = []
    for row in result.rows:
        if row.get("related_title"):
            related.append(row)
            continue
        key = str(row.get("show_id") or row.get("title") or "")
        info = shows.setdefault(
            key, {"title": row.get("title") or key, **{k: [] for k in GRAPH_PARTS}}
        )
        if row.get("relation") in GRAPH_PARTS and row.get("name"):
            info[row["relation"]].append(str(row["name"]))
    lines = []
    for key in sorted(shows, key=lambda k: order.index(k) if k in order else len(order)):
        info = shows[key]
        parts = [
            f"{label}: {_names(info[rel], cap)}"
            for rel, (label, cap) in GRAPH_PARTS.items()
            if info[rel]
        ]
        lines.append(f"- **{cell(info['title'])}** — " + ("; ".join(parts) or "no people listed"))
    for row in related[:MAX_RELATED]:
        title, other = cell(row.get("title")), cell(row.get("related_title"))
        lines.append(
            f"- related to **{title}**: **{other}** ({cell(row.get('via') or row.get('relation'))})"
        )
    if len(related) > MAX_RELATED:
        lines.append(f"\n_…and {len(related) - MAX_RELATED} more related titles._")
    return "\n".join(lines)


def render_result(n: int, result: ToolResult) -> str:
    source = TOOL_NAMES.get(result.tool, result.tool)
    value = single_value(result)
    if value:
        return f"From {source}: {value} [{n}]"
    note = " (more rows exist; showing the first ones)" if result.truncated else ""
    head = f"From {source} — {escape_markdown(result.message, one_line=True)}{note} [{n}]:"
    if result.tool == "graph_expand" and any("relation" in r for r in result.rows):
        return head + "\n\n" + graph_lines(result)
    if result.tool == "semantic" and all("description" in r for r in result.rows):
        return head + "\n\n" + table(result.rows, list(SEMANTIC_COLUMNS))
    return head + "\n\n" + table(result.rows)
