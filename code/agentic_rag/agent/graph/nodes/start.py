"""Start of a turn: take the question from the last message and reset per-turn state."""

from __future__ import annotations

import uuid

from langchain_core.messages import HumanMessage
from langgraph.types import Overwrite

from agentic_rag.agent.deps import AgentDeps
from agentic_rag.agent.graph.state import ANSWER_DEFAULTS, State
from agentic_rag.textsafe import clean_text

MAX_QUESTION_CHARS = 4000


def last_question(state: State) -> str:
    for message in reversed(state.get("messages") or []):
        if isinstance(message, HumanMessage):
            content = message.content
            return content if isinstance(content, str) else str(content)
    return ""


async def start(state: State, deps: AgentDeps) -> dict:
    question = " ".join(clean_text(last_question(state)).split())[:MAX_QUESTION_CHARS]
    return {
        "turn_id": uuid.uuid4().hex[:12],
        "question": question,
        "resolved_question": question,
        "mode": deps.mode,
        "deadline": deps.clock() + deps.settings.turn_deadline_s,
        "iteration": 0,
        "plans": Overwrite([]),
        "results": Overwrite({}),
        "decisions": Overwrite([]),
        "trace": Overwrite([]),
        "node_modes": Overwrite([]),
        "turn_label": "",
        "incomplete_reason": None,
        **ANSWER_DEFAULTS,
    }
