"""The offline evaluator: every part of the question needs evidence.

A part ("Part 1/2 (list): ..." in the reasoning, "[part i/n]" in call purposes) with no rows, or
waiting for an earlier result ("[deferred]"), is replanned once; at the cap it is named instead.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from agentic_rag.agent.interfaces import EvalContext, Usage
from agentic_rag.agent.models import EvaluatorDecision, ExecutionPlan
from agentic_rag.agent.rules.shape import TOTAL_PURPOSE
from agentic_rag.tools.base import ToolResult, ToolStatus

PART_LINE = re.compile(r"^Part (\d+)/(\d+) \((\w+)\): (.*?)( \[deferred\])?$", re.M)
PART_TAG = re.compile(r"^\[part (\d+)/(\d+)\]")
OUTSIDE = frozenset({"web", "omdb"})
CONFIDENCE = re.compile(r"confidence ([\d.]+)")


class Part(NamedTuple):
    number: int
    op: str
    reading: str
    deferred: bool


def parts_of(plan: ExecutionPlan) -> list[Part]:
    return [Part(int(m.group(1)), m.group(3), m.group(4), bool(m.group(5)))
            for m in PART_LINE.finditer(plan.reasoning)]  # fmt: skip


def usable(result: ToolResult | None) -> bool:
    return result is not None and result.status == ToolStatus.OK and bool(result.rows)


def evidence(plans: list[ExecutionPlan], results: list[ToolResult]) -> dict[int, list[ToolResult]]:
    """Part number -> its results with rows, over every planning round."""
    by_id = {r.call_id: r for r in results}
    out: dict[int, list[ToolResult]] = {}
    for it, plan in enumerate(plans, start=1):
        for j, call in enumerate(plan.calls, start=1):
            m = PART_TAG.match(call.purpose)
            result = by_id.get(f"{it}.{j}")
            if result is not None and result.reused_from:
                result = by_id.get(result.reused_from, result)
            if m and usable(result) and TOTAL_PURPOSE not in call.purpose:
                out.setdefault(int(m.group(1)), []).append(result)  # type: ignore[arg-type]
    return out


class OfflineEvaluator:
    """Deterministic evaluator for offline mode."""

    async def evaluate(self, ctx: EvalContext) -> tuple[EvaluatorDecision, Usage]:
        return self.decide(ctx), Usage()

    def decide(self, ctx: EvalContext) -> EvaluatorDecision:
        plans = list(ctx.plans)
        parts = parts_of(plans[0]) if plans else []
        found = evidence(plans, list(ctx.results))
        for p in parts:  # outside facts need an outside source; the catalog row is not one
            if p.op == "external" and p.number in found:
                found[p.number] = [r for r in found[p.number] if r.tool in OUTSIDE]
                if not found[p.number]:
                    del found[p.number]
        at_cap = ctx.iteration >= ctx.max_iterations or len(plans) >= 2
        good = [r for r in ctx.latest if usable(r)]
        if not parts:  # a plan without parts (the fallback): any rows will do
            parts = [Part(1, "search", "the question", False)]
            found = {1: good} if good else {}
        missing = [p for p in parts if p.number not in found]
        waiting = [p for p in parts if p.deferred and len(plans) < 2]
        m = CONFIDENCE.search(plans[0].reasoning) if plans else None
        reading = float(m.group(1)) if m else 0.5
        covered = (len(parts) - len(missing)) / len(parts)
        confidence = round(max(0.05, min(0.95, covered * (0.5 + reading / 2))), 2)
        if not at_cap and (missing or waiting):
            todo = sorted(
                {p.number: p for p in [*missing, *waiting]}.values(), key=lambda p: p.number
            )
            named = "; ".join(f"part {p.number} ({p.reading})" + (
                " needs the earlier results" if p in waiting and p not in missing else
                " has no evidence yet") for p in todo)  # fmt: skip
            return EvaluatorDecision(
                decision="replan",
                reasoning=f"{len(todo)} of {len(parts)} part(s) still need evidence.",
                replan_instructions=f"Plan again for {named}. Do not repeat an identical call.",
                confidence=min(confidence, 0.4),
            )
        if missing:
            names = ", ".join(f"part {p.number} ({p.reading})" for p in missing)
            reason = f"No evidence for {names}; the answer must say so."
        else:
            reason = f"Every part ({len(parts)}) has evidence."
        if at_cap:
            reason += " No further round (iteration cap or already replanned)."
        return EvaluatorDecision(decision="continue", reasoning=reason, confidence=confidence)
