"""Second rounds of the offline planner: alternatives for what failed, never a repeat.

`replan` takes, per step, the next untried alternative when the step's earlier call failed
or came back empty, and adds the hybrid `graph_expand` over semantic hits; `ensure` drops
exact repeats of earlier calls and, if nothing is left, picks one fresh spare call.
"""

from __future__ import annotations

from agentic_rag.agent.interfaces import PlanContext
from agentic_rag.agent.models import PlannedCall
from agentic_rag.agent.offline import templates as t
from agentic_rag.agent.offline.lexicon import COMMON, WORD
from agentic_rag.agent.offline.rules import Steps, cypher, sql
from agentic_rag.agent.offline.templates import (
    HYBRID_TOP,
    Filters,
    call,
    is_bad,
    pair_results,
    semantic_call,
)


def replan(
    ctx: PlanContext, steps: Steps, resolved: str, rule: str
) -> tuple[list[PlannedCall], str]:
    """(calls, reasoning) for a later iteration: untried alternatives of the steps that failed."""
    tried = {c.key for p in ctx.previous_plans for c in p.calls}
    paired = pair_results(ctx.previous_plans[-1].calls, ctx.results, ctx.iteration - 1)
    bad = {c.key for c, r in paired if is_bad(r)}
    calls: list[PlannedCall] = []
    for alts in steps:
        used = [c for c in alts if c.key in tried]
        if used and not any(c.key in bad for c in used):
            continue  # this step already has a usable result
        nxt = next((c for c in alts if c.key not in tried), None)
        if nxt is not None:
            calls.append(nxt)
    calls.extend(expand(ctx, resolved, tried))
    failed = [c.tool for c, r in paired if is_bad(r)]
    why = (f"{len(failed)} call(s) failed or came back empty ({', '.join(failed)})"
           if failed else "the evaluator asked for more")  # fmt: skip
    return calls, f"Offline replan: {why}; trying alternatives for: {rule}."


def expand(ctx: PlanContext, resolved: str, tried: set[str]) -> list[PlannedCall]:
    """Hybrid step: graph_expand the top semantic hits once they are known (only the best
    `HYBRID_TOP`: the question is about one title, and more hits would bury its people)."""
    wanted = "graph_expand" in ctx.instructions or t.HYBRID_CUE.search(resolved)
    if "graph_expand" not in ctx.tool_names or not wanted:
        return []
    ids = [r["show_id"] for res in ctx.results if res.tool == "semantic" and not is_bad(res)
           for r in res.rows if t.SHOW_ID.match(str(r.get("show_id", "")))]  # fmt: skip
    if not ids:
        return []
    c = call("graph_expand", "people and genres around the top semantic matches",
             show_ids=list(dict.fromkeys(ids))[:HYBRID_TOP], depth=1, max_nodes=60)  # fmt: skip
    return [] if c.key in tried else [c]


def ensure(calls: list[PlannedCall], ctx: PlanContext, resolved: str) -> list[PlannedCall]:
    """Never an empty plan and never an identical repeat of an earlier call."""
    tried = {c.key for p in ctx.previous_plans for c in p.calls}
    calls = [c for c in {c.key: c for c in calls}.values() if c.key not in tried]
    if calls:
        return calls
    text = resolved or "popular titles"
    words = [w for w in WORD.findall(text) if w.casefold() not in COMMON][:8] or ["netflix"]
    spare = [
        semantic_call(text, Filters(), "titles by meaning"),
        sql("full-text search of titles and descriptions", t.sql_fts(words, Filters()), 20),
        sql("catalog summary: titles by type", t.sql_summary()),
        sql("catalog summary by year", t.sql_group("year", Filters(), limit=10 + len(tried))),
        call("web", "web search", query=text[:300], max_results=5),
        cypher("graph summary", "MATCH (s:Show) RETURN s.type AS type, count(s) AS titles"),
    ]
    fresh = [c for c in spare if c.tool in ctx.tool_names and c.key not in tried]
    return fresh[:1] or [c for c in spare if c.tool in ctx.tool_names][:1] or [spare[2]]
