"""The few-shot plan bank: (question, plan) examples in `plan_examples.yaml`, one loader.

Each example is a question, a `family` (the kind of question: count, people, hybrid, …), an
optional `operation` tag for the offline intent matcher, and a plan whose calls are the
executor's own `PlannedCall`s (tool, purpose, args), checked against each tool's argument
model at load time. The LLM planner's prompt carries the k examples nearest to the question by
embedding similarity (the shipped MiniLM); the offline planner reads the same file through
`load_examples`. The tests run every plan against the real stores.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np
import yaml
from pydantic import BaseModel, Field, model_validator

from agentic_rag.agent.models import PlannedCall
from agentic_rag.agent.rules.spec import Operation
from agentic_rag.tools.registry import TOOLS

BANK_PATH = Path(__file__).with_name("plan_examples.yaml")


class PlanExample(BaseModel):
    question: str = Field(min_length=3)
    family: str = Field(min_length=2)
    operation: Operation | None = None
    reasoning: str = ""
    calls: list[PlannedCall] = Field(min_length=1, max_length=6)

    @model_validator(mode="after")
    def _args_fit_their_tools(self) -> PlanExample:
        args_models = {spec.name: spec.args_model for spec in TOOLS}
        for call in self.calls:
            if call.tool not in args_models:
                raise ValueError(f"unknown tool {call.tool!r} in example {self.question!r}")
            args_models[call.tool].model_validate(call.args)
        return self

    @property
    def tools(self) -> frozenset[str]:
        return frozenset(c.tool for c in self.calls)


@lru_cache(maxsize=4)
def load_examples(path: Path = BANK_PATH) -> tuple[PlanExample, ...]:
    """Every example of the bank, validated (a bad example fails here, not in a prompt)."""
    # libyaml's safe loader when PyYAML has it: the pure-Python one takes ~0.25 s here, on the
    # first question of every process
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    raw = yaml.load(Path(path).read_text(encoding="utf-8"), Loader=loader) or []
    return tuple(PlanExample.model_validate(item) for item in raw)


class ExampleBank:
    """Nearest examples by cosine similarity of MiniLM embeddings of the questions."""

    def __init__(self, examples: tuple[PlanExample, ...], embedder: object) -> None:
        self.examples = examples
        self.embedder = embedder
        self._vectors: np.ndarray | None = None

    @classmethod
    def open(cls, model_dir: Path, path: Path = BANK_PATH) -> ExampleBank:
        from agentic_rag.stores.vectors import shared_embedder

        return cls(load_examples(path), shared_embedder(Path(model_dir)))

    def _matrix(self) -> np.ndarray:
        if self._vectors is None:
            questions = [e.question for e in self.examples]
            self._vectors = np.asarray(self.embedder.embed(questions), dtype=np.float32)  # type: ignore[attr-defined]
        return self._vectors

    def nearest(
        self, question: str, k: int, tools: tuple[str, ...] | None = None
    ) -> list[PlanExample]:
        """The `k` examples closest to `question` that use only `tools` (all when None)."""
        allowed = [
            i for i, e in enumerate(self.examples) if tools is None or e.tools <= frozenset(tools)
        ]
        if not allowed or k <= 0:
            return []
        query = np.asarray(self.embedder.embed([question]), dtype=np.float32)[0]  # type: ignore[attr-defined]
        scores = self._matrix()[allowed] @ query
        order = np.argsort(-scores)[:k]
        return [self.examples[allowed[i]] for i in order]
