"""Template tool calls of the offline planner, and how their results pair back to them.

The query templates live by store in `templates_sql` and `templates_cypher`, on the literals
and `Filters` of `filters`; they are re-exported here so `templates.<name>` keeps working.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from agentic_rag.agent.models import ARGS_BY_TOOL, PlannedCall
from agentic_rag.agent.offline.filters import (
    FTS_WORD,
    SHOW_ID,
    Filters,
    cy_str,
    fts_phrase,
    ids_in,
    like_str,
    sql_str,
)
from agentic_rag.agent.offline.templates_cypher import (
    CY_SHOW,
    REL,
    cy_costars,
    cy_person_works,
    cy_title_genres,
    cy_title_people,
    cy_together,
)
from agentic_rag.agent.offline.templates_sql import (
    GROUPS,
    SHOW_COLS,
    sql_average,
    sql_costars,
    sql_count,
    sql_fts,
    sql_group,
    sql_list,
    sql_people,
    sql_person_works,
    sql_summary,
    sql_title_genres,
    sql_title_lookup,
    sql_together,
)
from agentic_rag.tools.base import ToolResult, ToolStatus

__all__ = [
    "CY_SHOW", "FTS_WORD", "GROUPS", "HYBRID_CUE", "HYBRID_TOP", "REL", "SHOW_COLS", "SHOW_ID",
    "Filters", "call", "cy_costars", "cy_person_works", "cy_str", "cy_title_genres",
    "cy_title_people", "cy_together", "fts_phrase", "ids_in", "is_bad", "like_str", "pair_results",
    "semantic_call",
    "sql_average", "sql_costars", "sql_count", "sql_fts", "sql_group", "sql_list", "sql_people",
    "sql_person_works", "sql_str", "sql_summary", "sql_title_genres", "sql_title_lookup",
    "sql_together",
]  # fmt: skip

#: semantic hits whose graph neighbourhood a hybrid question expands (the best one or two)
HYBRID_TOP = 2
HYBRID_CUE = re.compile(
    r"\b(?:actors?|actress(?:es)?|cast|directors?|who (?:also|directed|starred|acted|appear)|"
    r"people (?:in|behind)|co-?stars?|crew)\b",
    re.IGNORECASE,
)


# -- calls and results ----------------------------------------------------------------------
def call(tool: str, purpose: str, **args: Any) -> PlannedCall:
    """A PlannedCall whose args passed the tool's own argument model."""
    model = ARGS_BY_TOOL[tool].model_validate({k: v for k, v in args.items() if v is not None})
    return PlannedCall(tool=tool, purpose=purpose[:200], args=model.model_dump(exclude_none=True))


def semantic_call(text: str, f: Filters, purpose: str, n: int = 8) -> PlannedCall:
    query = " ".join(text.split())[:500]
    if len(query) < 2:
        query = "popular titles"
    return call("semantic", purpose, query=query, n_results=n, **f.semantic())


def is_bad(result: ToolResult | None) -> bool:
    return result is None or result.status.failed or result.status == ToolStatus.EMPTY


def pair_results(
    calls: Sequence[PlannedCall], results: Sequence[ToolResult], iteration: int | None = None
) -> list[tuple[PlannedCall, ToolResult | None]]:
    """Match each call of a plan to its result: by call id '<iteration>.<n>' when known,
    else the tail of `results` in order, else the first unused result of the same tool."""
    by_id = {r.call_id: r for r in results}
    if iteration is not None and any(f"{iteration}.{j}" in by_id for j in range(1, len(calls) + 1)):
        return [(c, by_id.get(f"{iteration}.{j}")) for j, c in enumerate(calls, start=1)]
    tail = list(results[-len(calls) :]) if calls else []
    if len(tail) == len(calls) and [r.tool for r in tail] == [c.tool for c in calls]:
        return list(zip(calls, tail, strict=True))
    pool = list(tail or results)
    paired: list[tuple[PlannedCall, ToolResult | None]] = []
    for c in calls:
        hit = next((r for r in pool if r.tool == c.tool), None)
        if hit is not None:
            pool.remove(hit)
        paired.append((c, hit))
    return paired
