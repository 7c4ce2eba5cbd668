"""Under an answer: a graph view of graph results, a chart when a result is a count by
category or year, the result tables, and the sources list behind the citations."""

from __future__ import annotations

from typing import Any

import streamlit as st

from agentic_rag.markup import escape_markdown, safe_url
from agentic_rag.ui.graph_view import render_graph
from agentic_rag.ui.style import CHART_CONFIG

CHART_MAX_BARS = 40
HIDDEN = {"description", "labels", "snippet", "plot"}


def chartable(rows: list[dict[str, Any]]) -> tuple[str, str] | None:
    """(category column, value column) when rows look like an aggregate: 2 columns, one numeric."""
    if len(rows) < 2 or len(rows) > CHART_MAX_BARS:
        return None
    keys = list(rows[0])
    if len(keys) != 2 or any(list(r) != keys for r in rows):
        return None
    numeric = [k for k in keys if all(isinstance(r[k], int | float) for r in rows)]
    if len(numeric) == 2:  # e.g. (release_year, count): the year-like column is the category
        year = [k for k in keys if "year" in k.lower()] or [
            k for k in keys if all(isinstance(r[k], int) and 1900 <= r[k] <= 2100 for r in rows)
        ]
        return (year[0], next(k for k in keys if k != year[0])) if year else None
    if len(numeric) != 1:
        return None
    value = numeric[0]
    return next(k for k in keys if k != value), value


def bar_spec(rows: list[dict[str, Any]], category: str, value: str) -> dict[str, Any]:
    """A bar per row, as wide as its container; the value axis has its domain from the rows,
    so the chart never draws (or warns about) an empty extent."""
    top = max((r[value] for r in rows), default=0) or 1
    return {
        "width": "container",
        "height": 220,
        "autosize": {"type": "fit-x", "contains": "padding"},
        "data": {"values": rows},
        "mark": {"type": "bar", "color": "#1d4ed8"},
        "encoding": {
            "x": {"field": category, "type": "ordinal", "sort": None, "axis": {"labelLimit": 120}},
            "y": {"field": value, "type": "quantitative", "scale": {"domain": [0, top]}},
            "tooltip": [{"field": category}, {"field": value, "type": "quantitative"}],
        },
        "config": CHART_CONFIG,
    }


def render_results(results: list[dict[str, Any]], key: str) -> None:
    shown = [
        r for r in results if r.get("status") == "ok" and r.get("rows") and not r.get("reused_from")
    ]
    if not shown:
        return
    for r in shown:
        if render_graph(r):
            continue
        rows = r["rows"]
        pair = chartable(rows)
        if pair:
            category, value = pair
            st.caption(
                f"{r['tool']} {r['call_id']}: {escape_markdown(value)} by "
                f"{escape_markdown(category)}"
            )
            st.vega_lite_chart(bar_spec(rows, category, value), width="stretch", theme=None)
    import pandas as pd

    with st.expander(f"Result tables ({len(shown)})"):
        for r in shown:
            message = escape_markdown(r.get("message", ""), one_line=True)
            st.caption(
                f"{r['tool']} {r['call_id']} · {message}"
                + (" · untrusted text" if r.get("untrusted") else "")
            )
            frame = pd.DataFrame(r["rows"])
            frame = frame[[c for c in frame.columns if c not in HIDDEN] or list(frame.columns)]
            for col in frame.columns:  # lists/dicts render as text, never as HTML
                if frame[col].map(lambda v: isinstance(v, list | dict)).any():
                    frame[col] = frame[col].map(str)
            st.dataframe(frame, hide_index=True, width="stretch", key=f"{key}-{r['call_id']}")


def source_anchor(turn_anchor: str, number: int) -> str:
    """The HTML id of one answer's source `[number]`: unique per turn on the page."""
    return f"{turn_anchor}-source-{number}"


def source_line(citation: dict[str, Any]) -> str:
    """One source as markdown: the tool, its call and each row, node or URL it returned."""
    refs = citation.get("refs") or []
    items = []
    for ref in refs[:12]:
        label = escape_markdown(ref.get("label") or "", one_line=True)
        target = ref.get("ref", "")
        if ref.get("kind") == "url":
            items.append(f"{label} — {safe_url(target)}" if label else safe_url(target))
        else:
            shown = escape_markdown(target, one_line=True)
            items.append(f"{label} ({shown})" if label else shown)
    more = f" … and {len(refs) - 12} more" if len(refs) > 12 else ""
    tool = escape_markdown(citation["tool"], one_line=True)
    call = escape_markdown(citation["call_id"], one_line=True)
    return f"**[{citation['number']}]** {tool} call {call}: " + "; ".join(items) + more


def render_sources(citations: list[dict[str, Any]], turn_anchor: str) -> None:
    """This answer's sources, each under its own anchor (what its `[n]` links to)."""
    if not citations:
        return
    st.markdown(f"**Sources of this answer ({len(citations)})**")
    for c in citations:
        anchor = source_anchor(turn_anchor, int(c["number"]))
        # our own HTML: an id made of digits and letters; the text is escaped markdown
        st.markdown(
            f'<span class="source-entry" id="{anchor}"></span>{source_line(c)}',
            unsafe_allow_html=True,
        )
