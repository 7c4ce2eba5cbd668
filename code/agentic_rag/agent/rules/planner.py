"""The offline planner: read the question into specs, compile each part into tool calls.

A part compiles to steps, each a list of alternatives (the first is planned, the next ones are
tried when it failed or came back empty); a part that needs an earlier result is planned in the
next round. The plan carries the typed reading (`reading`, one spec per part; each call names its
`part`) and how likely it is right (`confidence`); the reasoning is the same in prose, for people.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from agentic_rag.agent.interfaces import PlanContext, Usage
from agentic_rag.agent.models import ARGS_BY_TOOL, MAX_CALLS, ExecutionPlan, PlannedCall
from agentic_rag.agent.rules import absent, clarify, compose, relations
from agentic_rag.agent.rules import compile_cypher as cy
from agentic_rag.agent.rules import compile_sql as q
from agentic_rag.agent.rules.evaluator import deferred, usable
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.phrasing import question_for, reading, set_words
from agentic_rag.agent.rules.reader import Reader
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.tools.base import ToolResult

log = logging.getLogger(__name__)
Steps = list[list[PlannedCall]]
HYBRID_TOP = 2
_READERS: dict[int, tuple[Lexicon, Reader]] = {}


def call(tool: str, purpose: str, **args: Any) -> PlannedCall:
    """A PlannedCall whose args passed the tool's own argument model."""
    model = ARGS_BY_TOOL[tool].model_validate({k: v for k, v in args.items() if v is not None})
    return PlannedCall(tool=tool, purpose=purpose[:200], args=model.model_dump(exclude_none=True))


def sql(purpose: str, query: str, max_rows: int = 50) -> PlannedCall:
    return call("sql", purpose, query=query, max_rows=max_rows)


def semantic(text: str, s: TitleSet, purpose: str, n: int = 8) -> PlannedCall:
    genres = [g[0] for g in s.genres if len(g) == 1]
    return call("semantic", purpose, query=" ".join(text.split())[:500] or "popular titles",
                n_results=n, type=s.type, year_from=s.year_from, year_to=s.year_to,
                genre=genres[0] if genres else None,
                country=s.countries[0] if s.countries else None)  # fmt: skip


def _words(text: str) -> list[str]:
    return [w for w in WORD.findall(text) if w.casefold() not in COMMON and len(w) > 2][:8]


