"""docs/ARCHITECTURE.md's "How to add a tool", followed: a new tool is one module (here, the
functions below) plus one `ToolSpec` in a registry. Nothing else changes, yet the LLM planner's
schema offers it, the executor runs it, and the answer cites it."""

from __future__ import annotations

from pydantic import BaseModel, Field

from agentic_rag.agent.graph.runner import run_turn
from agentic_rag.config import load_settings
from agentic_rag.tools.base import SourceRef, ToolResult, ToolStatus, guarded
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.registry import TOOLS, ToolRegistry, ToolSpec
from tests.fakes import FakeChatModel
from tests.unit.test_graph import FakeTools, make_graph


# --- the "new module" ---------------------------------------------------------------------
class TrailerArgs(BaseModel):
    """Find a title's trailer."""

    title: str = Field(min_length=1, description="the title whose trailer to find")


async def trailer_tool(args: TrailerArgs, deps: ToolDeps, call_id: str) -> ToolResult:
    async def work() -> ToolResult:
        url = f"https://trailers.example/{args.title.replace(' ', '-').lower()}"
        return ToolResult(
            tool="trailer",
            call_id=call_id,
            status=ToolStatus.OK,
            rows=[{"title": args.title, "url": url}],
            message="1 trailer",
            sources=[SourceRef(kind="url", ref=url, label=args.title)],
        )

    return await guarded("trailer", call_id, 2.0, work)


# --- the one registry entry ----------------------------------------------------------------
TRAILER = ToolSpec("trailer", TrailerArgs, trailer_tool, "A title's official trailer URL.")


async def test_a_new_tool_is_planned_run_and_cited():
    registry = ToolRegistry(
        load_settings(), tools=(*[t for t in TOOLS if t.name == "sql"], TRAILER)
    )
    assert "trailer" in registry.describe()
    model = FakeChatModel(
        script=[
            {
                "reasoning": "trailers are a tool",
                "resolved_question": "Trailer of Inception?",
                "calls": [
                    {"tool": "trailer", "purpose": "find it", "args": {"title": "Inception"}}
                ],
            },
            {
                "decision": "continue",
                "reasoning": "found",
                "replan_instructions": "",
                "confidence": 0.9,
            },
            "Here it is [1].",
        ]
    )
    graph = make_graph(model, FakeTools(), specs=list(registry.specs.values()))
    values = await run_turn(graph, "Trailer of Inception?", "t")
    assert values["plans"][0]["source"] == "llm"  # the planner's schema accepted the new tool
    assert values["results"]["1.1"]["rows"][0]["url"].endswith("/inception")
    assert values["citations"][0]["refs"][0]["ref"] == "https://trailers.example/inception"
    assert "trailer" in str(model.calls[0])  # the planner prompt described it
