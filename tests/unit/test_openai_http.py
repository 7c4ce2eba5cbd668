"""The real ChatOpenAI client against a fake OpenAI HTTP API (respx).

openai>=3 sends requests with `httpx2`, which respx does not patch, so the client gets an
`httpx2.AsyncClient` whose transport hands each request to a respx router.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import httpx2
import openai
import pytest
import respx

from agentic_rag.agent.interfaces import PlanContext, SynthContext
from agentic_rag.agent.llm.chat import make_chat_model
from agentic_rag.agent.llm.nodes import LlmPlanner, LlmSynthesizer
from agentic_rag.agent.llm.rungs import forget_rungs
from agentic_rag.agent.models import ExecutionPlan
from agentic_rag.config import Settings, load_settings
from agentic_rag.tools.base import ToolResult, ToolStatus
from tests.fakes_http import RespxBridge, as_sse

BASE_URL = "https://llm.test/v1"
URL = f"{BASE_URL}/chat/completions"
KEY = "sk-fake-key-123"
PLAN = {
    "reasoning": "count in SQL",
    "resolved_question": "How many movies are in the catalog?",
    "calls": [
        {"tool": "sql", "purpose": "count movies",
         "args": {"query": "SELECT COUNT(*) AS n FROM shows WHERE type = 'Movie'", "max_rows": 50}},
    ],
}  # fmt: skip


@pytest.fixture(autouse=True)
def _fresh_rungs() -> None:
    forget_rungs()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return load_settings(
        openai_api_key=KEY, openai_base_url=BASE_URL, llm_max_retries=0, build_dir=tmp_path
    )


@pytest.fixture
def router() -> Iterator[respx.Router]:
    router = respx.Router(assert_all_called=False)
    yield router


@pytest.fixture
def route(router: respx.Router) -> respx.Route:
    return router.post(URL)


def model(settings: Settings, router: respx.Router, node: Any = "planner") -> Any:
    client = httpx2.AsyncClient(transport=RespxBridge(router))
    return make_chat_model(settings, node, http_async_client=client)


def completion(
    content: str | None = None, tool_calls: list[dict[str, Any]] | None = None
) -> httpx.Response:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = tool_calls
    body = {
        "id": "chatcmpl-1", "object": "chat.completion", "created": 1,
        "model": "gpt-4o-mini-2024-07-18",
        "choices": [{"index": 0, "message": message,
                     "finish_reason": "tool_calls" if tool_calls else "stop"}],
        "usage": {"prompt_tokens": 1200, "completion_tokens": 80, "total_tokens": 1280},
    }  # fmt: skip
    return httpx.Response(200, json=body)


def plan_ctx() -> PlanContext:
    return PlanContext(
        question="How many movies?", history=[], iteration=1, schema_text="TABLE shows(...)",
        tools_text="sql, semantic", tool_names=("sql", "semantic"),
    )  # fmt: skip


def sent(route: respx.Route, i: int) -> dict[str, Any]:
    return json.loads(route.calls[i].request.content)


EXPECTED_COST = (1200 * 0.15 + 80 * 0.60) / 1e6


async def test_json_schema_structured_output(
    settings: Settings, router: respx.Router, route: respx.Route
) -> None:
    route.side_effect = [completion(json.dumps(PLAN))]
    plan, usage = await LlmPlanner(model(settings, router), settings).plan(plan_ctx())
    assert plan.source == "llm" and plan.calls[0].args["query"].startswith("SELECT COUNT(*)")
    body = sent(route, 0)
    fmt = body["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["name"] == "ExecutionPlan"
    assert fmt["json_schema"]["strict"] is True
    schema_text = json.dumps(fmt["json_schema"]["schema"])
    assert '"sql"' in schema_text and '"semantic"' in schema_text
    assert "graph_expand" not in schema_text and "oneOf" not in schema_text
    assert body["model"] == "gpt-4o-mini" and body["temperature"] == 0.0
    assert route.calls[0].request.headers["authorization"] == f"Bearer {KEY}"
    assert (usage.tokens_in, usage.tokens_out) == (1200, 80)
    assert usage.model == "gpt-4o-mini-2024-07-18"
    assert usage.cost_usd == pytest.approx(EXPECTED_COST) and usage.note is None


async def test_tool_calling_fallback_when_json_schema_is_rejected(
    settings: Settings, router: respx.Router, route: respx.Route
) -> None:
    rejected = httpx.Response(
        400,
        json={"error": {"message": "response_format json_schema is not supported",
                        "type": "invalid_request_error", "param": "response_format",
                        "code": None}},
    )  # fmt: skip
    call = {"id": "call_1", "type": "function",
            "function": {"name": "ExecutionPlan", "arguments": json.dumps(PLAN)}}  # fmt: skip
    streamed = [as_sse(completion(None, [call]), with_usage=True) for _ in range(2)]
    route.side_effect = [rejected, *streamed]  # the tools rung streams its reply
    planner = LlmPlanner(model(settings, router), settings)
    plan, usage = await planner.plan(plan_ctx())
    assert plan.resolved_question == PLAN["resolved_question"]
    assert "response_format" in sent(route, 0) and "tools" not in sent(route, 0)
    second = sent(route, 1)
    assert "response_format" not in second
    assert second["tools"][0]["function"]["name"] == "ExecutionPlan"
    assert second["tool_choice"]["function"]["name"] == "ExecutionPlan"
    assert second["stream"] is True and usage.rung == "tools"
    assert (usage.tokens_in, usage.tokens_out) == (1200, 80)  # the 400 cost nothing
    await planner.plan(plan_ctx())  # the fallback is remembered: straight to tools
    assert route.call_count == 3 and "tools" in sent(route, 2)


async def test_invalid_reply_is_retried_with_the_error(
    settings: Settings, router: respx.Router, route: respx.Route
) -> None:
    invalid = {k: v for k, v in PLAN.items() if k != "calls"}
    route.side_effect = [completion(json.dumps(invalid)), completion(json.dumps(PLAN))]
    plan, usage = await LlmPlanner(model(settings, router), settings).plan(plan_ctx())
    assert plan.source == "llm" and route.call_count == 2
    messages = sent(route, 1)["messages"]
    assert messages[-2]["role"] == "assistant" and "count in SQL" in messages[-2]["content"]
    assert messages[-1]["role"] == "user"
    assert "Your last reply failed validation: calls: Field required" in messages[-1]["content"]
    assert (usage.tokens_in, usage.tokens_out) == (2400, 160)
    assert usage.cost_usd == pytest.approx(2 * EXPECTED_COST)


async def test_server_error_is_raised_after_no_retries(
    settings: Settings, router: respx.Router, route: respx.Route
) -> None:
    route.side_effect = [httpx.Response(503, json={"error": {"message": "overloaded"}})]
    with pytest.raises(openai.APIStatusError, match="overloaded"):
        await LlmPlanner(model(settings, router), settings).plan(plan_ctx())
    assert route.call_count == 1  # LLM_MAX_RETRIES=0


def sse(answer_pieces: list[str]) -> httpx.Response:
    head = {"id": "chatcmpl-2", "object": "chat.completion.chunk", "created": 1,
            "model": "gpt-4o-mini-2024-07-18"}  # fmt: skip
    events = [{**head, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""},
                                    "finish_reason": None}]}]  # fmt: skip
    events += [
        {**head, "choices": [{"index": 0, "delta": {"content": p}, "finish_reason": None}]}
        for p in answer_pieces
    ]
    events.append({**head, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    events.append(
        {
            **head,
            "choices": [],
            "usage": {"prompt_tokens": 900, "completion_tokens": 12, "total_tokens": 912},
        }
    )
    body = "".join(f"data: {json.dumps(e)}\n\n" for e in events) + "data: [DONE]\n\n"
    return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=body)


async def test_streaming_synthesizer(
    settings: Settings, router: respx.Router, route: respx.Route
) -> None:
    pieces = ["The catalog", " holds **6131**", " movies [1]."]
    route.side_effect = [sse(pieces)]
    result = ToolResult(tool="sql", call_id="1.1", status=ToolStatus.OK, rows=[{"n": 6131}])
    ctx = SynthContext(
        question="How many movies?", results=[result], plans=[ExecutionPlan(**PLAN)],
        incomplete_reason=None, mode_label="LLM",
    )  # fmt: skip
    emitted: list[str] = []
    synth = LlmSynthesizer(model(settings, router, "synthesizer"), settings)
    text, usage = await synth.synthesize(ctx, emitted.append)
    assert "".join(emitted) == text == "".join(pieces)  # "[" held until judged
    body = sent(route, 0)
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
    assert "[1] sql (call 1.1)" in body["messages"][-1]["content"]
    assert (usage.tokens_in, usage.tokens_out) == (900, 12)
    assert usage.cost_usd == pytest.approx((900 * 0.15 + 12 * 0.60) / 1e6)