class Compiler:
    """Spec -> steps of tool calls (SQL, Cypher, semantic, graph, web, OMDb)."""

    def __init__(self, lex: Lexicon):
        self.lex = lex

    def steps(self, spec: QuerySpec, results: list[ToolResult], tools: set[str]) -> Steps:
        """The part's own steps, then for each entity it names that the catalog lacks a count
        of that entity's titles: the 0 the answer cites (the own steps come back empty)."""
        checks = [[sql(absent.CHECK_PURPOSE + set_words(absent.check_set(a)),
                       q.count(absent.check_set(a))).model_copy(
                           update={"role": "absent_check", "absent": k})]
                  for k, a in enumerate(spec.absent)]  # fmt: skip
        return [*self._steps(spec, results, tools), *checks]

    def _steps(self, spec: QuerySpec, results: list[ToolResult], tools: set[str]) -> Steps:
        s, op, what = spec.titles, spec.op, reading(spec)
        if op == "count":
            other = spec.other and sql(
                f"other reading: {set_words(spec.other)}", q.count(spec.other)
            ).model_copy(update={"role": "other_reading"})
            return [[sql(what, q.count(s))], *([[other]] if other else [])]
        if op == "top":
            return [[sql(what, q.top(spec))]]
        if op == "most":
            return [[sql(what, q.group(spec))]]
        if op == "average":
            return [[sql(what, q.average(s, spec.by or "duration_minutes"))]]
        if op == "share" and spec.part is not None:
            return [[sql(what, q.share(s, spec.part))]]
        if op == "compare" and spec.part is not None:
            return [[sql(what, q.compare([(set_words(s), s), (set_words(spec.part), spec.part)]))]]
        if op == "label" and spec.labels:
            return [[sql(what, q.labels(s, spec.labels))]]
        if op == "describe":  # a named title, or the words of one the catalog does not hold
            named = [*(s.titles or [spec.text]), *(n for a in spec.absent for n in a.near)]
            loose = [] if spec.absent else [sql(what, q.title_rows(named, True))]  # not a guess
            return [[sql(what, q.title_rows(named)), *loose]]
        if op == "costars" and s.people:
            name, other = s.people[0].name, spec.role if spec.role == "director" else "cast"
            return [[call("cypher", what, query=cy.costars(name, other), max_rows=60),
                     sql(what, q.costars(name, other)),
                     sql(what, q.costars(name.split()[-1], other, True))]]  # fmt: skip
        if op == "people" and spec.ref == "all" and not (s.titles or s.show_ids or s.is_empty()):
            return [[sql(what, q.people_of(spec.role, s), 100)]]  # "who directed them": the set
        if op == "people" and (s.titles or s.show_ids):
            if s.show_ids:
                return [[sql(what, q.people_of(spec.role, s), 100)]]
            return [[call("cypher", what, query=cy.title_people(t, spec.role), max_rows=60),
                     sql(what, q.people_of(spec.role, TitleSet(titles=[t]))),
                     sql(what, q.people_of(spec.role, TitleSet(titles=[t]), True))]
                    for t in s.titles[:3]]  # fmt: skip
        if op == "people":  # people of the best match for a description: semantic, then graph
            steps: Steps = [[semantic(spec.about or spec.text, s, what, 5)]]
            ids = [str(r.get("show_id")) for r in results if r.tool == "semantic" and usable(r)
                   for r in r.rows if r.get("show_id")][:HYBRID_TOP]  # fmt: skip
            if ids:
                steps.append([call("graph_expand", what, show_ids=list(dict.fromkeys(ids)),
                                   depth=1, max_nodes=60)])  # fmt: skip
            return steps
        if op == "similar" and s.titles and (info := self.lex.show(s.titles[0])):
            base = s.model_copy(update={"titles": [], "type": s.type or info.type})
            return [[semantic(info.description, base, what),
                     sql(what, q.fts(_words(info.description), base))],
                    [call("graph_expand", f"people and genres of {s.titles[0]}",
                          show_ids=[info.show_id], depth=2, max_nodes=60)]]  # fmt: skip
        if op == "external":
            return self._external(spec, results, tools, what)
        if op == "chain" and len(s.people) >= 2:  # every length at once: the shortest wins
            return [[call("cypher", what, query=c, max_rows=5)] for c in relations.chains(spec)]
        if op in relations.RELATIONS and (op == "auteur" or len(s.people) >= 2):
            alt = relations.sql(spec)
            return [[call("cypher", what, query=relations.cypher(spec), max_rows=60),
                     *([sql(what, alt)] if alt else [])]]  # fmt: skip
        if op == "list":
            alts = [sql(what, q.listing(s, limit=spec.limit or 25))]
            if s.people and (query := cy.person_works(s)):
                alts.insert(0, call("cypher", what, query=query, max_rows=60))
            if spec.absent:  # the absent entity's own count says 0
                return [alts]
            total = q.count(s) if s.type else q.count_by_type(s)  # "showing N of M"
            return [
                alts,
                [
                    sql(f"how many in all: {set_words(s)}", total).model_copy(
                        update={"role": "total"}
                    )
                ],
            ]
        about = spec.about or spec.text
        loose = TitleSet(type=s.type)
        return [
            [semantic(about, s, what), semantic(about, loose, what)],
            [sql(what, q.fts(_words(about), s), 20), sql(what, q.fts(_words(about), loose), 20)],
        ]

    def _external(self, spec: QuerySpec, results: list[ToolResult], tools: set[str],
                  what: str) -> Steps:  # fmt: skip
        titles = list(spec.titles.titles)
        if spec.needs_results and not titles:
            titles = list(dict.fromkeys(str(r["title"]) for res in results if usable(res)
                                        and res.tool in ("sql", "cypher") for r in res.rows
                                        if r.get("title")))[:3]  # fmt: skip
            if not titles:
                return []  # planned once the earlier part has titles
        steps: Steps = []
        critics = re.search(
            r"\b(?:imdb|critic|review|rating|award|oscar|emmy|plot)", spec.text, re.I
        )
        for t in titles[:3]:
            year = info.release_year if (info := self.lex.show(t)) else None
            alts = [call("omdb", f"{what} ({t})", title=t[:200], year=year)] if critics else []
            alts.append(call("web", f"{what} ({t})", query=f"{t} {spec.text}"[:300],
                             max_results=5))  # fmt: skip
            steps.append([a for a in alts if a.tool in tools] or alts)
        if not titles:
            steps.append([call("web", what, query=spec.text[:300] or "netflix", max_results=5)])
        if spec.titles.titles:
            steps.append([sql("the catalog entry", q.title_rows(spec.titles.titles))])
        return steps


