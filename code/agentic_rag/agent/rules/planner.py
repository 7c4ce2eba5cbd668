"""The offline planner: read the question into specs, compile each part into tool calls.

A part compiles to steps, each a list of alternatives (the first is planned, the next ones are
tried when it failed or came back empty); a part that needs an earlier result is planned in the
next round. The plan carries the typed reading (`reading`, one spec per part; each call names its
`part`) and how likely it is right (`confidence`); the reasoning is the same in prose, for people.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from agentic_rag.agent.interfaces import PlanContext, Usage
from agentic_rag.agent.models import MAX_CALLS, ExecutionPlan, PlannedCall
from agentic_rag.agent.rules import (
    absent,
    clarify,
    compose,
    follow,
    group_refs,
    match,
    narrowing,
    partners,
    ties,
)
from agentic_rag.agent.rules import compile_sql as q
from agentic_rag.agent.rules.compiler import Compiler, key_words, semantic, sql
from agentic_rag.agent.rules.evaluator import deferred, usable
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.people_rows import person_name
from agentic_rag.agent.rules.per_lexicon import once
from agentic_rag.agent.rules.phrasing import question_for, reading
from agentic_rag.agent.rules.reader import Reader
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.vocab import WORD
from agentic_rag.tools.base import ToolResult, ToolStatus

log = logging.getLogger(__name__)
_READERS: dict[int, tuple[object, Reader]] = {}


class OfflinePlanner:
    """Reads the question into specs and compiles them; `lexicon` names what the catalog knows."""

    def __init__(self, lexicon: Lexicon, clarify_below: float = 0.0):
        self.lexicon = lexicon
        self.clarify_below = clarify_below  # below it the answer asks back (Settings)
        #: one reader per lexicon: its indexes are built once
        self.reader = once(_READERS, lexicon, lambda: Reader(lexicon))
        self.compiler = Compiler(lexicon)

    async def plan(self, ctx: PlanContext) -> tuple[ExecutionPlan, Usage]:
        try:
            return self.plan_sync(ctx), Usage()
        except Exception as exc:  # a reading bug must not end the turn: plan a plain search
            log.warning("offline planner failed", exc_info=True)
            text = " ".join((ctx.question or "").split())[:500] or "popular titles"
            plan = ExecutionPlan(
                reasoning=f"Offline fallback: the reader failed ({type(exc).__name__}).",
                resolved_question=text,
                calls=ensure([], ctx, text),
                source="offline",
            )
            return plan, Usage(note=f"offline planner fallback: {type(exc).__name__}")

    def plan_sync(self, ctx: PlanContext) -> ExecutionPlan:
        tools = set(ctx.tool_names)
        if not WORD.search(ctx.question or ""):
            calls = [sql("catalog summary: titles by type", q.summary())]
            return ExecutionPlan(
                reasoning="Offline reading: an empty question; summarising the catalog.",
                resolved_question="What does the catalog hold?",
                calls=ensure(calls, ctx, ""),
                source="offline",
            )
        specs = self.reader.read(ctx.question, ctx.history)
        #: the reading as the question gave it: an earlier result filled into a later part
        #: ("who directed it" given the ten titles tied first) is not a name the question typed
        as_read = [s.model_copy(deep=True) for s in specs]
        n = len(specs)
        lines, calls = ["Offline reading:"], []
        tried = {c.key for p in ctx.previous_plans for c in p.calls}
        bad = _bad_keys(ctx)
        for i, spec in enumerate(specs, start=1):
            src = compose.source(specs, i)  # the part whose results this one refers to
            rows = earlier_rows(ctx.previous_plans, ctx.results, src) if i > 1 else []
            if i > 1 and not rows:  # "the lobster - who directed it": known before any round
                rows = named_rows(specs[src - 1], self.lexicon)
            if i > 1 and ties.crowded(specs[src - 1], spec, rows):
                rows = ties.few(spec, rows, ties.listed(specs[src - 1]))  # "it": one of a crowd
            known = i == 1 or compose.fill(
                spec, rows, tied=compose.ranked_one(specs[src - 1]) or spec.crowded
            )
            if i > 1 and known:  # "… worked with most? what did they make together"
                partners.joined(specs[src - 1], spec, rows)
            steps = self.compiler.steps(spec, ctx.results, tools) if known else []
            steps = [kept for alts in steps if (kept := [c for c in alts if c.tool in tools])]
            lines.append(
                f"Part {i}/{n} ({spec.op}): {reading(spec)}"
                + (" [deferred]" if deferred(spec) else "")
            )
            for alts in steps:
                used = [c for c in alts if c.key in tried]
                if used and not any(c.key in bad for c in used):
                    continue  # this step already has a usable result
                nxt = next((c for c in alts if c.key not in tried), None)
                if nxt is not None:
                    calls.append(
                        nxt.model_copy(
                            update={"purpose": f"[part {i}/{n}] {nxt.purpose}"[:200], "part": i}
                        )
                    )
        lines += [absent.line(i, a) for i, spec in enumerate(specs, start=1) for a in spec.absent]
        notes = [x for s in specs for x in s.notes]
        if notes:
            lines.append("Notes: " + "; ".join(dict.fromkeys(notes)))
        resolved = (
            " ".join(question_for(s) for s in specs)
            if ctx.history
            else " ".join(ctx.question.split())
        )
        calls = ensure(calls, ctx, resolved)[:MAX_CALLS]
        planned = " ".join(c.model_dump_json() for p in [*ctx.previous_plans] for c in p.calls)
        #: a part waiting on an earlier result names its own entities once it is filled in
        planned += " ".join(s.titles.model_dump_json() for s in as_read if compose.waiting(s))
        sure = clarify.assess(
            self.reader, ctx.question, as_read, calls, planned, self.clarify_below
        )
        sure = ties.capped(sure, ties.crowded_parts(specs))
        sure = follow.unconfirmed(sure, specs, bool(ctx.history) and ctx.history[-1].asked_back)
        sure = narrowing.unnarrowed(sure, specs)  # "which of those" after no set of titles
        sure = group_refs.unread(sure, specs)  # "how many did that one make" after people
        lines.append(f"Confidence that this reading is right: {sure.probability:.2f}")
        return ExecutionPlan(
            reasoning="\n".join(lines),
            resolved_question=resolved[:1000],
            calls=calls,
            source="offline",
            reading=specs,
            confidence=sure,
        )


def _bad_keys(ctx: PlanContext) -> set[str]:
    """Keys of the earlier calls that failed or came back empty."""
    got = {r.call_id: r for r in ctx.results}.get
    return {
        c.key
        for it, p in enumerate(ctx.previous_plans, start=1)
        for j, c in enumerate(p.calls, start=1)
        if not usable(got(f"{it}.{j}"))
    }


def ensure(calls: list[PlannedCall], ctx: PlanContext, resolved: str) -> list[PlannedCall]:
    """Never an empty plan and never an identical repeat of an earlier call."""
    tried = {c.key for p in ctx.previous_plans for c in p.calls}
    first: dict[str, PlannedCall] = {}
    for c in calls:  # the first of identical calls keeps its part and purpose
        first.setdefault(c.key, c)
    calls = [c for c in first.values() if c.key not in tried]
    if calls:
        return calls
    text = resolved or "popular titles"
    spare = [
        semantic(text, TitleSet(), "titles by meaning"),
        sql("full-text search", q.fts(key_words(text), TitleSet()), 20),
        sql("catalog summary: titles by type", q.summary()),
    ]
    if ctx.previous_plans:  # a replan with nothing new to try: a harmless summary, not guesses
        spare = spare[2:]
    fresh = [c for c in spare if c.tool in ctx.tool_names and c.key not in tried]
    return fresh[:1] or spare[-1:]


#: operations whose answer rows are the titles their part names (its facts, its people)
ABOUT_NAMED = frozenset({"describe", "people"})


def named_rows(spec: QuerySpec, lexicon: Lexicon) -> list[dict[str, Any]]:
    """The title rows of a part that only names its titles ("the lobster - who directed it",
    "okja: who is in it and what else did its director make"): a later part's "it" or "the
    same director" is those titles, known from the catalog's names before any round has run,
    so the later part is planned in the same round instead of waiting for one."""
    titles = spec.titles
    if spec.op not in ABOUT_NAMED or not titles.titles or compose.waiting(spec):
        return []
    rest = titles.model_copy(update={"titles": [], "show_ids": [], "type": None})
    if not rest.is_empty():  # a filter beside the names: the rows are not just the named titles
        return []
    shows = [(t, lexicon.show(t)) for t in titles.titles]
    return [{"show_id": info.show_id, "title": t} for t, info in shows if info is not None]


def earlier_rows(
    plans: Sequence[ExecutionPlan], results: Sequence[ToolResult], part: int
) -> list[dict[str, Any]]:
    """The title rows of the first usable result of part `part`, over the rounds so far (of
    the search without its filters when the answer took that one: `match.pick`)."""
    chosen = match.searches(list(plans), list(results), part)
    if chosen is not None and chosen.loosened:
        return [row for row in chosen.result.rows if row.get("show_id")]
    by_id = {r.call_id: r for r in results}
    for it, plan in enumerate(plans, start=1):
        for j, c in enumerate(plan.calls, start=1):
            r = by_id.get(f"{it}.{j}")
            if r is not None and r.reused_from:
                r = by_id.get(r.reused_from, r)
            if (
                c.part == part
                and c.role == "answer"
                and r is not None
                and r.status == ToolStatus.OK
            ):
                rows = [row for row in r.rows if person_name(row) or row.get("show_id")]
                if rows:
                    return rows
    return []
