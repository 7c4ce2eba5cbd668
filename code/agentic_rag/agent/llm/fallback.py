"""The one place where a model step hands over to the rules, and where its label is decided.

The planner, evaluator and synthesizer nodes each call `run_step` with their model step (None
in offline mode) and their rules step. It runs the model under the node's time budget and the
turn's token budget; any failure (timeout, refused structured output, invalid output twice, a
degenerate stream, an HTTP error) runs the rules instead, with a short reason. Every run
yields a `NodeMode`, emitted on the stream as a `node_mode` event and kept in the state.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from agentic_rag.agent.graph.events import NodeModeEvent
from agentic_rag.agent.graph.trace import emit
from agentic_rag.agent.interfaces import Usage
from agentic_rag.agent.llm.node_mode import (
    BUDGET,
    OFFLINE_MODE,
    TIMEOUT,
    NodeMode,
    model_mode,
    rules_mode,
)
from agentic_rag.errors import ModelStepError

log = logging.getLogger(__name__)

type Step[T] = Callable[[], Awaitable[tuple[T, Usage]]]


@dataclass
class StepOutcome[T]:
    value: T
    usage: Usage
    mode: NodeMode


def short_reason(exc: BaseException) -> str:
    """The label's reason for a failed model step, in a few words."""
    if isinstance(exc, ModelStepError):
        return exc.reason
    import openai  # here, not at import: the client costs ~0.7 s that offline turns never need

    if isinstance(exc, TimeoutError | openai.APITimeoutError):
        return TIMEOUT
    if isinstance(exc, openai.APIStatusError):
        return f"server error (HTTP {exc.status_code})"
    if isinstance(exc, openai.APIConnectionError | ConnectionError):
        return "server unreachable"
    return f"model error ({type(exc).__name__})"


def detail_of(exc: BaseException, limit: int = 300) -> str:
    text = exc.detail if isinstance(exc, ModelStepError) else str(exc)
    text = " ".join(text.split()) or type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def emit_mode(mode: NodeMode) -> None:
    emit(NodeModeEvent(**mode.model_dump()))


async def run_step[T](
    node: str,
    iteration: int,
    model_step: Step[T] | None,
    rules_step: Step[T],
    *,
    timeout: float,
    tokens_spent: int = 0,
    token_budget: int = 0,
    on_fallback: Callable[[str], None] | None = None,
) -> StepOutcome[T]:
    """Run `model_step` (or the rules, in offline mode or after a failure) and label it."""
    if model_step is None:
        value, usage = await rules_step()
        mode = rules_mode(node, iteration, OFFLINE_MODE)
        emit_mode(mode)
        return StepOutcome(value, usage, mode)
    spent = Usage()
    if token_budget and tokens_spent >= token_budget:
        reason, detail = BUDGET, f"{tokens_spent} of {token_budget} tokens used"
    else:
        try:
            value, usage = await asyncio.wait_for(model_step(), timeout=max(timeout, 0.5))
        except Exception as exc:
            reason, detail = short_reason(exc), detail_of(exc)
            if isinstance(exc, TimeoutError) and not str(exc):
                detail = f"no reply within {max(timeout, 0.5):.1f} s"
            log.warning("%s: the rules answer (%s: %s)", node, reason, detail)
            if isinstance(exc, ModelStepError) and isinstance(exc.usage, Usage):
                spent = exc.usage
        else:
            mode = model_mode(node, iteration, usage.repairs, usage.rung)
            emit_mode(mode)
            return StepOutcome(value, usage, mode)
    if on_fallback is not None:
        on_fallback(reason)
    value, rules_usage = await rules_step()
    mode = rules_mode(node, iteration, reason)
    note = f"{node}: rules ({reason})" + (f": {detail}" if detail else "")
    usage = spent.add(rules_usage).add(Usage(note=note))
    usage.rung = None
    emit_mode(mode)
    return StepOutcome(value, usage, mode)
