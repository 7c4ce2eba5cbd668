"""The graph's state. Values are plain JSON-able dicts (pydantic models dumped) so every
checkpoint round-trips through the SQLite checkpointer without custom serialisers.

Per-turn keys accumulate within a turn through their reducers and are reset by the
`start` node with `Overwrite`; `messages` and `turns` accumulate across the thread.
"""

from __future__ import annotations

import operator
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages


def merge_results(left: dict[str, Any] | None, right: dict[str, Any] | None) -> dict[str, Any]:
    """Tool results keyed by call id, accumulated across iterations."""
    return {**(left or {}), **(right or {})}


#: What a turn answers with before its synthesizer has run: a new turn starts from it, and a turn
#: that failed inside the graph answers with it plus its apology.
ANSWER_DEFAULTS: dict[str, Any] = {
    "answer": "",
    "citations": [],
    "follow_ups": [],
    "reading": "",
    "confidence": None,
    "clarify": [],
    "asked_back": False,
}


class State(TypedDict, total=False):
    # thread-long
    messages: Annotated[list[AnyMessage], add_messages]
    turns: Annotated[list[dict[str, Any]], operator.add]  # TurnSummary dicts, oldest first
    # per turn
    turn_id: str
    question: str
    resolved_question: str
    mode: str  # "llm" | "offline"
    deadline: float  # time.time() by which the answer must be written
    iteration: int
    plans: Annotated[list[dict[str, Any]], operator.add]  # ExecutionPlan dumps
    results: Annotated[dict[str, dict[str, Any]], merge_results]  # call_id -> ToolResult dump
    decisions: Annotated[list[dict[str, Any]], operator.add]  # RecordedDecision dumps
    incomplete_reason: str | None
    answer: str
    citations: list[dict[str, Any]]
    follow_ups: list[str]
    reading: str  # the answer's reading line ("Read as: ..."); "" without a typed reading
    confidence: float | None  # probability the reading is right; None without a typed reading
    clarify: list[dict[str, Any]]  # Choice dumps: readings offered instead of a guess
    asked_back: bool  # the answer asked back (a likely wrong reading) instead of guessing
    trace: Annotated[list[dict[str, Any]], operator.add]  # NodeTrace dumps
    node_modes: Annotated[list[dict[str, Any]], operator.add]  # NodeMode dumps, one per node run
    turn_label: str  # "LLM" | "mixed" | "offline"
