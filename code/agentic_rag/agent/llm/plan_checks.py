"""A model's plan is checked before it runs, against the tools and the offline reading.

`plan_problem` names the first thing wrong with a plan, or None:

- no call uses an available tool;
- a call's arguments fail its tool's own model, or its SQL fails the guard (and the live
  catalog's schema, when there is one);
- the offline reader read the question with confidence and the question names an entity
  (person, title, country, genre: a literal of the reader's queries the user typed) that no
  call of the model's plan mentions: the model contradicts a confident reading.

The reader's confidence is its plan's calibrated `confidence.probability` (read in one function,
`reading_confidence`); the operations come from the plan's typed `reading`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence

from pydantic import ValidationError

from agentic_rag.agent.interfaces import PlanContext
from agentic_rag.agent.models import ExecutionPlan
from agentic_rag.errors import QueryRefusedError
from agentic_rag.folding import fold

#: Parts of a reading that need what only a model does: open-ended wording, outside facts.
MODEL_OPS = frozenset({"search", "external"})
_LITERAL = re.compile(r"'((?:[^']|'')+)'")
MIN_ENTITY_CHARS = 3


def reading_confidence(reading: ExecutionPlan | None) -> float | None:
    """How sure the offline reader was of its reading (None: no reading, or it gave none)."""
    if reading is None or reading.confidence is None:
        return None
    return reading.confidence.probability


def needs_model(reading: ExecutionPlan) -> bool:
    """True when a part of the reading is open-ended or needs outside facts (the web, OMDb)."""
    return not reading.reading or any(spec.op in MODEL_OPS for spec in reading.reading)


def named_entities(reading: ExecutionPlan, question: str) -> list[str]:
    """Literals of the reader's queries that the user typed: the entities the question names."""
    asked = fold(question)
    found: dict[str, None] = {}
    for call in reading.calls:
        for value in call.args.values():
            if not isinstance(value, str):
                continue
            for m in _LITERAL.finditer(value):
                text = m.group(1).replace("''", "'")
                if len(text) >= MIN_ENTITY_CHARS and fold(text) in asked:
                    found.setdefault(text, None)
    return list(found)


def plan_problem(
    plan: ExecutionPlan,
    ctx: PlanContext,
    *,
    reading: ExecutionPlan | None = None,
    min_confidence: float = 1.0,
    sql_schema: Mapping[str, Sequence[str]] | None = None,
) -> str | None:
    """What is wrong with `plan`, in one sentence the model can act on; None when nothing."""
    usable = [c for c in plan.calls if c.tool in ctx.tool_names]
    if not usable:
        dropped = ", ".join(sorted({c.tool for c in plan.calls}))
        return f"it uses only tools that are not available ({dropped})"
    from agentic_rag.tools.sql.guard import check_sql

    for i, call in enumerate(usable, start=1):
        model = ctx.tool_args.get(call.tool)
        if model is not None:
            try:
                model.model_validate(call.args)
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(p) for p in first["loc"]) or "args"
                return f"call {i} ({call.tool}) has invalid arguments: {where}: {first['msg']}"
        if call.tool == "sql":
            try:
                check_sql(str(call.args.get("query", "")), schema=sql_schema)
            except QueryRefusedError as exc:
                return f"call {i} (sql) was refused by the SQL guard: {exc}"
    confidence = reading_confidence(reading)
    if reading is not None and confidence is not None and confidence >= min_confidence:
        said = fold(json.dumps([c.args for c in usable], ensure_ascii=False))
        missing = [e for e in named_entities(reading, ctx.question) if fold(e) not in said]
        if missing:
            return (
                "it does not look for "
                + ", ".join(f"'{e}'" for e in missing)
                + (", which the question names")
            )
    return None
