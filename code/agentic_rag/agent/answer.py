"""The one place an answer's text is assembled: the writer's body, then its notes, then the
line that says who answered and which path the turn took.

Whoever wrote the body (the model through the output gate, or the rules), the same function adds
the "may be incomplete" note, the reader's uncertainty on a model-planned answer, and the footer.
"""

from __future__ import annotations

from dataclasses import dataclass

from agentic_rag.agent.citations import strip_unknown_citations
from agentic_rag.agent.node_mode import BY_DESIGN, NodeMode, rules_note, turn_label, turn_path
from agentic_rag.tools.base import ToolResult


@dataclass
class Answer:
    body: str  # the writer's text, unknown citations removed
    tail: str  # what follows it: notes and the footer (sent after the streamed body)

    @property
    def text(self) -> str:
        return self.body + self.tail


def footer(mode_label: str, llm: bool, modes: list[NodeMode]) -> str:
    """The answer's last line: who wrote it, the path, one short line when rules wrote part."""
    label = turn_label(modes)
    if turn_path(modes) == "fast":
        planner = next(m for m in modes if m.node == "planner")
        confidence = f": {planner.confidence:.2f}" if planner.confidence else ""
        return (
            "Answered by the offline rules on the fast path: the model was not used (the reader "
            f"was confident{confidence})."
        )
    if label == "LLM":
        return f"Answered in {mode_label}."
    if label == "mixed":
        models = mode_label.removeprefix("LLM mode: ")
        return f"Answered in mixed mode ({models} and rules). {rules_note(modes)}"
    if llm:  # the model was configured but every node fell back
        fell = [f"{m.node}: {m.reason}" for m in modes if m.reason and m.reason not in BY_DESIGN]
        reasons = "; ".join(dict.fromkeys(fell))
        return f"Answered by the offline rules: the model was not used ({reasons})."
    return f"Answered in {mode_label}."


def uncertainty(modes: list[NodeMode], min_confidence: float) -> str | None:
    """One line when the model planned a question the offline reader could not read."""
    planner = next((m for m in modes if m.node == "planner"), None)
    if planner is None or planner.mode == "rules" or turn_path(modes) != "model":
        return None
    confidence = planner.confidence
    if confidence is not None and confidence >= min_confidence:
        return None
    said = f" (confidence {confidence:.2f})" if confidence is not None else ""
    return (
        f"The offline reader could not read this question with certainty{said}: this answer "
        "rests on the model's plan; check it against the supporting results."
    )


def assemble(
    body: str,
    results: list[ToolResult],
    *,
    incomplete_reason: str | None,
    notes: list[str],
    last_line: str,
) -> Answer:
    """The answer: the body with only real citations, the notes, then the last line."""
    body = strip_unknown_citations(body, results)
    lines = [f"Note: the data may be incomplete: {incomplete_reason}."] if incomplete_reason else []
    lines = [f"_{n}_" for n in lines]
    lines += [f"_{n}_" for n in notes]
    lines.append(f"_{last_line}_")
    return Answer(body, "".join(f"\n\n{line}" for line in lines))
