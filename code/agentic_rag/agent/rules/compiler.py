"""The offline compiler: one part of a reading (a `QuerySpec`) into steps of tool calls.

A part compiles to steps, each a list of alternatives: the first is planned, the next ones are
tried when it failed or came back empty (`agent/rules/planner.py` picks them).
"""

from __future__ import annotations

import re
from typing import Any

from agentic_rag.agent.models import ARGS_BY_TOOL, PlannedCall
from agentic_rag.agent.rules import absent, relations
from agentic_rag.agent.rules import compile_cypher as cy
from agentic_rag.agent.rules import compile_sql as q
from agentic_rag.agent.rules import measure_sql as m
from agentic_rag.agent.rules.costar_count import count_of
from agentic_rag.agent.rules.costar_sql import costars
from agentic_rag.agent.rules.evaluator import usable
from agentic_rag.agent.rules.group_bounds import bounded_sql
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.name_evidence import key
from agentic_rag.agent.rules.phrasing import reading, set_words
from agentic_rag.agent.rules.spec import QuerySpec, TitleSet
from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.tools.base import ToolResult

Steps = list[list[PlannedCall]]
HYBRID_TOP = 2


def call(tool: str, purpose: str, **args: Any) -> PlannedCall:
    """A PlannedCall whose args passed the tool's own argument model."""
    model = ARGS_BY_TOOL[tool].model_validate({k: v for k, v in args.items() if v is not None})
    return PlannedCall(tool=tool, purpose=purpose[:200], args=model.model_dump(exclude_none=True))


def sql(purpose: str, query: str, max_rows: int = 50) -> PlannedCall:
    return call("sql", purpose, query=query, max_rows=max_rows)


def semantic(text: str, s: TitleSet, purpose: str, n: int = 8) -> PlannedCall:
    genres = [g[0] for g in s.genres if len(g) == 1]
    return call(
        "semantic",
        purpose,
        query=" ".join(text.split())[:500] or "popular titles",
        n_results=n,
        type=s.type,
        year_from=s.year_from,
        year_to=s.year_to,
        genre=genres[0] if genres else None,
        country=s.countries[0] if s.countries else None,
    )


def key_words(text: str) -> list[str]:
    return [w for w in WORD.findall(text) if w.casefold() not in COMMON and len(w) > 2][:8]


