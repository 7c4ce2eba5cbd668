"""The offline evaluator: every part of the reading needs evidence.

A part (one `QuerySpec` of the plan's `reading`; its calls name it in `part`) with no rows, or
waiting for an earlier result, is replanned once; at the cap it is named instead. A plan with no
reading (a model's, or the fallback) is judged by its results alone. The decision's confidence is
the reading's calibrated probability times the share of parts with evidence.
"""

from __future__ import annotations

from agentic_rag.agent.interfaces import EvalContext, Usage
from agentic_rag.agent.models import EvaluatorDecision, ExecutionPlan, PlannedCall
from agentic_rag.agent.rules import compose, relations
from agentic_rag.agent.rules.phrasing import read_as
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.tools.base import ToolResult, ToolStatus

OUTSIDE = frozenset({"web", "omdb"})
NO_READING = 0.5  # the confidence of a plan without a reading that found rows
#: the most an answer is trusted whose bounded search (`relations.BOUNDED`) found nothing: its
#: "none within N" is not a "none"
UNPROVEN = 0.3
#: the most an answer is trusted with a part of its reading that found nothing (never planned,
#: empty or failed): the answer cannot show that part was read right ("which other films by the
#: same director", never run; a description search narrowed by words of its own story, empty)
UNCOVERED = 0.45


def deferred(spec: QuerySpec) -> bool:
    """A part planned only once an earlier part's results are in."""
    named = spec.titles.titles or spec.titles.show_ids
    return (
        compose.waiting(spec)
        or (spec.op == "people" and not named and spec.ref is None)
        or (spec.needs_results and spec.op == "external")
    )


def usable(result: ToolResult | None) -> bool:
    return result is not None and result.status == ToolStatus.OK and bool(result.rows)


def _answers(plan: ExecutionPlan, call: PlannedCall, result: ToolResult | None) -> bool:
    """Rows, or an empty result of a part bounding its groups' counts ("directors with more
    than 5 korean titles"): no group within the bound is its answer."""
    spec = plan.reading[call.part - 1] if call.part and 0 < call.part <= len(plan.reading) else None
    bounded = spec is not None and (spec.group_min is not None or spec.group_max is not None)
    empty = result is not None and result.status == ToolStatus.EMPTY
    return usable(result) or (bounded and empty and call.role == "answer")


def reading_of(plans: list[ExecutionPlan]) -> ExecutionPlan | None:
    """The latest plan with a reading (a replan reads the question again)."""
    return next((p for p in reversed(plans) if p.reading), None)


def evidence(plans: list[ExecutionPlan], results: list[ToolResult]) -> dict[int, list[ToolResult]]:
    """Part number -> its results with rows, over every planning round."""
    by_id = {r.call_id: r for r in results}
    out: dict[int, list[ToolResult]] = {}
    for it, plan in enumerate(plans, start=1):
        for j, call in enumerate(plan.calls, start=1):
            result = by_id.get(f"{it}.{j}")
            if result is not None and result.reused_from:
                result = by_id.get(result.reused_from, result)
            if call.part is not None and call.role != "total" and _answers(plan, call, result):
                out.setdefault(call.part, []).append(result)  # type: ignore[arg-type]
    return out


def found_parts(
    plans: list[ExecutionPlan], results: list[ToolResult]
) -> dict[int, list[ToolResult]]:
    """`evidence`, where a part asking for outside facts counts only outside sources' rows."""
    read = reading_of(plans)
    found = evidence(plans, results)
    for number, spec in enumerate(read.reading if read else [], start=1):
        if spec.op == "external" and number in found:
            found[number] = [r for r in found[number] if r.tool in OUTSIDE]
            if not found[number]:
                del found[number]
    return found


def uncovered(plans: list[ExecutionPlan], results: list[ToolResult]) -> bool:
    """Whether a part of the reading has no evidence, other than a thing the catalog does not
    hold (its answer is that it is absent) or the people of a title it names (the catalog
    records no director for most series: "who directed the crown" is answered by the empty
    query, `empty.nobody`)."""
    read = reading_of(plans)
    if read is None:
        return False
    found = found_parts(plans, results)
    return any(
        not s.absent and not (s.op == "people" and s.titles.titles) and n not in found
        for n, s in enumerate(read.reading, start=1)
    )


