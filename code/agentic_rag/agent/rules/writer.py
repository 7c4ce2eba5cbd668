"""The offline writer: the answer first, then the supporting rows with [n] citations (the
reading line is not repeated here: the page, `ask`, `chat` and `ask --json` show it from the
typed `reading` of the turn). Numbers, titles and names are copied from rows, never made up.
Everything it knows of the question comes from the plan's typed reading; a reading that is
likely wrong (`ask_back`) is not answered: the writer says what it is unsure of and offers
readings instead.
"""

from __future__ import annotations

from agentic_rag.agent.citations import numbered
from agentic_rag.agent.interfaces import SynthContext, TokenSink, Usage
from agentic_rag.agent.models import ExecutionPlan
from agentic_rag.agent.rules import absent, match, relations
from agentic_rag.agent.rules.billing import asks_lead
from agentic_rag.agent.rules.empty import (
    call_of,
    literal,
    nobody,
    nothing,
    part_of,
    role_of,
    unfilled,
    unproven,
)
from agentic_rag.agent.rules.evaluator import reading_of, usable
from agentic_rag.agent.rules.measure_sentences import measured
from agentic_rag.agent.rules.mend import RATIO_NOTE
from agentic_rag.agent.rules.phrasing import reading_line, set_words
from agentic_rag.agent.rules.rows import cell, render_result
from agentic_rag.agent.rules.sentences import (
    ENTRIES,
    Part,
    _agreeing,
    _people,
    _subject,
    _titles,
    by_type,
    entry,
    listed,
    ranking_lead,
    top_titles,
)
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.markup import escape_markdown
from agentic_rag.tools.base import ToolResult, ToolStatus

WEAK = 0.15  # a reading less likely right than this, when not asked back, says so first
MAX_GROUPS = 30  # groups named in a breakdown ("… each year"); the rest stay in the table
NOT_HELD = (
    "The catalog does not hold that: it lists titles with their type, dates, people, "
    "genres, countries, age ratings, durations and descriptions only."
)


def lead(part: Part, result: ToolResult, n: int, best: str = "The best match is") -> str:
    """One sentence answering the part from its key result (`best` opens a description
    search's answer: `match.opener`)."""
    rows, op, subject = result.rows, part.op, _subject(part.reading)
    if op == "similar":  # "movies like inception": not Inception itself
        named = {t.casefold() for t in part.spec.titles.titles}
        rows = [r for r in rows if str(r.get("title", "")).casefold() not in named] or rows
    first = rows[0]
    if op == "count" and "titles" in first:
        k = first["titles"]
        kinds = by_type(first)
        return f"There {'is' if k == 1 else 'are'} **{k:,}** {_agreeing(k, subject)}{kinds} [{n}]."
    if op == "share" and "percent" in first and first["percent"] is None:  # an empty base
        return f"No share to give: no titles are in its base — {part.reading[0].lower()}" + (
            f"{part.reading[1:]} [{n}]."
        )
    if op == "share" and "percent" in first:
        return (
            f"**{first['percent']}%**: {first['matching']:,} of {first['total']:,} — "
            f"{part.reading[0].lower()}{part.reading[1:]} [{n}]."
        )
    if op in ("average", "compare") and (said := measured(part.spec, rows, n)):
        return said  # a mean, total or median; or two sets' means side by side
    if op in ("compare", "label") and "label" in first:
        ranked = sorted(rows, key=lambda r: -int(r.get("titles") or 0))
        parts = "; ".join(f"{cell(r['label'])}: **{r['titles']:,}**" for r in rows)
        gap = int(ranked[0]["titles"] or 0) - int(ranked[-1]["titles"] or 0)  # "how many more"
        by = f", by **{gap:,}**" if op == "compare" and len(rows) == 2 else ""
        a, b = (int(r.get("titles") or 0) for r in (rows + rows)[:2])
        ratio = RATIO_NOTE in part.spec.notes and len(rows) == 2 and b
        said = f" Ratio: **{a / b:.2f}** to 1 ({a:,}:{b:,})." if ratio else ""
        return f"{parts} [{n}]. Most: {cell(ranked[0]['label'])}{by}.{said}"
    if op == "most" and part.spec.breakdown and len(rows) > 1:  # "… each year": every group
        key = next(k for k in first if k != "titles")
        ordered = sorted(rows, key=lambda r: str(r[key])) if "year" in key else rows
        shown = "; ".join(f"**{cell(r[key])}**: {r['titles']:,}" for r in ordered[:MAX_GROUPS])
        more = f"; and {len(rows) - MAX_GROUPS} more" if len(rows) > MAX_GROUPS else ""
        return f"{part.reading} — {shown}{more} [{n}]."
    if op == "most":
        key = next(k for k in first if k != "titles")
        said = ranking_lead(rows, key, "titles", "titles", part.spec.limit, n)
        return f"{said} ({part.reading[0].lower()}{part.reading[1:]})."
    if op == "costars" and "people" in first:  # "how many directors has X worked with"
        return f"{part.reading}: **{int(first['people'] or 0):,}** [{n}]."
    if op == "costars" and "name" in first:
        if part.spec.limit:
            return ranking_lead(rows, "name", "shared", "shared titles", part.spec.limit, n) + "."
        who = "; ".join(f"**{cell(r['name'])}** ({r.get('shared')})" for r in rows[:10])
        more = f", and {len(rows) - 10} more" if len(rows) > 10 else ""
        return f"{part.reading}, most shared titles first: {who}{more} [{n}]."
    if op in relations.RELATIONS or (op == "people" and relations.common(part.spec)):
        return relations.sentence(op, part.reading, rows, n, lambda x: f"**{cell(x)}**")
    if op == "people" and result.tool in ("cypher", "sql") and any("name" in r for r in rows):
        lead = asks_lead(part.spec)
        return f"{_people(rows, lead, None if lead else part.spec.limit)} [{n}]."
    if op == "describe" and "title" in first:  # each title the part looks up, tied ones too
        seen = list({r["title"]: r for r in rows}.values())[:ENTRIES]
        return " ".join(f"{entry(r, part.spec.in_hours)} [{n}]" for r in seen)
    if "title" in first:
        extra = next((k for k in ("duration_minutes", "seasons") if k in first), None)
        if op == "top" and (said := top_titles(part, rows, extra, n)):
            return said  # "The longest movie is …", "The 5 longest movies [1]: …"
        if result.tool == "semantic" or (op == "search" and "description" in first):
            also = f" Also close: {_titles(rows[1:5])}." if len(rows) > 1 else ""
            best = "The closest title is" if op == "similar" else best
            return (
                f"{best} **{cell(first['title'])}** ({first.get('release_year')}): "
                f"{cell(first.get('description'))} [{n}].{also}"
            )
        count = f"at least {len(rows)}" if result.truncated else f"{len(rows)}"
        return f"{count} {_agreeing(len(rows), subject)} [{n}]: {_titles(rows, extra)}."
    return ""


