"""Chat model factory, prices, tracing switch, strict schemas and JSON-schema rejection."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agentic_rag.agent.llm.chat import (
    cost_of,
    make_chat_model,
    price_for,
    strict_json_schema,
)
from agentic_rag.agent.models import EvaluatorDecision, plan_schema_for
from agentic_rag.config import Settings, load_settings
from agentic_rag.errors import ConfigError

KEY = "sk-secret-key-987"
TRACING_VARS = (
    "LANGSMITH_TRACING",
    "LANGCHAIN_TRACING_V2",
    "LANGSMITH_API_KEY",
    "LANGCHAIN_API_KEY",
)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return load_settings(
        openai_api_key=KEY,
        openai_base_url="http://localhost:11434/v1",
        planner_model="qwen2.5:7b",
        evaluator_model="llama3.1:8b",
        synthesizer_model="gpt-4.1-mini",
        llm_temperature=0.3,
        llm_timeout_s=42,
        llm_max_retries=1,
        build_dir=tmp_path,
    )


@pytest.mark.parametrize(
    ("node", "name"),
    [("planner", "qwen2.5:7b"), ("evaluator", "llama3.1:8b"), ("synthesizer", "gpt-4.1-mini")],
)
def test_make_chat_model_reads_settings(settings: Settings, node: Any, name: str) -> None:
    model = make_chat_model(settings, node)
    assert model.model_name == name
    assert model.openai_api_base == "http://localhost:11434/v1"
    assert model.request_timeout == 42 and model.max_retries == 0  # refusals are never re-sent
    expected = {"planner": 384, "evaluator": 160, "synthesizer": 400}[node]
    assert model.extra_body == {"max_tokens": expected}  # local servers read max_tokens
    assert model.temperature == 0.3 and model.stream_usage is True
    assert model.openai_api_key is not None
    assert model.openai_api_key.get_secret_value() == KEY
    assert KEY not in repr(model) and KEY not in str(model)


def test_make_chat_model_needs_a_key(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        make_chat_model(load_settings(build_dir=tmp_path), "planner")


PRICES = {"gpt-4o-mini": (0.15, 0.60), "gpt-4o": (2.50, 10.00), "gpt-4.1": (2.0, 8.0)}


def test_cost_of_exact_and_prefix_prices() -> None:
    assert cost_of("gpt-4o", 1_000_000, 1_000_000, PRICES) == pytest.approx(12.5)
    assert price_for("gpt-4o-mini-2024-07-18", PRICES) == (0.15, 0.60)  # longest prefix wins
    assert price_for("gpt-4o-2024-08-06", PRICES) == (2.50, 10.00)
    assert cost_of("gpt-4o-mini-2024-07-18", 2000, 1000, PRICES) == pytest.approx(
        (2000 * 0.15 + 1000 * 0.60) / 1e6
    )


def test_cost_of_unknown_model_is_zero() -> None:
    assert price_for("llama3.1:8b", PRICES) is None
    assert cost_of("llama3.1:8b", 5000, 5000, PRICES) == 0.0
    assert cost_of(None, 5000, 5000, PRICES) == 0.0


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, False),
        ({"LANGSMITH_TRACING": "true"}, False),  # no key: LangChain would not trace
        ({"LANGSMITH_TRACING": "true", "LANGSMITH_API_KEY": "lsv2-x"}, True),
        ({"LANGCHAIN_TRACING_V2": "1", "LANGCHAIN_API_KEY": "ls-x"}, True),
        ({"LANGSMITH_TRACING": "false", "LANGSMITH_API_KEY": "lsv2-x"}, False),
    ],
)
def test_tracing_enabled(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], expected: bool
) -> None:
    for var in TRACING_VARS:
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert load_settings().tracing_enabled is expected


def _walk(node: Any) -> list[dict[str, Any]]:
    if isinstance(node, list):
        return [d for item in node for d in _walk(item)]
    if isinstance(node, dict):
        return [node, *(d for v in node.values() for d in _walk(v))]
    return []


def test_strict_schema_follows_openai_rules() -> None:
    schema = plan_schema_for(("sql", "semantic", "graph_expand", "omdb", "web", "cypher"))
    out = strict_json_schema(schema)
    assert out["name"] == "ExecutionPlan" and out["strict"] is True
    nodes = _walk(out["schema"])
    objects = [n for n in nodes if "properties" in n and n.get("type") == "object"]
    assert len(objects) >= 13  # plan, 6 calls, 6 args
    for obj in objects:
        assert obj["additionalProperties"] is False
        assert obj["required"] == list(obj["properties"])
    keys = {k for n in nodes for k in n}
    assert not keys & {"oneOf", "discriminator", "minLength", "maxLength", "const"}
    # field names that look like keywords survive (OmdbArgs has a field called "title")
    omdb_args = out["schema"]["$defs"]["OmdbArgs"]["properties"]
    assert set(omdb_args) == {"title", "year"}


def test_strict_schema_of_the_evaluator_decision() -> None:
    out = strict_json_schema(EvaluatorDecision)["schema"]
    assert out["required"] == ["decision", "reasoning", "replan_instructions", "confidence"]
    assert out["properties"]["decision"]["enum"] == ["continue", "replan"]


def test_openai_gets_max_completion_tokens(tmp_path: Path) -> None:
    settings = load_settings(openai_api_key=KEY, build_dir=tmp_path, planner_max_tokens=321)
    model = make_chat_model(settings, "planner")
    assert model.max_tokens == 321 and model.extra_body is None
