"""The structured-output rungs, and which of them to try for a server and model.

What each server accepted is kept by `agent/llm/server_facts.py` (in memory, and on disk when
the caller has settings); `ladder_for` never offers a rung the server refused within the TTL and
starts at the one that worked.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from agentic_rag.agent.llm.chat import model_name_of
from agentic_rag.agent.llm.server_facts import ServerFacts, forget_all


class Rung(StrEnum):
    JSON_SCHEMA = "json_schema"
    TOOLS = "tools"
    JSON_OBJECT_SCHEMA = "json_object_schema"
    JSON_OBJECT = "json_object"
    TEXT = "text"


LADDER: tuple[Rung, ...] = tuple(Rung)
#: `STRUCTURED_OUTPUT` values and the rungs each allows.
PINS: dict[str, tuple[Rung, ...]] = {
    "auto": LADDER,
    "json_schema": (Rung.JSON_SCHEMA,),
    "tools": (Rung.TOOLS,),
    "json_mode": (Rung.JSON_OBJECT_SCHEMA, Rung.JSON_OBJECT),
    "text": (Rung.TEXT,),
}
#: Facts kept in this process's memory only (callers without settings, such as some tests).
IN_MEMORY = ServerFacts(None, 24 * 3600)


def server_key(model: Any) -> tuple[str, str]:
    base = getattr(model, "openai_api_base", None) or "https://api.openai.com/v1"
    return (str(base).rstrip("/"), model_name_of(model))


def forget_rungs() -> None:
    """Forget what each server accepted, in this process (tests; files are per build dir)."""
    forget_all()


def remembered_rung(model: Any, facts: ServerFacts | None = None) -> Rung | None:
    known = (facts or IN_MEMORY).working(server_key(model))
    return Rung(known) if known in LADDER else None


def ladder_for(
    model: Any, setting: str = "auto", facts: ServerFacts | None = None
) -> tuple[Rung, ...]:
    """The rungs to try for `model`: never one it refused within the TTL, from the one that
    worked down."""
    facts = facts or IN_MEMORY
    key = server_key(model)
    refused = facts.refused(key)
    rungs = tuple(r for r in PINS[setting] if r.value not in refused)
    known = facts.working(key)
    return rungs[[r.value for r in rungs].index(known) :] if known in rungs else rungs
