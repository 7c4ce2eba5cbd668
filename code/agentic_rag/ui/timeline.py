"""The turn's timeline: one bar per span (planner, each call, evaluator, synthesizer), lanes
grouped by iteration, coloured by status and named with it (colour is never the only sign),
drawn as a Vega-Lite chart as wide as its container and redrawn as events arrive. A one-line
summary per iteration says in words what the bars show (how many calls ran at once, which
were cached or reused), for screen readers and tests.
"""

from __future__ import annotations

from typing import Any

from agentic_rag.agent.memory.turn_model import Span, TurnModel
from agentic_rag.ui.style import CHART_CONFIG

#: Each at least 4.5:1 against white (WCAG 2.1 AA for text, so also for the bars).
STATUS_COLOURS = {
    "running": "#4b5563",
    "ok": "#15803d",
    "empty": "#a16207",
    "error": "#b91c1c",
    "timeout": "#c2410c",
    "refused": "#86198f",
    "cached": "#0369a1",
    "reused": "#4338ca",
}
MIN_BAR_FRACTION = 0.006  # a zero-length span (a reused call) still shows as a sliver


def max_parallel(spans: list[Span]) -> int:
    """The most call bars overlapping at one instant."""
    points = sorted(
        [(s.start, 1) for s in spans if s.kind == "call" and s.end > s.start]
        + [(s.end, -1) for s in spans if s.kind == "call" and s.end > s.start]
    )
    best = live = 0
    for _, step in points:
        live += step
        best = max(best, live)
    return best


def iteration_summaries(spans: list[Span]) -> list[str]:
    out = []
    for iteration in sorted({s.iteration for s in spans}):
        mine = [s for s in spans if s.iteration == iteration]
        calls = [s for s in mine if s.kind == "call"]
        if not calls:
            continue
        parts = [f"Iteration {iteration}: {len(calls)} call{'s' if len(calls) != 1 else ''}"]
        together = max_parallel(mine)
        if together > 1:
            parts.append(f"{together} ran at once")
        for status in ("cached", "reused", "running", "error", "timeout", "refused"):
            n = sum(1 for s in calls if s.status == status)
            if n:
                parts.append(f"{n} {status}")
        out.append(" · ".join(parts))
    return out


def timeline_rows(spans: list[Span]) -> list[dict[str, Any]]:
    total = max((s.end for s in spans), default=0.0) or 1.0
    rows = []
    for order, s in enumerate(spans):
        end = max(s.end, s.start + total * MIN_BAR_FRACTION)
        lane = s.lane if s.kind == "call" else f"{s.iteration or ''} {s.lane}".strip()
        rows.append(
            {
                "lane": s.lane,
                "label": f"{lane} · {s.status}",
                "iteration": f"Iteration {s.iteration}" if s.iteration else "start",
                "start": s.start,
                "end": end,
                "ms": round((s.end - s.start) * 1000, 1),
                "status": s.status,
                "detail": s.detail,
                "order": order,  # lanes in the order they ran, within each iteration's panel
            }
        )
    return rows


def timeline_spec(spans: list[Span]) -> dict[str, Any]:
    """The Vega-Lite spec for these spans: one bar per span, lanes in the order they ran, each
    lane named with its iteration and status; as wide as its container (a single view: a
    faceted chart cannot take the container's width).

    Written as the spec itself, not built with Altair: Altair validates the whole spec
    against the Vega-Lite schema on every draw (10-100 ms of Python on the page's script
    thread, several times per turn, taking the GIL from the turn it draws)."""
    rows = timeline_rows(spans)
    colour = {
        "field": "status",
        "type": "nominal",
        "scale": {"domain": list(STATUS_COLOURS), "range": list(STATUS_COLOURS.values())},
        "legend": None,  # each lane names its status in words
    }
    tooltip = [
        {"field": "lane", "type": "nominal", "title": "span"},
        {"field": "status", "type": "nominal"},
        {"field": "ms", "type": "quantitative", "title": "ms"},
        {"field": "detail", "type": "nominal", "title": "purpose · rows · args"},
    ]
    total = max((r["end"] for r in rows), default=0.0) or 1.0
    start = {
        "field": "start",
        "type": "quantitative",
        "title": "seconds since the question",
        "scale": {"domain": [0, total]},  # never an empty extent, even before the data lands
    }
    lane = {
        "field": "label",
        "type": "nominal",
        "sort": {"field": "order", "op": "min"},  # lanes in the order they ran
        "title": None,
        "axis": {"labelLimit": 160, "labelOverlap": False},
    }
    return {
        "width": "container",
        "height": 22 * len(rows),
        "autosize": {"type": "fit-x", "contains": "padding"},
        "data": {"values": rows},
        "mark": {"type": "bar", "cornerRadius": 2, "height": {"band": 0.7}},
        "encoding": {
            "x": start,
            "x2": {"field": "end"},
            "y": lane,
            "color": colour,
            "tooltip": tooltip,
        },
        "config": CHART_CONFIG,
    }


def render_timeline(model: TurnModel) -> None:
    import streamlit as st

    spans = model.spans()
    if not spans:
        st.caption("Timeline: waiting for the first plan…")
        return
    st.vega_lite_chart(timeline_spec(spans), width="stretch", theme=None)
    st.caption("  \n".join(iteration_summaries(spans)))
