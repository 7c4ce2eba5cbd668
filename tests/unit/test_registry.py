"""The tool registry: which tools are available, what the planner is told, and `run()`.

`test_a_custom_tool_runs_through_the_registry` doubles as the recipe for adding a tool:
an args model, an async function `(args, deps, call_id) -> ToolResult`, one `ToolSpec`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, Field

from agentic_rag.config import Settings, load_settings
from agentic_rag.tools.base import SourceRef, ToolResult, ToolStatus
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.registry import TOOLS, ToolRegistry, ToolSpec

ALWAYS_ON = ["sql", "semantic", "cypher", "graph_expand", "web"]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return load_settings(build_dir=tmp_path / "build", offline_mode=True)


@pytest.fixture
def deps(settings: Settings) -> ToolDeps:
    return ToolDeps(settings=settings)


# --- availability ------------------------------------------------------------


def test_every_builtin_tool_is_listed_once():
    names = [t.name for t in TOOLS]
    assert sorted(names) == sorted([*ALWAYS_ON, "omdb"])
    assert len(set(names)) == len(names)


def test_omdb_is_unavailable_without_a_key(settings):
    registry = ToolRegistry(settings)
    assert registry.names == ALWAYS_ON
    assert "omdb" not in registry.specs
    assert "OMDB_API_KEY" in registry.disabled["omdb"]


def test_a_blank_omdb_key_counts_as_none(tmp_path):
    registry = ToolRegistry(load_settings(build_dir=tmp_path, omdb_api_key="  "))
    assert "OMDB_API_KEY" in registry.disabled["omdb"]


def test_omdb_is_available_with_a_key(tmp_path):
    registry = ToolRegistry(load_settings(build_dir=tmp_path, omdb_api_key="k-123"))
    assert registry.names == [*ALWAYS_ON, "omdb"]
    assert registry.disabled == {}


def test_enabled_turns_the_other_tools_off(settings):
    registry = ToolRegistry(settings, enabled=["sql", "semantic"])
    assert registry.names == ["sql", "semantic"]
    for name in ("cypher", "graph_expand", "web", "omdb"):
        assert registry.disabled[name] == "turned off in the settings"


def test_enabled_cannot_switch_on_an_unavailable_tool(settings):
    registry = ToolRegistry(settings, enabled=["omdb"])
    assert registry.names == []
    assert "OMDB_API_KEY" in registry.disabled["omdb"]


def test_timeouts_come_from_the_named_setting(settings):
    specs = {t.name: t for t in TOOLS}
    assert specs["sql"].timeout_s(settings) == settings.sql_timeout_s
    assert specs["semantic"].timeout_s(settings) == settings.semantic_timeout_s
    assert specs["graph_expand"].timeout_s(settings) == settings.cypher_timeout_s


# --- describe ----------------------------------------------------------------


def test_describe_lists_only_available_tools_with_their_args(settings):
    text = ToolRegistry(settings, enabled=["sql", "semantic", "omdb"]).describe()
    lines = text.splitlines()
    tool_lines = [line for line in lines if line.startswith("- ")]
    assert [line.split(":")[0] for line in tool_lines] == ["- sql", "- semantic"]
    assert "omdb" not in text and "cypher" not in text
    sql_args = lines[lines.index(tool_lines[0]) + 1]
    assert sql_args.startswith("  args: query: One SQLite SELECT")
    assert "max_rows?: Rows wanted" in sql_args
    semantic_args = lines[lines.index(tool_lines[1]) + 1]
    fields = ("query:", "n_results?:", "type?:", "year_from?:", "year_to?:", "genre?:")
    for field in (*fields, "country?:"):
        assert field in semantic_args


def test_describe_with_a_key_includes_omdb(tmp_path):
    text = ToolRegistry(load_settings(build_dir=tmp_path, omdb_api_key="k")).describe()
    assert "- omdb: OMDb lookup" in text
    assert "title: The exact movie or show title" in text
    assert "year?: Release year" in text


# --- run -----------------------------------------------------------------------


async def test_run_of_an_unknown_tool_is_refused(settings, deps):
    result = await ToolRegistry(settings).run("teleport", {"x": 1}, deps, "c1")
    assert result.status is ToolStatus.REFUSED
    assert (result.tool, result.call_id) == ("teleport", "c1")
    assert "unknown tool" in result.message
    assert "sql" in result.message and "semantic" in result.message
    assert result.error == result.message


async def test_run_of_a_disabled_tool_is_refused_with_the_reason(settings, deps):
    registry = ToolRegistry(settings, enabled=["semantic"])
    off = await registry.run("sql", {"query": "SELECT 1"}, deps, "c2")
    assert off.status is ToolStatus.REFUSED
    assert "turned off in the settings" in off.message
    omdb = await ToolRegistry(settings).run("omdb", {"title": "Inception"}, deps, "c3")
    assert omdb.status is ToolStatus.REFUSED
    assert "OMDB_API_KEY" in omdb.message


@pytest.mark.parametrize(
    ("tool", "args", "field"),
    [
        ("semantic", {}, "query"),
        ("semantic", {"query": "dreams", "n_results": 99}, "n_results"),
        ("semantic", {"query": "dreams", "type": "Podcast"}, "type"),
        ("sql", {"sql": "SELECT 1"}, "query"),
        ("graph_expand", {"show_ids": "s341", "depth": 7}, "depth"),
    ],
)
async def test_bad_arguments_are_an_error_naming_the_field(settings, deps, tool, args, field):
    result = await ToolRegistry(settings).run(tool, args, deps, "c4")
    assert result.status is ToolStatus.ERROR
    assert result.message.startswith(f"Bad arguments for {tool}:")
    assert field in result.message


async def test_arguments_that_are_not_a_mapping_are_an_error(settings, deps):
    result = await ToolRegistry(settings).run("sql", None, deps, "c5")  # type: ignore[arg-type]
    assert result.status is ToolStatus.ERROR
    assert result.message.startswith("Bad arguments for sql:")


# --- adding a tool -------------------------------------------------------------


class EchoArgs(BaseModel):
    """Repeat a word."""

    word: str = Field(min_length=1, description="The word to repeat.")
    times: int = Field(2, ge=1, le=5, description="How many times.")


class OtherArgs(BaseModel):
    word: str
    times: int = 3


async def echo_tool(args: EchoArgs, deps: ToolDeps, call_id: str) -> ToolResult:
    return ToolResult(
        tool="echo",
        call_id=call_id,
        status=ToolStatus.OK,
        rows=[{"word": args.word, "n": i} for i in range(args.times)],
        message=f"{args.times} rows",
        sources=[SourceRef(kind="url", ref="echo://" + args.word)],
        untrusted=deps.settings.offline_mode,
    )


ECHO = ToolSpec("echo", EchoArgs, echo_tool, "Repeat a word.", timeout_setting="sql_timeout_s")


async def test_a_custom_tool_runs_through_the_registry(settings, deps):
    registry = ToolRegistry(settings, tools=[*TOOLS, ECHO])
    assert registry.names[-1] == "echo"
    assert "- echo: Repeat a word.\n  args: word: The word to repeat., times?: How many times." in (
        registry.describe()
    )
    assert ECHO.timeout_s(settings) == settings.sql_timeout_s

    from_dict = await registry.run("echo", {"word": "hi", "times": 3}, deps, "e1")
    assert from_dict.status is ToolStatus.OK
    assert from_dict.rows == [{"word": "hi", "n": i} for i in range(3)]
    assert from_dict.call_id == "e1" and from_dict.untrusted is True

    from_model = await registry.run("echo", EchoArgs(word="yo"), deps, "e2")
    assert [r["n"] for r in from_model.rows] == [0, 1]

    converted = await registry.run("echo", OtherArgs(word="ok"), deps, "e3")
    assert len(converted.rows) == 3

    bad = await registry.run("echo", {"word": ""}, deps, "e4")
    assert bad.status is ToolStatus.ERROR and "word" in bad.message


async def test_a_custom_tool_can_be_gated_on_settings(settings, deps):
    gated = ToolSpec(
        "echo",
        EchoArgs,
        echo_tool,
        "Repeat a word.",
        unavailable=lambda s: None if s.llm_enabled else "needs a chat model (OPENAI_API_KEY)",
    )
    registry = ToolRegistry(settings, tools=[gated])
    assert registry.names == []
    assert registry.describe() == ""
    result = await registry.run("echo", {"word": "hi"}, deps, "e5")
    assert result.status is ToolStatus.REFUSED
    assert "needs a chat model" in result.message


async def test_a_tool_that_raises_becomes_an_error_result():
    from pydantic import BaseModel

    from agentic_rag.config import load_settings
    from agentic_rag.tools.deps import ToolDeps
    from agentic_rag.tools.registry import ToolRegistry, ToolSpec

    class NoArgs(BaseModel):
        pass

    async def boom(args, deps, call_id):
        raise RuntimeError("kaboom")

    settings = load_settings()
    registry = ToolRegistry(settings, tools=[ToolSpec("boom", NoArgs, boom, "raises")])
    result = await registry.run("boom", {}, ToolDeps(settings=settings), "1.1")
    assert result.status == "error" and "kaboom" in result.message
