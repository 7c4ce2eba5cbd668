"""One exception tree for the whole package.

Inside the package, problems are exceptions from this tree with messages that
say how to fix them. At the tool boundary they become `ToolResult`s (data), and
the CLI and page turn the rest into one clear line.
"""

from __future__ import annotations


class AgenticRagError(Exception):
    """Base class of every error this package raises on purpose."""


class ConfigError(AgenticRagError):
    """A setting is missing or invalid."""


class DataBuildError(AgenticRagError):
    """The data build cannot go on (bad CSV, missing model, store failure)."""


class StoreUnavailableError(AgenticRagError):
    """A store is not built, or its server cannot be reached or started."""


class QueryRefusedError(AgenticRagError):
    """A generated query breaks a guard rule (writes, unknown schema, ...)."""


class QueryTimeoutError(AgenticRagError):
    """A query ran past its deadline and was stopped."""


class PlanningError(AgenticRagError):
    """A model's plan or decision could not be parsed or validated."""


class ModelStepError(PlanningError):
    """A model step (plan, decision, answer) could not be used; the rules take over.

    `reason` is the short phrase shown in labels ("server refused structured output",
    "invalid plan twice", "degenerate stream: ..."); `usage` is what the step already cost.
    """

    def __init__(self, reason: str, detail: str = "", usage: object | None = None) -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail
        self.usage = usage
