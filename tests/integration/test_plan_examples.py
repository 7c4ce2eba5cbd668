"""The few-shot plan bank against the real stores (the whole catalog): every example's plan
must run and return rows, cover every tool and the hard families, and be found by similarity."""

from __future__ import annotations

import pytest

from agentic_rag.agent.plan_examples import ExampleBank, PlanExample, load_examples
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.registry import TOOLS, ToolRegistry
from tests.conftest import full_catalog_settings

pytestmark = pytest.mark.slow

#: Tools that need the network or a key: their args are validated at load, not run here.
EXTERNAL = {"web", "omdb"}
HARD_FAMILIES = {"added_date_window", "names_without_accents", "multi_part", "hybrid"}
EXAMPLES = load_examples()


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    from agentic_rag.stores.handles import open_stores

    settings = full_catalog_settings(tmp_path_factory.mktemp("full"), offline_mode=True)
    stores = open_stores(settings)
    yield settings, stores
    stores.close()


def test_the_bank_covers_every_tool_and_the_hard_families() -> None:
    assert {c.tool for e in EXAMPLES for c in e.calls} == {spec.name for spec in TOOLS}
    assert {e.family for e in EXAMPLES} >= HARD_FAMILIES
    assert len({e.question for e in EXAMPLES}) == len(EXAMPLES)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.question[:48])
async def test_every_example_plan_runs_and_returns_rows(full, example: PlanExample) -> None:
    settings, stores = full
    registry = ToolRegistry(settings)
    deps = ToolDeps(settings=settings, stores=stores)
    for i, call in enumerate(example.calls, 1):
        if call.tool in EXTERNAL:
            continue
        result = await registry.run(call.tool, call.args, deps, f"1.{i}")
        assert result.status == "ok", (call.args, result.message, result.error)
        assert result.rows, (call.args, result.message)


def test_graph_expand_example_ids_exist(full) -> None:
    _, stores = full
    conn = stores.sqlite()
    try:
        for e in EXAMPLES:
            for call in e.calls:
                for show_id in call.args.get("show_ids", []) if call.tool == "graph_expand" else []:
                    row = conn.execute("SELECT 1 FROM shows WHERE show_id = ?", (show_id,))
                    assert row.fetchone(), show_id
    finally:
        conn.close()


def test_nearest_examples_by_meaning(full) -> None:
    settings, _ = full
    bank = ExampleBank.open(settings.model_dir)
    got = bank.nearest("how many movies did penelope cruz star in?", 3)
    assert any(e.family == "names_without_accents" or "acted" in e.question for e in got)
    added = bank.nearest("what was added to netflix in the last 3 years?", 1)
    assert added[0].family == "added_date_window"
    no_graph = bank.nearest("who worked with Tom Hanks?", 5, tools=("sql", "semantic"))
    assert all(e.tools <= {"sql", "semantic"} for e in no_graph)
