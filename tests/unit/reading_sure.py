"""The reading's probability for a question, as the planner computes it (`clarify.assess`): its
parts' compiled fields stand for the planned calls. Shared by the tests of confidence caps."""

from __future__ import annotations

from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.reader import Reader
from agentic_rag.agent.rules.usage import COMPILED_FIELDS


def sure(reader: Reader, question: str) -> float:
    specs = reader.read(question)
    named = " ".join(s.model_dump_json(include=set(COMPILED_FIELDS)) for s in specs)
    return confidence.probability(confidence.features(reader, question, specs, named)[0])
