"""How clearly a search by description found its title, and the one place that falls back.

The semantic tool ranks descriptions by cosine distance. Its top title matches clearly when it
is close (`CLOSE`) or stands apart from the next one (`APART`, and `RELATIVE` of its own
distance: the farther the match, the wider the lead it needs); otherwise the match is weak. A
description part with filters (a type, a country, years, a genre: words that may be the story's
or used loosely — "the movie where a young priest ..." is a series) runs its own search and,
beside it, the same search without those filters (role `loose`). The own search answers when
its top title is clear; when it is weak or empty, the loose search answers instead if its top
title is clear or much nearer than the own search's (`nearer`), and not among the own search's
titles, and the answer says the filters were set aside; else the own search answers, said as
no clear match. A weak or loosened match caps
the turn's confidence at `UNSURE`: it is not presented as sure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agentic_rag.agent.models import ExecutionPlan
from agentic_rag.agent.rules.empty import literal
from agentic_rag.agent.rules.phrasing import set_words
from agentic_rag.agent.rules.spec import QuerySpec
from agentic_rag.tools.base import ToolResult, ToolStatus

CLOSE = 0.30  # a top title this close matches clearly, whatever comes next
APART = 0.06  # or one this much closer than the next title
#: and, far from the description, a gap this share of its own distance: at 0.47 a lead of 0.065
#: ("a sponge who lives under the sea" -> a docuseries on the South Seas) is noise
RELATIVE = 0.15
#: a loose top title this much closer than the own search's top answers though not clear
NEARER = 0.12
UNSURE = 0.45  # the most a turn is trusted whose description match is weak or loosened


@dataclass(frozen=True)
class Pick:
    """The search a description part's answer rests on."""

    result: ToolResult
    clear: bool  # its top title matches clearly
    loosened: bool  # it is the search without the part's filters


def _found(result: ToolResult | None) -> bool:
    return result is not None and result.status == ToolStatus.OK and bool(result.rows)


def _distance(row: dict[str, Any]) -> float | None:
    value = row.get("distance")
    return float(value) if isinstance(value, int | float) else None


def clear(rows: list[dict[str, Any]]) -> bool:
    """Whether the top row matches clearly (rows without distances are not judged)."""
    top = _distance(rows[0]) if rows else None
    if top is None:
        return bool(rows)
    nxt = _distance(rows[1]) if len(rows) > 1 else None
    return top <= CLOSE or nxt is None or nxt - top >= max(APART, RELATIVE * top)


def nearer(loose: list[dict[str, Any]], own: list[dict[str, Any]]) -> bool:
    """Whether the search without the filters found a title much closer than any the filters
    kept (`NEARER`, or `RELATIVE` of the own top's distance): the filters pushed away the title
    the description tells ("filipino romcom where she is already married to a stranger": a
    comedy, not a romance)."""
    a, b = _distance(loose[0]) if loose else None, _distance(own[0]) if own else None
    return a is not None and b is not None and b - a >= max(NEARER, RELATIVE * b)


def pick(own: ToolResult | None, loose: ToolResult | None) -> Pick | None:
    """The part's own search if it matches clearly and the loose one found nothing much nearer
    (a clear lead far from the description, "teen with terminal cancer ..." among teen shows,
    is no match when a title outside the filters tells the story), else the loose one if that
    does and finds another title, else the own search (weak); the loose one when the own found
    nothing."""
    mine = own if _found(own) else None
    other = loose if _found(loose) else None
    pushed = mine is not None and other is not None and nearer(other.rows, mine.rows)
    if mine is not None and clear(mine.rows) and not pushed:
        return Pick(mine, True, False)
    if other is not None and (mine is None or clear(other.rows) or nearer(other.rows, mine.rows)):
        held = {r.get("show_id") for r in mine.rows} if mine else set()
        if mine is None or other.rows[0].get("show_id") not in held:
            return Pick(other, clear(other.rows), True)
    return Pick(mine, False, False) if mine is not None else None


def searches(plans: list[ExecutionPlan], results: list[ToolResult], part: int) -> Pick | None:
    """The pick among a part's semantic results (over every planning round)."""
    by_id = {r.call_id: r for r in results}
    own: ToolResult | None = None
    loose: ToolResult | None = None
    for it, plan in enumerate(plans, start=1):
        for j, call in enumerate(plan.calls, start=1):
            result = by_id.get(f"{it}.{j}")
            if result is not None and result.reused_from:
                result = by_id.get(result.reused_from, result)
            if call.part != part or call.tool != "semantic" or result is None:
                continue
            if call.role == "loose":
                loose = loose if _found(loose) else result
            elif not _found(own):
                own = result
    return pick(own, loose)


def unsure(reading: list[QuerySpec], plans: list[ExecutionPlan], results: list[ToolResult]) -> bool:
    """Whether a description part of the reading rests on a weak or loosened match."""
    for n, spec in enumerate(reading, start=1):
        if spec.op not in ("search", "people"):  # no description search to judge
            continue
        chosen = searches(plans, results, n)
        if chosen is not None and (chosen.loosened or not chosen.clear):
            return True
    return False


def opener(chosen: Pick, spec: QuerySpec) -> str:
    """How a description search's answer opens: sure, weak, or with the filters set aside."""
    if chosen.loosened:
        row = chosen.result.rows[0]
        kind = f"the {row['type']}" if row.get("type") else "the title"
        return (
            f"Nothing among {literal(set_words(spec.titles))} matches this description "
            f"clearly; searching every title, the best match is {kind}"
        )
    if not chosen.clear:
        return "No title matches this description clearly; the closest is"
    return "The best match is"


def people_opener(chosen: Pick | None) -> str:
    if chosen is not None and not chosen.clear:
        return "No title matches this description clearly; for the closest:"
    return "For the best match:"