class OfflinePlanner:
    """Reads the question into specs and compiles them; `lexicon` names what the catalog knows."""

    def __init__(self, lexicon: Lexicon, clarify_below: float = 0.0):
        self.lexicon = lexicon
        self.clarify_below = clarify_below  # below it the answer asks back (Settings)
        kept = _READERS.get(id(lexicon))  # one reader per lexicon: its indexes are built once
        self.reader = kept[1] if kept and kept[0] is lexicon else Reader(lexicon)
        _READERS[id(lexicon)] = (lexicon, self.reader)
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
            return ExecutionPlan(reasoning="Offline reading: an empty question; summarising the "
                                 "catalog.", resolved_question="What does the catalog hold?",
                                 calls=ensure(calls, ctx, ""), source="offline")  # fmt: skip
        specs = self.reader.read(ctx.question, ctx.history)
        n = len(specs)
        lines, calls = ["Offline reading:"], []
        tried = {c.key for p in ctx.previous_plans for c in p.calls}
        bad = _bad_keys(ctx)
        for i, spec in enumerate(specs, start=1):
            known = i == 1 or compose.fill(
                spec, compose.earlier_rows(ctx.previous_plans, ctx.results, i - 1)
            )
            steps = self.compiler.steps(spec, ctx.results, tools) if known else []
            steps = [kept for alts in steps if (kept := [c for c in alts if c.tool in tools])]
            lines.append(f"Part {i}/{n} ({spec.op}): {reading(spec)}"
                         + (" [deferred]" if deferred(spec) else ""))  # fmt: skip
            for alts in steps:
                used = [c for c in alts if c.key in tried]
                if used and not any(c.key in bad for c in used):
                    continue  # this step already has a usable result
                nxt = next((c for c in alts if c.key not in tried), None)
                if nxt is not None:
                    calls.append(nxt.model_copy(update={
                        "purpose": f"[part {i}/{n}] {nxt.purpose}"[:200], "part": i}))  # fmt: skip
        lines += [absent.line(i, a) for i, spec in enumerate(specs, start=1) for a in spec.absent]
        notes = [x for s in specs for x in s.notes]
        if notes:
            lines.append("Notes: " + "; ".join(dict.fromkeys(notes)))
        resolved = " ".join(question_for(s) for s in specs) if ctx.history else " ".join(
            ctx.question.split())  # fmt: skip
        calls = ensure(calls, ctx, resolved)[:MAX_CALLS]
        planned = " ".join(c.model_dump_json() for p in [*ctx.previous_plans] for c in p.calls)
        sure = clarify.assess(self.reader, ctx.question, specs, calls, planned, self.clarify_below)
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
    return {c.key for it, p in enumerate(ctx.previous_plans, start=1)
            for j, c in enumerate(p.calls, start=1) if not usable(got(f"{it}.{j}"))}  # fmt: skip


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
    spare = [semantic(text, TitleSet(), "titles by meaning"),
             sql("full-text search", q.fts(_words(text), TitleSet()), 20),
             sql("catalog summary: titles by type", q.summary())]  # fmt: skip
    if ctx.previous_plans:  # a replan with nothing new to try: a harmless summary, not guesses
        spare = spare[2:]
    fresh = [c for c in spare if c.tool in ctx.tool_names and c.key not in tried]
    return fresh[:1] or spare[-1:]
