"""The one place where a model step hands over to the rules, and where its label is decided.

The model ways of the planner, evaluator and synthesizer (`agent/llm/ways.py`) call `run_step`
with their model step and their rules step; rules chosen on purpose go through `rules_only`.
`run_step` runs the model under the node's time budget and the turn's token budget; any failure
(timeout, refused structured output, invalid output twice, a degenerate stream, an HTTP error)
runs the rules instead, with a short reason. A step cut off before its reply carried usage still
counts its tokens, estimated from what was sent and received. Every run yields a `NodeMode`,
emitted on the stream as a `node_mode` event and kept in the state.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

from agentic_rag.agent.graph.events import NodeModeEvent
from agentic_rag.agent.graph.trace import emit
from agentic_rag.agent.interfaces import Outcome, StepLimits, Usage
from agentic_rag.agent.llm.token_count import InFlight, recording, stop_recording
from agentic_rag.agent.node_mode import BUDGET, TIMEOUT, NodeMode, model_mode, rules_mode
from agentic_rag.errors import ModelStepError

log = logging.getLogger(__name__)

type Step[T] = Callable[[], Awaitable[tuple[T, Usage]]]


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


def cut_off_usage(recorder: InFlight, model: str | None, model_dir: Path | None) -> Usage:
    """Tokens of a step that ended without a reply's usage: estimated from what was sent."""
    tokens_in, tokens_out = recorder.estimate(model_dir)
    if not tokens_in + tokens_out:
        return Usage()
    note = "tokens estimated: the call was cut off before the server reported usage"
    return Usage(model=model, tokens_in=tokens_in, tokens_out=tokens_out, estimated=True, note=note)


async def rules_only[T](
    node: str, iteration: int, rules_step: Step[T], reason: str, confidence: float | None = None
) -> Outcome[T]:
    """The rules do the node's work on purpose (offline mode, the fast path, a rules plan)."""
    value, usage = await rules_step()
    mode = rules_mode(node, iteration, reason).model_copy(update={"confidence": confidence})
    emit_mode(mode)
    return Outcome(value, usage, mode)


async def run_step[T](
    node: str,
    iteration: int,
    model_step: Step[T],
    rules_step: Step[T],
    limits: StepLimits,
    *,
    on_fallback: Callable[[str], None] | None = None,
    model: str | None = None,
    model_dir: Path | None = None,
    confidence: float | None = None,
) -> Outcome[T]:
    """Run `model_step`, or the rules after any failure, and label the node either way."""
    spent = Usage()
    if limits.token_budget and limits.tokens_spent >= limits.token_budget:
        reason, detail = BUDGET, f"{limits.tokens_spent} of {limits.token_budget} tokens used"
    else:
        recorder = InFlight()
        token = recording(recorder)
        timeout = max(limits.timeout, 0.5)
        try:
            value, usage = await asyncio.wait_for(model_step(), timeout=timeout)
        except Exception as exc:
            reason, detail = short_reason(exc), detail_of(exc)
            if isinstance(exc, TimeoutError) and not str(exc):
                detail = f"no reply within {timeout:.1f} s"
            log.warning("%s: the rules answer (%s: %s)", node, reason, detail)
            if isinstance(exc, ModelStepError) and isinstance(exc.usage, Usage):
                spent = exc.usage
            if spent.tokens_in + spent.tokens_out == 0:
                spent = cut_off_usage(recorder, model, model_dir)
        else:
            mode = model_mode(node, iteration, usage.repairs, usage.rung)
            mode = mode.model_copy(update={"confidence": confidence})
            emit_mode(mode)
            return Outcome(value, usage, mode)
        finally:
            stop_recording(token)
    if on_fallback is not None:
        on_fallback(reason)
    value, rules_usage = await rules_step()
    mode = rules_mode(node, iteration, reason).model_copy(update={"confidence": confidence})
    note = f"{node}: rules ({reason})" + (f": {detail}" if detail else "")
    usage = spent.add(rules_usage).add(Usage(note=note))
    usage.rung = None
    emit_mode(mode)
    return Outcome(value, usage, mode)