def _problem(result: ToolResult) -> str:
    """What a call that gave nothing tells the reader: 'nothing matched', or its error. An
    empty result's message is advice to the planner (how to query again), not for people."""
    if result.status == ToolStatus.EMPTY:
        return "nothing matched"
    return escape_markdown(result.error or "it failed", one_line=True)


def _absences(gaps: list[absent.Absent], checks: dict[int, tuple[int, ToolResult]]) -> str:
    """'The catalog has no title directed by X [n].' for each absent entity whose count of
    titles ran and is 0 (the cited grounding); nothing for one that has titles after all."""
    out = []
    for k, gap in enumerate(gaps):
        n, result = checks.get(k, (0, None))
        if result is not None and result.rows[0].get("titles") == 0:
            out.append(absent.sentence(gap, n, lambda name: f"**{literal(name)}**"))
    return " ".join(out)


def ask_back(plan: ExecutionPlan) -> list[str]:
    """The answer to a reading that is likely wrong: what it is unsure of, and the choices."""
    sure = plan.confidence
    assert sure is not None
    unsure = "; ".join(sure.unsure) or "how to read the question"
    out = [
        f"I am not sure I read this right (likely right: {sure.probability:.0%}). "
        f"Unsure of: {literal(unsure)}.",
    ]
    if sure.choices:
        numbered_choices = (f"{i}. {literal(c.question)}" for i, c in enumerate(sure.choices, 1))
        out.append("Did you mean one of these?\n\n" + "\n".join(numbered_choices))
    else:
        out.append("Please ask again in other words, naming what you want counted or listed.")
    return out


