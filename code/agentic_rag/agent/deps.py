"""Everything the graph's nodes depend on, injected once per graph (tests build their own)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from agentic_rag.agent.interfaces import Evaluator, Planner, Synthesizer
from agentic_rag.config import Settings
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.registry import ToolRegistry

#: Seconds of the turn deadline kept for the synthesizer, whatever happens before it.
SYNTH_RESERVE_S = 8.0


@dataclass
class AgentDeps:
    settings: Settings
    registry: ToolRegistry
    tools: ToolDeps
    schema_text: str
    planner: Planner
    evaluator: Evaluator
    synthesizer: Synthesizer
    # deterministic stand-ins used when a model step times out or fails
    fallback_planner: Planner
    fallback_evaluator: Evaluator
    fallback_synthesizer: Synthesizer
    mode: str = "offline"  # "llm" | "offline"
    mode_label: str = "Offline mode: no API key set"
    models: dict[str, str] = field(default_factory=dict)  # node -> model name (llm mode)
    clock: Callable[[], float] = time.time

    @property
    def tool_names(self) -> tuple[str, ...]:
        return tuple(self.registry.names)

    def remaining(self, deadline: float) -> float:
        return deadline - self.clock()

    def budget_before_synthesis(self, deadline: float) -> float:
        """Seconds a planner/evaluator/executor step may still use."""
        reserve = min(SYNTH_RESERVE_S, self.settings.turn_deadline_s * 0.2)
        return self.remaining(deadline) - reserve
