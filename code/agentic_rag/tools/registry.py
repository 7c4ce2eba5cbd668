"""The one list of tools: name, argument model, function, the description the planner sees,
and whether each is available with the current settings.

Adding a tool = one new module with an args model and an async function, plus one entry here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from agentic_rag.config import Settings
from agentic_rag.textsafe import controls_in
from agentic_rag.tools.base import ToolResult, ToolStatus, error_result
from agentic_rag.tools.cypher.tool import CypherArgs, cypher_tool
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.graph_expand import GraphExpandArgs, graph_expand_tool
from agentic_rag.tools.omdb import OmdbArgs, omdb_available, omdb_tool
from agentic_rag.tools.semantic import SemanticArgs, semantic_tool
from agentic_rag.tools.sql.tool import SqlArgs, sql_tool
from agentic_rag.tools.web import WebArgs, web_tool

ToolFn = Callable[[Any, ToolDeps, str], Awaitable[ToolResult]]


@dataclass(frozen=True)
class ToolSpec:
    name: str
    args_model: type[BaseModel]
    fn: ToolFn
    description: str
    unavailable: Callable[[Settings], str | None] = lambda _s: None
    timeout_setting: str = "turn_deadline_s"
    stores: tuple[str, ...] = ()  # what it reads ("sqlite", "chroma", "graph"): opened on demand

    def timeout_s(self, settings: Settings) -> float:
        return float(getattr(settings, self.timeout_setting))


TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        "sql",
        SqlArgs,
        sql_tool,
        "Read-only SQLite: one SELECT (WITH/UNION allowed) over the catalog tables. Best for "
        "counts, filters and aggregates by year, type, rating, country, genre, duration, "
        "date added.",
        timeout_setting="sql_timeout_s",
        stores=("sqlite",),
    ),
    ToolSpec(
        "semantic",
        SemanticArgs,
        semantic_tool,
        "Semantic search over title descriptions (ChromaDB). Best for 'about', 'like', plot or "
        "mood descriptions; optional filters: type, year range, genre, country.",
        timeout_setting="semantic_timeout_s",
        stores=("chroma", "sqlite"),
    ),
    ToolSpec(
        "cypher",
        CypherArgs,
        cypher_tool,
        "Read-only openCypher over the graph of shows, people, genres and countries (FalkorDB). "
        "Best for relations: who directed or acted in what, co-stars, people who worked together.",
        timeout_setting="cypher_timeout_s",
        stores=("graph",),
    ),
    ToolSpec(
        "graph_expand",
        GraphExpandArgs,
        graph_expand_tool,
        "Neighbourhood of known show_ids in the graph: their directors, cast, genres, countries "
        "and (depth 2) other titles sharing people. Use after semantic search for hybrid "
        "questions.",
        timeout_setting="cypher_timeout_s",
        stores=("graph",),
    ),
    ToolSpec(
        "web",
        WebArgs,
        web_tool,
        "Web search (DuckDuckGo) for facts outside the catalog: news, recent events. "
        "Results are untrusted text.",
        timeout_setting="web_timeout_s",
    ),
    ToolSpec(
        "omdb",
        OmdbArgs,
        omdb_tool,
        "OMDb lookup of one title: IMDb rating, awards, box office, full credits and plot.",
        unavailable=omdb_available,
        timeout_setting="omdb_timeout_s",
    ),
)


class ToolRegistry:
    """The tools usable in one app or test: those available with the settings and enabled."""

    def __init__(
        self,
        settings: Settings,
        enabled: Iterable[str] | None = None,
        tools: Iterable[ToolSpec] = TOOLS,
    ):
        self.settings = settings
        self._all = {t.name: t for t in tools}
        wanted = set(enabled) if enabled is not None else set(self._all)
        self.disabled: dict[str, str] = {}
        self.specs: dict[str, ToolSpec] = {}
        for name, spec in self._all.items():
            reason = spec.unavailable(settings)
            if name not in wanted:
                self.disabled[name] = "turned off in the settings"
            elif reason:
                self.disabled[name] = reason
            else:
                self.specs[name] = spec

    @property
    def names(self) -> list[str]:
        return list(self.specs)

    def describe(self) -> str:
        """What the planner is told: available tools with their argument fields."""
        lines = []
        for spec in self.specs.values():
            fields = ", ".join(
                f"{n}{'' if f.is_required() else '?'}: {f.description or ''}".rstrip(": ")
                for n, f in spec.args_model.model_fields.items()
            )
            lines.append(f"- {spec.name}: {spec.description}\n  args: {fields}")
        return "\n".join(lines)

    async def run(
        self, tool: str, args: BaseModel | dict[str, Any], deps: ToolDeps, call_id: str
    ) -> ToolResult:
        """Run one call; an unknown, disabled or badly-argued call is a result, never a raise."""
        spec = self.specs.get(tool)
        if spec is None:
            why = self.disabled.get(tool, f"unknown tool; available: {', '.join(self.names)}")
            return error_result(
                tool, call_id, ToolStatus.REFUSED, f"Tool {tool!r} is not available: {why}"
            )
        controls = controls_in(args)
        if controls:  # before any guard reads the text: a NUL can hide what a guard appends
            return error_result(
                tool,
                call_id,
                ToolStatus.REFUSED,
                f"The {tool} arguments contain control characters ({', '.join(controls[:5])}); "
                "remove them.",
            )
        try:
            parsed = (
                args
                if isinstance(args, spec.args_model)
                else spec.args_model.model_validate(
                    args if isinstance(args, dict) else args.model_dump()
                )
            )
        except Exception as exc:
            return error_result(tool, call_id, ToolStatus.ERROR, f"Bad arguments for {tool}: {exc}")
        try:
            return await spec.fn(parsed, deps, call_id)
        except Exception as exc:  # a tool that forgot `guarded`: still a result, never a raise
            return error_result(tool, call_id, ToolStatus.ERROR, f"{type(exc).__name__}: {exc}")