class OfflineSynthesizer:
    """Deterministic answer writer (also the fallback when the model's synthesizer fails)."""

    async def synthesize(self, ctx: SynthContext, emit: TokenSink) -> tuple[str, Usage]:
        text = "\n\n".join(self.compose(ctx))
        for line in text.splitlines(keepends=True):
            emit(line)
        return text, Usage(note="offline synthesizer")

    def compose(self, ctx: SynthContext) -> list[str]:
        cited = [(n, r) for n, r in numbered(ctx.results) if r.reused_from is None]
        read = reading_of(list(ctx.plans))
        if read and read.confidence and read.confidence.ask_back:
            return ask_back(read)
        parts = [Part(number=i, spec=s) for i, s in enumerate(read.reading if read else [], 1)]
        answers, missing = [], []
        counted: list[tuple[Part, tuple[int, ToolResult]]] = []  # the counts of earlier parts
        for part in parts or [Part(number=1, spec=QuerySpec(op="search", text=ctx.question))]:
            if part.spec.replayed:
                continue  # the turn before answered it; run again only for what this one needs
            if unfilled(part):  # "who directed it" found no one: "… among them" has no set
                answers.append(unfilled(part))
                continue
            mine = [
                (n, r)
                for n, r in cited
                if usable(r) and (part_of(r, ctx) in (part.number, None) or not parts)
            ]
            checks = {
                c.absent: (n, r)
                for n, r in mine
                if (c := call_of(r, ctx)) is not None
                and c.role == "absent_check"
                and c.absent is not None
            }
            mine = [(n, r) for n, r in mine if (n, r) not in checks.values()]
            total = next(((n, r) for n, r in mine if role_of(r, ctx) == "total"), None)
            mine = [(n, r) for n, r in mine if (n, r) != total]
            said = _absences(part.spec.absent, checks)
            key = (
                next(((n, r) for n, r in mine if r.tool in ("graph_expand", "omdb")), None)
                if part.op in ("people", "external")
                else None
            )
            if part.op != "external":
                key = key or next(((n, r) for n, r in mine if role_of(r, ctx) == "answer"), None)
            chosen = match.searches(list(ctx.plans), ctx.results, part.number)
            if part.op == "search" and chosen is not None:  # the own search or the loose one
                key = next(((n, r) for n, r in cited if r is chosen.result), key)
            best = match.opener(chosen, part.spec) if chosen else "The best match is"
            sentence = lead(part, key[1], key[0], best) if key else ""
            if part.op == "count" and key:
                counted.append((part, key))
            said_count = False
            if part.op == "list" and total is None:  # "how many X … and name them": X's count
                total = next((k for p, k in counted if p.spec.titles == part.spec.titles), None)
                said_count = total is not None
            if part.op == "list" and total:  # a key without titles (a summary): the count's 0
                titled = key if key and "title" in key[1].rows[0] else None
                sentence = listed(part, titled, total, said_count) or sentence
            if part.op == "people" and key and key[1].tool == "graph_expand":
                body = render_result(key[0], key[1]).split(":", 1)[1].strip()
                sentence = f"{match.people_opener(chosen)}\n\n{body}"  # a list: its own line
            if part.spec.other is not None:  # the other reading of a count or average, if run
                for n2, r2 in mine:
                    if role_of(r2, ctx) == "other_reading" and (value := _other_value(r2.rows[0])):
                        other = literal(set_words(part.spec.other))
                        sentence += f" Read as {other}: **{value}** [{n2}]."
            if not sentence and part.op == "people":
                sentence = nobody(part, ctx)
            if not sentence and part.op in relations.BOUNDED:
                sentence = unproven(part, ctx)
            if (
                not sentence
                and part.op not in ("count", "external", "people")
                and not part.spec.absent
            ):
                sentence = nothing(part, ctx)
            sentence = " ".join(x for x in (said, sentence) if x)
            if sentence:
                answers.append(sentence)
            elif part.op == "external":
                answers.append(
                    f"I could not get outside facts for this ({literal(part.reading)}). {NOT_HELD}"
                )
            else:
                missing.append(part)
        found = any(usable(r) for _, r in cited)  # never "could not find" above rows
        out = answers or [
            f"These results may answer **{literal(ctx.question)}**:"
            if found
            else f"I could not find an answer to **{literal(ctx.question)}** in the catalog."
        ]
        if missing and answers:
            out.append("I could not cover: " + "; ".join(literal(p.reading) for p in missing) + ".")
        line = reading_line(read.reading) if read else ""
        sure = read.confidence if read else None
        if (
            line
            and sure is not None
            and not any(p.spec.absent for p in parts)
            and not all(p.op == "search" for p in parts)  # a description question: a reading
            and (sure.probability < WEAK)
        ):  # a weak reading (not asked back): says so first
            out.insert(0, "I could not read this as a catalog question (see how I read it).")
        rows = [
            render_result(n, r)
            for n, r in cited
            if usable(r) and (not parts or part_of(r, ctx) is not None)
        ]  # not the spare calls
        if rows:
            out.append("Supporting results:\n\n" + "\n\n".join(rows))
        problems = [
            f"- {r.tool} ({r.call_id}) {r.status}: {_problem(r)}"
            for r in ctx.results
            if r.reused_from is None and not usable(r)
        ]
        if problems:
            out.append("What did not work or found nothing:\n" + "\n".join(problems))
        return out  # the incomplete note and the footer: agent/answer.assemble


def _other_value(row: dict[str, object]) -> str:
    """The other reading's count ("253"), average, total or median ("1.82") or share ("9.5%"),
    as said."""
    if isinstance(share := row.get("percent"), float | int):
        return f"{share:g}%"
    heads = ("average_", "total_", "median_")
    mean = next((v for k, v in row.items() if k.startswith(heads)), row.get("titles"))
    return f"{mean:g}" if isinstance(mean, float) else f"{mean:,}" if isinstance(mean, int) else ""
