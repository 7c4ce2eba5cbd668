"""The turn's timeline: one bar per span (planner, each call, evaluator, synthesizer), one
panel per iteration, coloured by status, drawn as a Vega-Lite chart and redrawn as events
arrive. A one-line summary per iteration says in words what the bars show (how many calls
ran at once, which were cached or reused), for screen readers and tests.
"""

from __future__ import annotations

from typing import Any

from agentic_rag.agent.memory.turn_model import Span, TurnModel

STATUS_COLOURS = {
    "running": "#9ca3af",
    "ok": "#16a34a",
    "empty": "#eab308",
    "error": "#dc2626",
    "timeout": "#ea580c",
    "refused": "#a21caf",
    "cached": "#0ea5e9",
    "reused": "#6366f1",
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
        rows.append(
            {
                "lane": s.lane,
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
    """The Vega-Lite spec for these spans: one bar per span, one row panel per iteration.

    Written as the spec itself, not built with Altair: Altair validates the whole spec
    against the Vega-Lite schema on every draw (10-100 ms of Python on the page's script
    thread, several times per turn, taking the GIL from the turn it draws)."""
    rows = timeline_rows(spans)
    per_panel = max(
        len({r["lane"] for r in rows if r["iteration"] == it})
        for it in {r["iteration"] for r in rows}
    )
    colour = {
        "field": "status",
        "type": "nominal",
        "scale": {"domain": list(STATUS_COLOURS), "range": list(STATUS_COLOURS.values())},
        "legend": {"orient": "bottom", "title": None},
    }
    tooltip = [
        {"field": "lane", "type": "nominal", "title": "span"},
        {"field": "status", "type": "nominal"},
        {"field": "ms", "type": "quantitative", "title": "ms"},
        {"field": "detail", "type": "nominal", "title": "purpose · rows · args"},
    ]
    start = {"field": "start", "type": "quantitative", "title": "seconds since the question"}
    lane = {
        "field": "lane",
        "type": "nominal",
        "sort": {"field": "order", "op": "min"},  # lanes in the order they ran
        "title": None,
        "axis": {"labelLimit": 180, "labelOverlap": False},
    }
    return {
        "data": {"values": rows},
        "facet": {
            "row": {
                "field": "iteration",
                "type": "nominal",
                "title": None,
                "header": {"labelAngle": 0},
            }
        },
        "spec": {
            "mark": {"type": "bar", "cornerRadius": 2, "height": {"band": 0.7}},
            "encoding": {
                "x": start,
                "x2": {"field": "end"},
                "y": lane,
                "color": colour,
                "tooltip": tooltip,
            },
            "height": 22 * per_panel,
        },
        "resolve": {"scale": {"y": "independent"}},
    }


def render_timeline(model: TurnModel) -> None:
    import streamlit as st

    spans = model.spans()
    if not spans:
        st.caption("Timeline: waiting for the first plan…")
        return
    st.vega_lite_chart(timeline_spec(spans), width="stretch")
    st.caption("  \n".join(iteration_summaries(spans)))
