"""Per-node figures of an evaluation run: validity (first try / after repair / fell back),
the structured-output rung, tokens and latency of the planner, evaluator and synthesizer."""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

from pydantic import BaseModel

NODES = ("planner", "evaluator", "synthesizer")
HEADERS = [
    "node",
    "runs",
    "first try",
    "after repair",
    "fell back",
    "why (most common)",
    "rung",
    "tokens in (mean)",
    "tokens out (mean)",
    "latency ms (median)",
]


class NodeRun(BaseModel):
    node: str
    mode: str  # model | model_repaired | rules
    reason: str | None = None
    rung: str | None = None
    repairs: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    ms: float = 0.0


def node_runs(values: dict[str, Any]) -> list[NodeRun]:
    """One `NodeRun` per model node run of a turn (its mode joined with its trace)."""
    traces = [t for t in values.get("trace") or [] if t.get("node") in NODES]
    runs = []
    for mode in values.get("node_modes") or []:
        trace = next(
            (
                t
                for t in traces
                if t["node"] == mode["node"] and t["iteration"] == mode["iteration"]
            ),
            {},
        )
        runs.append(
            NodeRun(
                node=mode["node"],
                mode=mode["mode"],
                reason=mode.get("reason"),
                rung=mode.get("rung"),
                repairs=mode.get("repairs", 0),
                tokens_in=trace.get("tokens_in", 0),
                tokens_out=trace.get("tokens_out", 0),
                ms=round((trace.get("end", 0) - trace.get("start", 0)) * 1000, 1),
            )
        )
    return runs


def node_table(runs: list[NodeRun]) -> list[list[str]]:
    rows = []
    for node in NODES:
        mine = [r for r in runs if r.node == node]
        if not mine:
            continue
        fell = [r for r in mine if r.mode == "rules"]
        why = Counter(r.reason or "?" for r in fell).most_common(2)
        rungs = Counter(r.rung for r in mine if r.rung).most_common(2)
        rows.append(
            [
                node,
                str(len(mine)),
                str(sum(r.mode == "model" for r in mine)),
                str(sum(r.mode == "model_repaired" for r in mine)),
                str(len(fell)),
                "; ".join(f"{w} ({n})" for w, n in why) or "-",
                ", ".join(f"{k} ({n})" for k, n in rungs) or "-",
                f"{statistics.mean(r.tokens_in for r in mine):,.0f}",
                f"{statistics.mean(r.tokens_out for r in mine):,.0f}",
                f"{statistics.median(r.ms for r in mine):,.0f}",
            ]
        )
    return rows