def unproven(plans: list[ExecutionPlan], results: list[ToolResult]) -> bool:
    """Whether a part of the reading is a bounded search that found nothing, or found a chain
    while the search for a shorter one did not finish (not shown to be the shortest)."""
    read = reading_of(plans)
    if read is None:
        return False
    found = evidence(plans, results)
    bounded = [n for n, s in enumerate(read.reading, start=1) if s.op in relations.BOUNDED]
    return any(n not in found or unfinished_shorter(n, plans, results) for n in bounded)


def unfinished_shorter(part: int, plans: list[ExecutionPlan], results: list[ToolResult]) -> bool:
    """Whether a search of the part for fewer titles than the chain it found did not finish."""
    by_id = {r.call_id: r for r in results}
    calls = [
        (c, by_id.get(f"{it}.{j}"))
        for it, plan in enumerate(plans, start=1)
        for j, c in enumerate(plan.calls, start=1)
        if c.part == part
    ]
    found = [int(r.rows[0].get("titles") or 0) for _, r in calls if r is not None and r.rows]
    return bool(found) and any(
        r is not None and r.status.failed and relations.chain_length(c.args) < min(found)
        for c, r in calls
    )


class OfflineEvaluator:
    """Deterministic evaluator for offline mode."""

    async def evaluate(self, ctx: EvalContext) -> tuple[EvaluatorDecision, Usage]:
        return self.decide(ctx), Usage()

    def decide(self, ctx: EvalContext) -> EvaluatorDecision:
        plans = list(ctx.plans)
        read = reading_of(plans)
        parts = list(enumerate(read.reading, start=1)) if read else []
        found = found_parts(plans, list(ctx.results))  # outside facts need an outside source
        at_cap = ctx.iteration >= ctx.max_iterations or len(plans) >= 2
        if not parts:  # no reading (a model's plan, the fallback): any rows will do
            good = any(usable(r) for r in ctx.results)
            return EvaluatorDecision(
                decision="continue" if good or at_cap else "replan",
                reasoning="Judged by the results alone (the plan has no typed reading): "
                + ("some calls returned rows." if good else "no call returned rows."),
                replan_instructions="" if good else "Try other tools or simpler queries.",
                confidence=NO_READING if good else 0.1,
            )
        missing = [(n, s) for n, s in parts if n not in found]
        waiting = [(n, s) for n, s in parts if deferred(s) and len(plans) < 2]
        sure = read.confidence.probability if read and read.confidence else NO_READING
        covered = (len(parts) - len(missing)) / len(parts)
        confidence = round(max(0.0, min(1.0, covered * sure)), 3)
        if read and read.confidence and read.confidence.ask_back:
            return EvaluatorDecision(
                decision="continue",
                reasoning=f"The reading is likely wrong ({sure:.2f}): the answer asks back "
                "with readings to choose from instead of guessing.",
                confidence=confidence,
            )
        if not at_cap and (missing or waiting):
            todo = sorted({n: s for n, s in [*missing, *waiting]}.items())
            named = "; ".join(
                f"part {n} ({read_as(s)})"
                + (
                    " needs the earlier results"
                    if n not in dict(missing)
                    else " has no evidence yet"
                )
                for n, s in todo
            )
            return EvaluatorDecision(
                decision="replan",
                reasoning=f"{len(todo)} of {len(parts)} part(s) still need evidence.",
                replan_instructions=f"Plan again for {named}. Do not repeat an identical call.",
                confidence=min(confidence, 0.4),
            )
        if missing:
            names = ", ".join(f"part {n} ({read_as(s)})" for n, s in missing)
            reason = f"No evidence for {names}; the answer must say so."
        else:
            reason = f"Every part ({len(parts)}) has evidence."
        if at_cap:
            reason += " No further round (iteration cap or already replanned)."
        return EvaluatorDecision(decision="continue", reasoning=reason, confidence=confidence)
