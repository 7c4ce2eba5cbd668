"""The offline writer: the answer first, then how the question was read, then the supporting
rows with [n] citations. Numbers, titles and names are copied from rows, never made up.
"""

from __future__ import annotations

import re
from typing import Any

from agentic_rag.agent.citations import numbered
from agentic_rag.agent.interfaces import SynthContext, TokenSink, Usage
from agentic_rag.agent.rules import absent
from agentic_rag.agent.rules.evaluator import CONFIDENCE, PART_TAG, Part, parts_of, usable
from agentic_rag.agent.rules.phrasing import set_words
from agentic_rag.agent.rules.rows import cell, render_result
from agentic_rag.markup import escape_markdown
from agentic_rag.tools.base import ToolResult, ToolStatus


def literal(text: str | None) -> str:  # user text in an answer: literal, never markup
    return escape_markdown((text or "")[:300], one_line=True) or "your question"


MAX_NAMED = 20
LOW_CONFIDENCE = 0.15  # intent similarity below which the answer leads with its reading
NOT_HELD = ("The catalog does not hold that: it lists titles with their type, dates, people, "
            "genres, countries, age ratings, durations and descriptions only.")  # fmt: skip


def _subject(reading: str) -> str:
    return re.sub(r"^(?:Counting|Listing|The catalog entry of) ", "", reading)


def _agreeing(n: int, subject: str) -> str:
    """The subject with its first noun agreeing with `n`: '1 movie directed by …'."""
    if n != 1:
        return subject
    return re.sub(r"\b(movie|TV show|title)s\b", r"\1", subject, count=1)


def _titles(rows: list[dict[str, Any]], extra: str | None = None) -> str:
    out = []
    for r in rows[:MAX_NAMED]:
        bits = [str(r.get("release_year") or r.get("year") or "")]
        if extra and r.get(extra) is not None:
            bits.append(f"{r[extra]} {'min' if extra == 'duration_minutes' else ''}".strip())
        out.append(f"**{cell(r.get('title'))}** ({', '.join(b for b in bits if b)})")
    more = f", and {len(rows) - MAX_NAMED} more" if len(rows) > MAX_NAMED else ""
    return "; ".join(out) + more


def _people(rows: list[dict[str, Any]]) -> str:
    by_title: dict[str, list[str]] = {}
    for r in rows:
        if r.get("name"):
            by_title.setdefault(str(r.get("title") or "?"), []).append(str(r["name"]))
    return "; ".join(f"**{cell(t)}**: {', '.join(dict.fromkeys(n))}" for t, n in by_title.items())


def lead(part: Part, result: ToolResult, n: int) -> str:
    """One sentence answering the part from its key result."""
    rows, op, subject = result.rows, part.op, _subject(part.reading)
    first = rows[0]
    if op == "count" and "titles" in first:
        k = first["titles"]
        return f"There {'is' if k == 1 else 'are'} **{k:,}** {_agreeing(k, subject)} [{n}]."
    if op == "share" and "percent" in first:
        return (
            f"**{first['percent']}%**: {first['matching']:,} of {first['total']:,} — "
            f"{part.reading[0].lower()}{part.reading[1:]} [{n}]."
        )
    if op in ("compare", "label") and "label" in first:
        ranked = sorted(rows, key=lambda r: -int(r.get("titles") or 0))
        parts = "; ".join(f"{cell(r['label'])}: **{r['titles']:,}**" for r in rows)
        return f"{parts} [{n}]. Most: {cell(ranked[0]['label'])}."
    if op == "most":
        key = next(k for k in first if k != "titles")
        others = ", ".join(f"{cell(r[key])} ({r['titles']:,})" for r in rows[1:5])
        return (
            f"**{cell(first[key])}**, with **{first['titles']:,}** titles [{n}] "
            f"({part.reading[0].lower()}{part.reading[1:]})."
            + (f" Next: {others}." if others else "")
        )
    if op == "average":
        key = next(k for k in first if k.startswith("average"))
        unit = "seasons" if "seasons" in key else "minutes"
        return (
            f"On average **{first[key]}** {unit}, over {first.get('titles', '?'):,} titles [{n}]."
        )
    if op == "costars" and "name" in first:
        who = ", ".join(f"{cell(r['name'])} ({r.get('shared')})" for r in rows[1:5])
        return f"**{cell(first['name'])}**, on {first.get('shared')} shared titles [{n}]." + (
            f" Then: {who}." if who else ""
        )
    if op == "people" and result.tool in ("cypher", "sql") and any("name" in r for r in rows):
        return f"{_people(rows)} [{n}]."
    if op == "describe" and "title" in first:
        bits = [
            str(first.get(k))
            for k in ("type", "release_year", "rating", "duration")
            if first.get(k)
        ]
        extra = f" Directed by {first['director']}." if first.get("director") else ""
        added = f" Added to Netflix {first['date_added']}." if first.get("date_added") else ""
        return (
            f"**{cell(first['title'])}** ({', '.join(bits)}): {cell(first.get('description'))}"
            f"{extra}{added} [{n}]"
        )
    if "title" in first:
        if result.tool == "semantic":
            also = f" Also close: {_titles(rows[1:5])}." if len(rows) > 1 else ""
            return (f"The best match is **{cell(first['title'])}** ({first.get('release_year')}): "
                    f"{cell(first.get('description'))} [{n}].{also}")  # fmt: skip
        extra = next((k for k in ("duration_minutes", "seasons") if k in first), None)
        count = f"at least {len(rows)}" if result.truncated else f"{len(rows)}"
        return f"{count} {_agreeing(len(rows), subject)} [{n}]: {_titles(rows, extra)}."
    return ""


