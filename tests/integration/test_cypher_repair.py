"""Cypher self-repair on the fixture graph: deterministic fixes, attempt cap, LLM repairer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agentic_rag.stores.schema import GraphSchema
from agentic_rag.tools.audit import AuditLog
from agentic_rag.tools.base import ToolStatus
from agentic_rag.tools.cypher.repair import (
    CypherRepairer,
    DeterministicRepairer,
    LlmCypherRepairer,
    RepairedCypher,
    repair_query,
)
from agentic_rag.tools.cypher.tool import MAX_ATTEMPTS, CypherArgs, cypher_tool, graph_schema
from agentic_rag.tools.deps import ToolDeps

NOLAN = [{"p.name": "Christopher Nolan"}]


@pytest.fixture
def deps(built_settings, stores, tmp_path: Path) -> ToolDeps:
    audit = AuditLog(tmp_path / "audit.jsonl")
    return ToolDeps(settings=built_settings, stores=stores, audit=audit)


async def run(deps: ToolDeps, query: str):
    return await cypher_tool(CypherArgs(query=query), deps, "r1")


# (broken query, words in the first error, the repaired query that ran, expected rows)
REPAIRS = [
    (
        "MATCH (s:Shw {title: 'Inception'}) RETURN s.title",
        "Unknown label :Shw",
        "MATCH (s:Show {title: 'Inception'}) RETURN s.title LIMIT 50",
        [{"s.title": "Inception"}],
    ),
    (
        "MATCH (p:Director)-[:DIRECTED]->(s:Movie {title: 'Inception'}) RETURN p.name",
        "Unknown label :Movie",
        "MATCH (p:Person)-[:DIRECTED]->(s:Show {title: 'Inception'}) RETURN p.name LIMIT 50",
        NOLAN,
    ),
    (
        "MATCH (s:Show {title: 'Inception'})-[:DIRECTED]->(p:Person) RETURN p.name",
        "(:Show)-[:DIRECTED]->(:Person) does not exist",
        "MATCH (s:Show {title: 'Inception'})<-[:DIRECTED]-(p:Person) RETURN p.name LIMIT 50",
        NOLAN,
    ),
    (
        "MATCH (s:Show) WHERE s.name = 'Inception' RETURN s.year",
        "Unknown property name on s (:Show)",
        "MATCH (s:Show) WHERE s.title = 'Inception' RETURN s.release_year LIMIT 50",
        [{"s.release_year": 2010}],
    ),
    (
        "MATCH (p:Person)-[:directed]->(s:Show {title: 'Inception'}) RETURN p.name",
        "Unknown relationship type :directed",
        "MATCH (p:Person)-[:DIRECTED]->(s:Show {title: 'Inception'}) RETURN p.name LIMIT 50",
        NOLAN,
    ),
    (
        "MATCH (s:Film {title: 'Inception'})-[:DIRECTED_BY]->(d:Person) RETURN d.name",
        "Unknown relationship type :DIRECTED_BY",
        "MATCH (s:Show {title: 'Inception'})<-[:DIRECTED]-(d:Person) RETURN d.name LIMIT 50",
        [{"d.name": "Christopher Nolan"}],
    ),
    (
        "MATCH (s:Show {title: 'Inception'})-[:HAS_GENRE]->(g:Genre) "
        "RETURN g.title ORDER BY g.name",
        "Unknown relationship type :HAS_GENRE",
        "MATCH (s:Show {title: 'Inception'})-[:IN_GENRE]->(g:Genre) "
        "RETURN g.name ORDER BY g.name LIMIT 50",
        [{"g.name": "Action & Adventure"}],
    ),
]


@pytest.mark.parametrize(("broken", "first_error", "fixed", "rows"), REPAIRS)
async def test_deterministic_repairs(deps, broken, first_error, fixed, rows) -> None:
    result = await run(deps, broken)
    assert result.status is ToolStatus.OK, result
    assert len(result.attempts) == 1
    assert result.attempts[0].query == broken
    assert first_error in result.attempts[0].error
    assert result.query == fixed
    assert result.rows[: len(rows)] == rows
    assert "repaired after 1 attempt" in result.message
    statuses = [e["status"] for e in deps.audit.entries()]
    assert statuses == ["refused", "ok"]


async def test_missing_return_is_added(deps) -> None:
    result = await run(deps, "MATCH (p:Person)-[:DIRECTED]->(s:Show {title: 'Inception'})")
    assert result.status is ToolStatus.OK
    assert "no RETURN" in result.attempts[0].error
    assert result.query.endswith("RETURN p, s LIMIT 50")
    assert result.rows[0]["p"]["name"] == "Christopher Nolan"
    assert result.rows[0]["s"]["show_id"] == "s341"
    assert "show:s341" in {s.ref for s in result.sources}


async def test_genres_of_inception_match_the_csv(deps, fixture_rows) -> None:
    src = next(r for r in fixture_rows if r["title"] == "Inception")
    result = await run(
        deps, "MATCH (s:movie {title: 'Inception'})-[:GENRE]->(g:Genres) RETURN g.name AS genre"
    )
    assert result.status is ToolStatus.OK
    assert {r["genre"] for r in result.rows} == {g.strip() for g in src["listed_in"].split(",")}


async def test_unfixable_query_stops_with_the_error(deps) -> None:
    result = await run(deps, "MATCH (s:Studio) RETURN s.name")
    assert result.status is ToolStatus.REFUSED
    assert len(result.attempts) == 1
    assert "Unknown label :Studio" in result.message


class _AlwaysBroken:
    """Answers every repair with a new, still-unknown label."""

    def __init__(self) -> None:
        self.calls = 0

    async def repair(self, query: str, error: str, schema: GraphSchema) -> str | None:
        self.calls += 1
        return f"MATCH (s:Nope{self.calls}) RETURN s"


class _SameAgain:
    def __init__(self) -> None:
        self.calls = 0

    async def repair(self, query: str, error: str, schema: GraphSchema) -> str | None:
        self.calls += 1
        return "MATCH (s:Nope) RETURN s"


async def test_attempts_are_capped(deps) -> None:
    repairer = _AlwaysBroken()
    assert isinstance(repairer, CypherRepairer)
    deps.cypher_repairer = repairer
    result = await run(deps, "MATCH (s:Broken) RETURN s")
    assert result.status is ToolStatus.REFUSED
    assert len(result.attempts) == MAX_ATTEMPTS == 3
    assert repairer.calls == 2
    assert [a.query for a in result.attempts] == [
        "MATCH (s:Broken) RETURN s",
        "MATCH (s:Nope1) RETURN s",
        "MATCH (s:Nope2) RETURN s",
    ]
    assert "after 3 attempts" in result.message
    assert len(deps.audit.entries()) == 3


async def test_a_repeated_repair_ends_the_loop(deps) -> None:
    deps.cypher_repairer = repairer = _SameAgain()
    result = await run(deps, "MATCH (s:Broken) RETURN s")
    assert result.status is ToolStatus.REFUSED
    assert len(result.attempts) == 2
    assert repairer.calls == 2


class _FakeStructured:
    def __init__(self, owner: _FakeChat) -> None:
        self.owner = owner

    async def ainvoke(self, messages: list[Any]) -> RepairedCypher:
        self.owner.prompts.append("\n".join(str(m.content) for m in messages))
        if self.owner.fail:
            raise RuntimeError("model unavailable")
        return RepairedCypher(query=self.owner.answer, explanation="fixed the label")


class _FakeChat:
    """The slice of a LangChain chat model the repairer uses."""

    def __init__(self, answer: str, fail: bool = False) -> None:
        self.answer, self.fail = answer, fail
        self.prompts: list[str] = []
        self.schemas: list[type] = []

    def with_structured_output(self, schema: type) -> _FakeStructured:
        self.schemas.append(schema)
        return _FakeStructured(self)


async def test_llm_repairer_fixes_what_rules_cannot(deps) -> None:
    fixed = "MATCH (p:Person)-[:DIRECTED]->(s:Show {title: 'Inception'}) RETURN p.name"
    model = _FakeChat("```cypher\n" + fixed + "\n```")
    deps.cypher_repairer = LlmCypherRepairer(model)
    broken = "MATCH (p:Filmmaker)-[:MADE]->(s:Studio {title: 'Inception'}) RETURN p.name"
    result = await run(deps, broken)
    assert result.status is ToolStatus.OK
    assert result.rows == NOLAN
    assert result.query == fixed + " LIMIT 50"
    assert len(result.attempts) == 1
    assert model.schemas == [RepairedCypher]
    prompt = model.prompts[0]
    assert broken in prompt and "Unknown label :Filmmaker" in prompt
    assert "(:Person)-[:DIRECTED {position}]->(:Show)" in prompt
    assert "read-only" in prompt


async def test_llm_repairer_failure_is_no_repair(deps, stores) -> None:
    repairer = LlmCypherRepairer(_FakeChat("", fail=True))
    schema = graph_schema(stores.graph)
    assert await repairer.repair("MATCH (s:X) RETURN s", "Unknown label :X", schema) is None
    assert await LlmCypherRepairer(object()).repair("MATCH (s) RETURN s", "e", schema) is None
    deps.cypher_repairer = repairer
    result = await run(deps, "MATCH (s:Studio) RETURN s")
    assert result.status is ToolStatus.REFUSED and len(result.attempts) == 1


async def test_repairer_not_asked_about_writes(deps) -> None:
    deps.cypher_repairer = repairer = _AlwaysBroken()
    result = await run(deps, "MATCH (s:Show) DETACH DELETE s")
    assert result.status is ToolStatus.REFUSED
    assert repairer.calls == 0


async def test_deterministic_repairer_gives_up_honestly(stores) -> None:
    schema = graph_schema(stores.graph)
    repairer = DeterministicRepairer()
    assert await repairer.repair("MATCH (s:Show) RETURN s.title", "x", schema) is None
    assert await repairer.repair("MATCH (s:Show) RETURN foo(s)", "Unknown function", schema) is None
    timed_out = "MATCH (a:Persn), (b:Person) RETURN count(*)"
    assert await repairer.repair(timed_out, "Query timed out", schema) is None
    assert await repairer.repair("MATCH (s:Show) DELETE s", "write", schema) is None
    assert await repairer.repair("MATCH p=(a)-[*]->(b) RETURN p", "unbounded", schema) is None
    assert repair_query("MATCH (s:Show) RETURN s.title LIMIT $n", schema) == (
        "MATCH (s:Show) RETURN s.title LIMIT 50"
    )


async def test_chained_repairer_falls_back_to_the_model(stores):
    from agentic_rag.tools.cypher.repair import ChainedRepairer, DeterministicRepairer

    class Model:
        timeout_s = 1.0

        def __init__(self):
            self.asked = 0

        async def repair(self, query, error, schema):
            self.asked += 1
            return "MATCH (s:Show) RETURN s.title AS title LIMIT 1"

    model = Model()
    chain = ChainedRepairer(DeterministicRepairer(), model)
    schema = graph_schema(stores.graph)
    # a misspelt label: the deterministic step fixes it, the model is not asked
    fixed = await chain.repair("MATCH (s:Shw) RETURN s.title", "Unknown label :Shw", schema)
    assert fixed and ":Show" in fixed and model.asked == 0
    # no close match in the schema: the deterministic step gives up, the model answers
    fixed = await chain.repair("MATCH (s:Studio) RETURN s", "Unknown label :Studio", schema)
    assert fixed == "MATCH (s:Show) RETURN s.title AS title LIMIT 1" and model.asked == 1
    assert chain.timeout_s == 2.0
