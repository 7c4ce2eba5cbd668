"""The offline evaluator: continue unless the latest round failed where it mattered.

Replan (once, below the iteration cap) when every latest result failed or came back empty,
when the plan's first (key) call did, or when a hybrid question still needs the graph
neighbourhood of its semantic matches. Otherwise continue, with confidence = share of results
that returned rows.
"""

from __future__ import annotations

from agentic_rag.agent.interfaces import EvalContext, Usage
from agentic_rag.agent.models import EvaluatorDecision, PlannedCall
from agentic_rag.agent.offline.templates import HYBRID_CUE, HYBRID_TOP, is_bad, pair_results
from agentic_rag.tools.base import ToolResult, ToolStatus

#: what a replan should use instead of a failed or empty call
ALTERNATIVE = {
    "cypher": "sql (the same relation through show_people/people joins)",
    "sql": "sql with relaxed filters or a partial name (LIKE), or semantic search",
    "semantic": "sql full-text search (shows_fts MATCH)",
    "graph_expand": "sql over show_people for those show ids",
    "web": "the catalog (sql)",
    "omdb": "the catalog row (sql)",
}
EXTERNAL = frozenset({"web", "omdb"})


def _what(call: PlannedCall | None, result: ToolResult | None) -> str:
    tool = call.tool if call else result.tool if result else "?"
    purpose = f" ({call.purpose})" if call and call.purpose else ""
    if result is None:
        state = "has no result"
    elif result.status == ToolStatus.EMPTY:
        state = "came back empty"
    else:
        detail = (result.error or result.message or "").strip().splitlines()
        state = f"{result.status.value}" + (f": {detail[0][:160]}" if detail else "")
    return f"{tool}{purpose} {state}; use {ALTERNATIVE.get(tool, 'another tool')} instead"


class OfflineEvaluator:
    """Deterministic evaluator for offline mode."""

    async def evaluate(self, ctx: EvalContext) -> tuple[EvaluatorDecision, Usage]:
        return self.decide(ctx), Usage()

    def decide(self, ctx: EvalContext) -> EvaluatorDecision:
        latest = list(ctx.latest)
        calls = ctx.plans[-1].calls if ctx.plans else []
        paired: list[tuple[PlannedCall | None, ToolResult | None]] = [(None, r) for r in latest]
        if calls:
            paired = list(pair_results(calls, latest, ctx.iteration))
        good = [r for r in latest if not is_bad(r)]
        confidence = round(min(0.95, max(0.1, len(good) / len(latest))) if latest else 0.1, 2)
        at_cap = ctx.iteration >= ctx.max_iterations or len(ctx.plans) >= 2  # replan once
        bad = [(c, r) for c, r in paired if is_bad(r)]
        key_call, key_result = paired[0] if paired else (None, None)
        catalog_ok = any(r.tool not in EXTERNAL for r in good)
        key_bad = is_bad(key_result) and not (
            key_call is not None and key_call.tool in EXTERNAL and catalog_ok
        )
        if not at_cap and (not good or key_bad):
            named = "; ".join(
                f"call {i} {_what(c, r)}" for i, (c, r) in enumerate(paired, start=1) if is_bad(r)
            )
            scope = "Every call failed or came back empty" if not good else "The key call failed"
            return EvaluatorDecision(
                decision="replan",
                reasoning=f"{scope} ({len(bad)} of {len(paired)} calls without rows).",
                replan_instructions=f"{named}. Do not repeat an identical call.",
                confidence=min(confidence, 0.3),
            )
        if not at_cap and (expand := self._hybrid_ids(ctx)):
            return EvaluatorDecision(
                decision="replan",
                reasoning="Semantic matches found; the question also asks about their people.",
                replan_instructions=(
                    f"Use graph_expand on show_ids {', '.join(expand)} (depth 1) to find "
                    "their cast, directors and genres."
                ),
                confidence=confidence,
            )
        if not good:
            reason = "No call returned rows; the answer must say the catalog has nothing on this."
        elif bad:
            reason = f"{len(good)} of {len(latest)} calls returned rows; enough to answer."
        else:
            reason = "All calls returned rows."
        if at_cap:
            reason += " No further round (iteration cap or already replanned)."
        return EvaluatorDecision(decision="continue", reasoning=reason, confidence=confidence)

    @staticmethod
    def _hybrid_ids(ctx: EvalContext) -> list[str]:
        """Top semantic show ids when the question is hybrid and no graph_expand ran yet."""
        if "graph_expand" not in ctx.tool_names or not HYBRID_CUE.search(ctx.question or ""):
            return []
        if any(c.tool == "graph_expand" for p in ctx.plans for c in p.calls):
            return []
        ids = [str(r.get("show_id")) for res in ctx.latest if res.tool == "semantic"
               and not is_bad(res) for r in res.rows if r.get("show_id")]  # fmt: skip
        return list(dict.fromkeys(ids))[:HYBRID_TOP]