def _purpose(result: ToolResult, ctx: SynthContext) -> str:
    it, _, j = result.call_id.partition(".")
    try:
        return ctx.plans[int(it) - 1].calls[int(j) - 1].purpose
    except (ValueError, IndexError):
        return ""


def _part_of(result: ToolResult, ctx: SynthContext) -> int | None:
    m = PART_TAG.match(_purpose(result, ctx))
    return int(m.group(1)) if m else None


def _absences(gaps: list[absent.Absent], checks: dict[str, tuple[int, ToolResult]]) -> str:
    """'The catalog has no title directed by X [n].' for each absent entity whose count of
    titles ran and is 0 (the cited grounding); nothing for one that has titles after all."""
    out = []
    for gap in gaps:
        n, result = checks.get(set_words(absent.check_set(gap)), (0, None))
        if result is not None and result.rows[0].get("titles") == 0:
            out.append(absent.sentence(gap, n, lambda name: f"**{literal(name)}**"))
    return " ".join(out)


def _nobody(part: Part, ctx: SynthContext) -> str:
    """A people question on a title the catalog holds but records nobody for ("who directed"
    a series whose director field is empty). An empty result has no number to cite: the
    sentence says which query came back empty instead (it is listed below the answer)."""
    ran_empty = any(r.status == ToolStatus.EMPTY and _part_of(r, ctx) in (part.number, None)
                    for r in ctx.results)  # fmt: skip
    who, _, target = part.reading.partition(" of ")
    if not ran_empty or not target or target.startswith("the best match"):
        return ""
    return (f"The catalog records no {who.lower()} for {literal(target)}: the query for them "
            "came back empty.")  # fmt: skip


class OfflineSynthesizer:
    """Deterministic answer writer (also the fallback when the model's synthesizer fails)."""

    async def synthesize(self, ctx: SynthContext, emit: TokenSink) -> tuple[str, Usage]:
        text = "\n\n".join(self.compose(ctx))
        for line in text.splitlines(keepends=True):
            emit(line)
        return text, Usage(note="offline synthesizer")

    def compose(self, ctx: SynthContext) -> list[str]:
        cited = [(n, r) for n, r in numbered(ctx.results) if r.reused_from is None]
        parts = parts_of(ctx.plans[0]) if ctx.plans else []
        notes = next((ln[7:] for p in ctx.plans[:1] for ln in p.reasoning.splitlines()
                      if ln.startswith("Notes: ")), "")  # fmt: skip
        answers, missing = [], []
        gaps = absent.parse(ctx.plans[0].reasoning) if ctx.plans else {}
        for part in parts or [Part(1, "search", ctx.question, False)]:
            mine = [(n, r) for n, r in cited if usable(r)
                    and (_part_of(r, ctx) in (part.number, None) or not parts)]  # fmt: skip
            checks = {_purpose(r, ctx).partition(absent.CHECK_PURPOSE)[2]: (n, r)
                      for n, r in mine if absent.CHECK_PURPOSE in _purpose(r, ctx)}  # fmt: skip
            mine = [(n, r) for n, r in mine if (n, r) not in checks.values()]
            said = _absences(gaps.get(part.number, []), checks)
            key = (
                next(((n, r) for n, r in mine if r.tool in ("graph_expand", "omdb")), None)
                if part.op in ("people", "external")
                else None
            )
            if part.op != "external":
                key = key or (mine[0] if mine else None)
            sentence = lead(part, key[1], key[0]) if key else ""
            if part.op == "people" and key and key[1].tool == "graph_expand":
                sentence = (
                    f"For the best match: {render_result(key[0], key[1]).split(':', 1)[1].strip()}"
                )
            for n2, r2 in mine[1:] if part.op == "count" else []:  # the other reading, if run
                other = _purpose(r2, ctx).partition("other reading: ")[2]
                if other and "titles" in r2.rows[0]:
                    sentence += f" Read as {literal(other)}: **{r2.rows[0]['titles']:,}** [{n2}]."
            if not sentence and part.op == "people":
                sentence = _nobody(part, ctx)
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
        reading = " · ".join(p.reading for p in parts)
        m = CONFIDENCE.search(ctx.plans[0].reasoning) if ctx.plans else None
        line = f"_How I read the question: {literal(reading)}" + (
            f" ({literal(notes)})" if notes else ""
        )
        if reading and m and float(m.group(1)) < LOW_CONFIDENCE and not gaps:  # a weak reading
            out.insert(0, f"I could not read this as a catalog question. {line}._")  # first
        elif reading:
            out.append(line + "._")
        rows = [
            render_result(n, r)
            for n, r in cited
            if usable(r) and (not parts or _part_of(r, ctx) is not None)
        ]  # not the spare calls
        if rows:
            out.append("Supporting results:\n\n" + "\n\n".join(rows))
        problems = [f"- {r.tool} ({r.call_id}) {r.status}: {r.error or r.message or 'no rows'}"
                    for r in ctx.results if r.reused_from is None and not usable(r)]  # fmt: skip
        if problems:
            out.append("What did not work or found nothing:\n" + "\n".join(problems))
        return out  # the incomplete note and the footer: agent/answer.assemble