class Compiler:
    """Spec -> steps of tool calls (SQL, Cypher, semantic, graph, web, OMDb)."""

    def __init__(self, lex: Lexicon):
        self.lex = lex

    def steps(self, spec: QuerySpec, results: list[ToolResult], tools: set[str]) -> Steps:
        """The part's own steps, then for each entity it names that the catalog lacks a count
        of that entity's titles: the 0 the answer cites (the own steps come back empty)."""
        checks = [
            [
                sql(
                    absent.CHECK_PURPOSE + set_words(absent.check_set(a)),
                    q.count(absent.check_set(a)),
                ).model_copy(update={"role": "absent_check", "absent": k})
            ]
            for k, a in enumerate(spec.absent)
        ]
        return [*self._steps(spec, results, tools), *checks]

    def _steps(self, spec: QuerySpec, results: list[ToolResult], tools: set[str]) -> Steps:
        s, op, what = spec.titles, spec.op, reading(spec)
        if op == "count":
            other = spec.other and sql(
                f"other reading: {set_words(spec.other)}", q.count(spec.other)
            ).model_copy(update={"role": "other_reading"})
            counted = q.count(s) if s.type else q.count_by_type(s)  # "151 (77 movies, 74 …)"
            return [[sql(what, counted)], *([[other]] if other else [])]
        if op == "top":
            return [[sql(what, q.top(spec))]]
        if op == "most":  # "directors with more than 5 korean titles": those within the bound
            bounded = spec.group_min is not None or spec.group_max is not None
            return [[sql(what, bounded_sql(spec) if bounded else q.group(spec))]]
        if op == "average":  # the mean, total or median (`measure`)
            col = spec.by or "duration_minutes"
            other = spec.other and sql(
                f"other reading: {set_words(spec.other)}", m.measure(spec.other, col, spec.measure)
            ).model_copy(update={"role": "other_reading"})
            return [[sql(what, m.measure(s, col, spec.measure))], *([[other]] if other else [])]
        if op == "compare" and spec.part is not None and spec.by:  # their means
            pair = [(set_words(s), s), (set_words(spec.part), spec.part)]
            return [[sql(what, m.compare_means(pair, spec.by))]]
        if op == "share" and spec.part is not None:
            other = spec.other and sql(
                f"other reading: {set_words(spec.other)}", q.share(spec.other, spec.part)
            ).model_copy(update={"role": "other_reading"})
            return [[sql(what, q.share(s, spec.part))], *([[other]] if other else [])]
        if op == "compare" and spec.part is not None:
            return [[sql(what, q.compare([(set_words(s), s), (set_words(spec.part), spec.part)]))]]
        if op == "label" and spec.labels:
            return [[sql(what, q.labels(s, spec.labels))]]
        if op == "describe" and s.show_ids and not s.titles:  # "what is that rated": found
            return [[sql(what, q.title_rows((), ids=s.show_ids))]]  # before, by no name
        if op == "describe":  # a named title, or the words of one the catalog does not hold
            named = [*(s.titles or [spec.text]), *(n for a in spec.absent for n in a.near)]
            loose = [] if spec.absent else [sql(what, q.title_rows(named, True))]  # not a guess
            return [[sql(what, q.title_rows(named)), *loose]]
        if op == "costars" and s.people:
            name, other, own = s.people[0].name, spec.role, s.people[0].role  # no role: any
            among = s.model_copy(update={"people": s.people[1:]})  # "… in the 90s": those only
            graph = [call("cypher", what, query=cy.costars(name, other, own, among), max_rows=60)]
            least = spec.group_min  # "worked with more than once": a bound (SQL only)
            if spec.counted:  # "how many directors has X worked with": each once
                return [
                    [sql(what, count_of(costars(name, other, own=own, among=among, least=least)))]
                ]
            return [
                [
                    *(graph if cy.graph_ok(among) and not among.people and not least else []),
                    sql(what, costars(name, other, own=own, among=among, least=least)),
                    sql(what, costars(name.split()[-1], other, True, own, among, least)),
                ]
            ]
        if op == "people" and relations.common(spec):  # "who acted in both of them"
            return [[sql(what, relations.common_sql(spec))]]
        if (
            op == "people"
            and (spec.ref == "all" or s.people)
            and not (s.titles or s.show_ids or s.is_empty())
        ):  # "who directed them", "who directed the movies X was in": the set's people
            return [[sql(what, q.people_of(spec.role, s), 100)]]
        if op == "people" and (s.titles or s.show_ids):
            if s.show_ids:
                return [[sql(what, q.people_of(spec.role, s), 100)]]
            per_title = [
                [
                    call("cypher", what, query=cy.title_people(t, spec.role), max_rows=60),
                    sql(what, q.people_of(spec.role, TitleSet(titles=[t]))),
                    sql(what, q.people_of(spec.role, TitleSet(titles=[t]), True)),
                ]
                for t in s.titles[:3]
            ]
            #: the lead only, or the first so many billed ("the first 2 actors listed"): the
            #: tables keep the billing order (the graph does not)
            billed = spec.limit is not None
            return [[*a[1:], a[0]] for a in per_title] if billed else per_title
        if op == "people":  # people of the best match for a description: semantic, then graph
            steps: Steps = [[semantic(spec.about or spec.text, s, what, 5)]]
            ids = [
                str(r.get("show_id"))
                for r in results
                if r.tool == "semantic" and usable(r)
                for r in r.rows
                if r.get("show_id")
            ][:HYBRID_TOP]
            if ids:
                steps.append(
                    [
                        call(
                            "graph_expand",
                            what,
                            show_ids=list(dict.fromkeys(ids)),
                            depth=1,
                            max_nodes=60,
                        )
                    ]
                )
            return steps
        if op == "similar" and s.titles and (info := self.lex.show(s.titles[0])):
            base = s.model_copy(update={"titles": [], "type": s.type or info.type})
            return [
                [
                    semantic(info.description, base, what),
                    sql(what, q.fts(key_words(info.description), base)),
                ],
                [
                    call(
                        "graph_expand",
                        f"people and genres of {s.titles[0]}",
                        show_ids=[info.show_id],
                        depth=2,
                        max_nodes=60,
                    )
                ],
            ]
        if op == "external":
            return self._external(spec, results, tools, what)
        if op == "chain" and len(s.people) >= 2:  # every length at once: the shortest wins
            return [[call("cypher", what, query=c, max_rows=5)] for c in relations.chains(spec)]
        if op in relations.RELATIONS and (op in ("auteur", "crossover") or len(s.people) >= 2):
            alt = relations.sql(spec)
            return [
                [
                    call("cypher", what, query=relations.cypher(spec), max_rows=60),
                    *([sql(what, alt)] if alt else []),
                ]
            ]
        if op == "list":
            alts = [sql(what, q.listing(s, limit=spec.limit or 25))]
            if s.people and (query := cy.person_works(s)):
                alts.insert(0, call("cypher", what, query=query, max_rows=60))
            if spec.absent:  # the absent entity's own count says 0
                return [alts]
            #: "showing N of M"; a phrase's titles of both types ("beyblade movies": 0, and 5 shows)
            whole = s.model_copy(update={"type": None}) if s.title_has else s
            total = q.count(s) if s.type and not s.title_has else q.count_by_type(whole)
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
        if s.people:  # the semantic tool cannot keep to a person's titles: their words only
            named = {w for p in s.people for w in key(p.name).split()}  # the filter holds them
            story = [w for w in key_words(about) if key(w) not in named] or key_words(about)
            alts = [sql(what, q.fts(story, s), 20)]
            if any(key(p.name) in key(about) for p in s.people):  # a name among the story's
                #: words may be the story's ("the prison of the michael jackson dance video"):
                #: when the person's titles hold none, the search without the filters, next round
                without = semantic(about, TitleSet(), f"{what}, without its filters")
                alts.append(without.model_copy(update={"role": "loose"}))
            return [alts]
        steps = [
            [semantic(about, s, what)],
            [
                sql(what, q.fts(key_words(about), s), 20),
                sql(what, q.fts(key_words(about), loose), 20),
            ],
        ]
        if not s.is_empty():  # its filters may be the story's words: the search without them
            without = semantic(about, TitleSet(), f"{what}, without its filters")
            steps.insert(1, [without.model_copy(update={"role": "loose"})])
        return steps

    def _external(
        self, spec: QuerySpec, results: list[ToolResult], tools: set[str], what: str
    ) -> Steps:
        titles = list(spec.titles.titles)
        if spec.needs_results and not titles:
            titles = list(
                dict.fromkeys(
                    str(r["title"])
                    for res in results
                    if usable(res) and res.tool in ("sql", "cypher")
                    for r in res.rows
                    if r.get("title")
                )
            )[:3]
            if not titles:
                return []  # planned once the earlier part has titles
        steps: Steps = []
        critics = re.search(
            r"\b(?:imdb|critic|review|rating|award|oscar|emmy|plot)", spec.text, re.I
        )
        for t in titles[:3]:
            year = info.release_year if (info := self.lex.show(t)) else None
            alts = [call("omdb", f"{what} ({t})", title=t[:200], year=year)] if critics else []
            alts.append(call("web", f"{what} ({t})", query=f"{t} {spec.text}"[:300], max_results=5))
            steps.append([a for a in alts if a.tool in tools] or alts)
        if not titles:
            steps.append([call("web", what, query=spec.text[:300] or "netflix", max_results=5)])
        if spec.titles.titles:
            steps.append([sql("the catalog entry", q.title_rows(spec.titles.titles))])
        return steps
