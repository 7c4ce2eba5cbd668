"""Names typed without accents or curly apostrophes find the catalog's entries in every tool.

Seeded: 24 people and titles with non-ASCII spelling are drawn at random from the whole
catalog, typed in folded form ("michael pena"), and looked up through planned SQL, planned
Cypher (whose literal misses and is retried against the folded property) and graph expansion
seeds; every result shows the catalog's own spelling.
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest

from agentic_rag.folding import fold
from agentic_rag.stores.catalog import clean_text, split_multi
from agentic_rag.tools.audit import AuditLog
from agentic_rag.tools.base import ToolStatus
from agentic_rag.tools.cypher.tool import FOLD_RETRY, CypherArgs, cypher_tool
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.graph_expand import GraphExpandArgs, graph_expand_tool
from agentic_rag.tools.semantic import SemanticArgs, semantic_tool
from agentic_rag.tools.sql.tool import SqlArgs, sql_tool
from tests.conftest import as_shown, full_catalog_settings

pytestmark = pytest.mark.slow
SEED = 20261123


def _sample(rows: list[dict[str, str]]) -> tuple[list[str], list[str]]:
    people = sorted(
        {
            n
            for r in rows
            for n in split_multi(r["director"]) + split_multi(r["cast"])
            if not n.isascii() and fold(n) != n.casefold()
        }
    )
    titles = sorted(
        {t for r in rows if (t := clean_text(r["title"])) and any(c in t for c in "’éèáíóúñüöçãı")}
    )
    rng = random.Random(SEED)
    return rng.sample(people, 12), rng.sample(titles, 12)


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    from agentic_rag.stores.handles import open_stores

    settings = full_catalog_settings(tmp_path_factory.mktemp("full"), offline_mode=True)
    stores = open_stores(settings)
    audit = AuditLog(tmp_path_factory.mktemp("audit") / "audit.jsonl")
    with Path(settings.csv_path).open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    yield ToolDeps(settings=settings, stores=stores, audit=audit), _sample(rows)
    stores.close()


def _sql_literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


async def test_people_typed_folded_found_by_planned_sql(full) -> None:
    deps, (people, _) = full
    for name in people:
        typed = fold(name)
        query = f"SELECT name FROM people WHERE name_folded = fold({_sql_literal(typed)})"
        result = await sql_tool(SqlArgs(query=query), deps, "q")
        assert result.status is ToolStatus.OK, (name, result.message)
        assert name in {r["name"] for r in result.rows}


async def test_titles_typed_with_straight_quotes_found_by_planned_sql(full) -> None:
    deps, (_, titles) = full
    for title in titles:
        typed = fold(title)
        query = (
            "SELECT title FROM shows WHERE title_folded LIKE "
            f"'%' || fold({_sql_literal(typed)}) || '%'"
        )
        result = await sql_tool(SqlArgs(query=query), deps, "q")
        assert title in {r["title"] for r in result.rows}, (title, result.message)


async def test_cypher_literal_that_misses_is_retried_folded(full) -> None:
    deps, (people, titles) = full
    for name in people:
        query = (
            f"MATCH (p:Person {{name: {_sql_literal(fold(name).title())}}}) RETURN p.name AS name"
        )
        result = await cypher_tool(CypherArgs(query=query), deps, "c")
        assert result.status is ToolStatus.OK, (name, result.message)
        assert name in {r["name"] for r in result.rows}
        assert [a.error for a in result.attempts] == [FOLD_RETRY]  # shown in the trace
    for title in titles:
        typed = fold(title).replace("\\", "")
        query = f'MATCH (s:Show) WHERE s.title = "{typed}" RETURN s.title AS title'
        result = await cypher_tool(CypherArgs(query=query), deps, "c")
        assert title in {r["title"] for r in result.rows}, (title, result.message)


async def test_exact_cypher_is_not_retried(full) -> None:
    deps, (people, _) = full
    query = f"MATCH (p:Person {{name: {_sql_literal(people[0])}}}) RETURN p.name AS name"
    result = await cypher_tool(CypherArgs(query=query), deps, "c")
    assert result.status is ToolStatus.OK and result.attempts == []


async def test_graph_expansion_seeded_by_typed_titles(full) -> None:
    deps, (_, titles) = full
    for title in titles[:6]:
        args = GraphExpandArgs(titles=[fold(title)], max_nodes=20)
        result = await graph_expand_tool(args, deps, "g")
        assert result.status is ToolStatus.OK, (title, result.message)
        assert title in {r["title"] for r in result.rows}


@pytest.mark.parametrize(
    ("typed", "catalog"),
    [("kids tv", "Kids' TV"), ("KIDS’ TV", "Kids' TV"), ("anime features", "Anime Features")],
)
async def test_semantic_genre_filter_typed_loosely(full, typed: str, catalog: str) -> None:
    deps, _ = full
    args = SemanticArgs(query="friendship and adventure", genre=typed, n_results=5)
    result = await semantic_tool(args, deps, "s")
    assert result.status is ToolStatus.OK, result.message
    assert all(catalog in r["genres"] for r in result.rows)


async def test_results_show_the_catalog_spelling_not_the_folded_key(full) -> None:
    deps, _ = full
    query = "SELECT p.name, p.name_folded FROM people p WHERE p.name_folded = fold('michael pena')"
    result = await sql_tool(SqlArgs(query=query), deps, "q")
    assert result.rows == [{"name": "Michael Peña"}]
    cypher = "MATCH (p:Person) WHERE p.name_folded = 'michael pena' RETURN p.name, p.name_folded"
    result = await cypher_tool(CypherArgs(query=cypher), deps, "c")
    assert [list(r.values()) for r in result.rows] == [["Michael Peña"]]


@pytest.fixture(scope="module")
def runtime(full):
    from agentic_rag.runtime import AppRuntime

    deps, _ = full
    rt = AppRuntime.open(deps.settings)
    yield rt
    rt.close()


async def test_offline_agent_finds_people_and_titles_typed_folded(full, runtime) -> None:
    """The offline planner matches the folded spelling and answers in the catalog's."""
    _, (people, titles) = full
    missed = []
    for i, name in enumerate(people):
        values = await runtime.ask(f"Which titles feature {fold(name)}?", f"p{i}", persist=False)
        if name not in values["answer"]:
            missed.append(name)
    for i, title in enumerate(titles):
        values = await runtime.ask(f"Who directed {fold(title)}?", f"t{i}", persist=False)
        if title not in as_shown(values["answer"]):
            missed.append(title)
    assert missed == []
