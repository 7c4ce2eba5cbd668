"""What the offline writer knows of a result's call (its part, its role), and the sentences for a
part whose calls came back empty: an empty result has no number to cite, so the sentence says
which query came back empty instead (it is listed below the answer)."""

from __future__ import annotations

from agentic_rag.agent.interfaces import SynthContext
from agentic_rag.agent.models import PlannedCall
from agentic_rag.agent.rules import compose, relations
from agentic_rag.agent.rules.sentences import Part
from agentic_rag.markup import escape_markdown
from agentic_rag.tools.base import ToolResult, ToolStatus


def literal(text: str | None) -> str:  # user text in an answer: literal, never markup
    return escape_markdown((text or "")[:300], one_line=True) or "your question"


def call_of(result: ToolResult, ctx: SynthContext) -> PlannedCall | None:
    it, _, j = result.call_id.partition(".")
    try:
        return ctx.plans[int(it) - 1].calls[int(j) - 1]
    except (ValueError, IndexError):
        return None


def part_of(result: ToolResult, ctx: SynthContext) -> int | None:
    call = call_of(result, ctx)
    return call.part if call else None


def role_of(result: ToolResult, ctx: SynthContext) -> str:
    call = call_of(result, ctx)
    return call.role if call else "answer"


def nobody(part: Part, ctx: SynthContext) -> str:
    """A people question on a title the catalog holds but records nobody for ("who directed"
    a series whose director field is empty). An empty result has no number to cite: the
    sentence says which query came back empty instead (it is listed below the answer)."""
    ran_empty = any(
        r.status == ToolStatus.EMPTY and part_of(r, ctx) in (part.number, None) for r in ctx.results
    )
    titles = part.spec.titles.titles
    if not ran_empty or not titles:
        return ""
    who = {"director": "directors", "cast": "cast"}.get(part.spec.role or "", "people")
    if relations.common(part.spec):  # "who acted in both X and Y": no one in all of them
        return f"No one is in the {who} of all of {literal(', '.join(titles))} in the catalog."
    return (
        f"The catalog records no {who} for {literal(', '.join(titles))}: the query for them "
        "came back empty."
    )


def nothing(part: Part, ctx: SynthContext) -> str:
    """A part whose every answer call came back empty: nothing in the catalog matched it (an
    empty result has no number to cite; the empty query is listed below the answer)."""
    own = [r for r in ctx.results if part_of(r, ctx) == part.number and role_of(r, ctx) == "answer"]
    if not own or any(r.status != ToolStatus.EMPTY for r in own):
        return ""
    said = part.reading[0].lower() + part.reading[1:]
    return f"Nothing in the catalog matched: {literal(said)} (the query came back empty)."


def unproven(part: Part, ctx: SynthContext) -> str:
    """A bounded search (a chain of at most a few titles) whose every answer call found nothing
    or did not finish: it says how far it looked, not that there is nothing."""
    own = [r for r in ctx.results if part_of(r, ctx) == part.number and role_of(r, ctx) == "answer"]
    if part.op not in relations.BOUNDED or not own or any(r.rows for r in own):
        return ""
    failed = sum(r.status != ToolStatus.EMPTY for r in own if r.reused_from is None)
    return relations.not_found(part.spec, failed, lambda x: f"**{literal(x)}**")


def unfilled(part: Part) -> str:
    """A part that refers to an earlier part's result ("the crown", "who directed it", "most
    common rating among them") when that result named nothing: it has nothing to run over, and
    no other query answers it (not the catalog's summary run in its place)."""
    if not compose.waiting(part.spec):
        return ""
    return (
        f"There is nothing to answer this part over ({literal(part.reading)}): the earlier "
        "answer it refers to named no one and no title in the catalog."
    )
