"""Who did a node's work: the model, the model after repairs, or the rules (and why).

Each planner/evaluator/synthesizer run appends one `NodeMode` to the state key `node_modes`
and emits it on the custom stream as a `NodeModeEvent` (`agent/graph/events.py`). The
turn's label ("LLM", "mixed", "offline") and the answer's one-line note are derived from them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

Mode = Literal["model", "model_repaired", "rules"]
TurnLabel = Literal["LLM", "mixed", "offline"]

#: Short reasons a node used the rules (shown on the page, in the CLI and in the trace).
OFFLINE_MODE = "offline mode"
REFUSED = "server refused structured output"
TIMEOUT = "timeout"
BUDGET = "turn token budget spent"
EMPTY = "the model returned an empty answer"
PLAN_REJECTED = "the model's plan failed its checks twice"
#: The fast path: the offline reader read the question with confidence, no model was asked.
FAST_PATH = "fast path: the reader was confident"
#: A rules plan is judged and written by the rules (the model never rewrites the rules' work).
RULES_PLAN = "the plan was the rules'"
NO_ROWS = "no rows to write from"
#: Evaluator decisions the rules make on purpose, whatever the mode (not a fallback).
CAP = "planning-round cap reached"
DEADLINE_NEAR = "time limit close"
ALL_FAILED = "every call failed"
NOTHING_RETURNED = "the model's plan returned nothing"
BY_DESIGN = frozenset(
    {CAP, DEADLINE_NEAR, ALL_FAILED, NOTHING_RETURNED, FAST_PATH, RULES_PLAN, NO_ROWS}
)
TurnPath = Literal["fast", "model", "offline"]


class NodeMode(BaseModel):
    node: str
    mode: Mode
    repairs: int = 0
    reason: str | None = None
    rung: str | None = None  # structured-output method that worked (planner, evaluator)
    iteration: int = 0
    confidence: float | None = None  # the offline reader's confidence (planner, LLM mode)

    def describe(self) -> str:
        """One phrase: 'model (tools)', 'model after 1 repair', 'rules (timeout)'."""
        if self.mode == "rules":
            return f"rules ({self.reason})" if self.reason else "rules"
        text = "model"
        if self.mode == "model_repaired":
            text += f" after {self.repairs} repair{'s' if self.repairs != 1 else ''}"
        return text + (f" ({self.rung})" if self.rung else "")


def model_mode(node: str, iteration: int, repairs: int, rung: str | None) -> NodeMode:
    return NodeMode(
        node=node,
        mode="model_repaired" if repairs else "model",
        repairs=repairs,
        rung=rung,
        iteration=iteration,
    )


def rules_mode(node: str, iteration: int, reason: str) -> NodeMode:
    return NodeMode(node=node, mode="rules", reason=reason, iteration=iteration)


def turn_label(modes: list[NodeMode]) -> TurnLabel:
    """'LLM' when every model node used the model, 'offline' when none did, else 'mixed'."""
    used = [m.mode != "rules" for m in modes if m.reason not in BY_DESIGN]
    if used and all(used):
        return "LLM"
    return "mixed" if any(used) else "offline"


def turn_path(modes: list[NodeMode]) -> TurnPath:
    """Which path the turn took: the fast path (reader confident), the model's, or offline."""
    planner = next((m for m in modes if m.node == "planner"), None)
    if planner is None or planner.reason == OFFLINE_MODE:
        return "offline"
    return "fast" if planner.reason == FAST_PATH else "model"


def rules_note(modes: list[NodeMode]) -> str | None:
    """One short line naming the nodes the rules wrote in a turn that used a model, if any."""
    if turn_label(modes) != "mixed":
        return None
    seen: dict[str, str] = {}
    for m in modes:
        if m.mode == "rules" and m.reason not in BY_DESIGN:
            seen.setdefault(m.node, m.reason or "fallback")
    parts = ", ".join(f"{node} ({reason})" for node, reason in seen.items())
    return f"Partly written by rules: {parts}."
