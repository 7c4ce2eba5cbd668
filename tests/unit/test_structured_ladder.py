"""The structured-output ladder against recorded llama.cpp, Ollama, vLLM and stricter servers.

Each test drives the real ChatOpenAI client over HTTP (respx) and checks which rung each
server lands on, that a refused method is sent once (no client retries), that the rung is
remembered per (base URL, model), and that a pin (`STRUCTURED_OUTPUT`) is obeyed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
import respx

from agentic_rag.agent.interfaces import PlanContext
from agentic_rag.agent.llm.chat import make_chat_model
from agentic_rag.agent.llm.nodes import LlmEvaluator, LlmPlanner
from agentic_rag.agent.llm.rungs import Rung, forget_rungs, ladder_for, remembered_rung
from agentic_rag.agent.llm.server_errors import is_transport_error, refuses_format
from agentic_rag.agent.llm.structured import extract_json
from agentic_rag.agent.models import EvaluatorDecision, ExecutionPlan
from agentic_rag.config import Settings, load_settings
from agentic_rag.errors import ModelStepError
from tests.conftest import MODEL_DIR
from tests.fakes_http import (
    LlamaCppServer,
    OllamaServer,
    RecordedServer,
    RespxBridge,
    StrictJsonModeServer,
    TextOnlyServer,
    VllmServer,
    error,
)

BASE_URL = "http://127.0.0.1:8765/v1"
PLAN = {
    "reasoning": "count in SQL",
    "resolved_question": "How many movies are in the catalog?",
    "calls": [{"tool": "sql", "purpose": "count movies",
               "args": {"query": "SELECT COUNT(*) AS n FROM shows", "max_rows": 50}}],
}  # fmt: skip
DECISION = {"decision": "continue", "reasoning": "enough", "replan_instructions": "",
            "confidence": 0.9}  # fmt: skip


@pytest.fixture(autouse=True)
def _fresh() -> None:
    forget_rungs()


def settings_for(tmp_path: Path, **extra: Any) -> Settings:
    values: dict[str, Any] = {
        "openai_api_key": "local", "openai_base_url": BASE_URL, "planner_model": "local-model",
        "evaluator_model": "local-model", "build_dir": tmp_path, "model_dir": MODEL_DIR,
        "llm_max_retries": 2, **extra,
    }  # fmt: skip
    return load_settings(**values)


def model_on(server: RecordedServer, settings: Settings, node: Any = "planner") -> Any:
    router = respx.Router(assert_all_called=False)
    router.post(f"{BASE_URL}/chat/completions").mock(side_effect=server)
    client = httpx2.AsyncClient(transport=RespxBridge(router))
    return make_chat_model(settings, node, http_async_client=client)


def plan_ctx() -> PlanContext:
    return PlanContext(
        question="How many movies?", history=[], iteration=1, schema_text="TABLE shows(...)",
        tools_text="sql(query)", tool_names=("sql",),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("server", "landed", "methods"),
    [
        (VllmServer(PLAN), "json_schema", ["json_schema"]),
        (LlamaCppServer(PLAN), "tools", ["json_schema", "tools"]),
        (OllamaServer(PLAN), "json_object_schema", ["json_schema", "tools", "json_object_schema"]),
        (StrictJsonModeServer(PLAN), "json_object",
         ["json_schema", "tools", "json_object_schema", "json_object"]),
        (TextOnlyServer(PLAN), "text",
         ["json_schema", "tools", "json_object_schema", "json_object", "text"]),
    ],
)  # fmt: skip
async def test_each_server_lands_on_its_rung_and_it_is_remembered(
    tmp_path: Path, server: RecordedServer, landed: str, methods: list[str]
) -> None:
    settings = settings_for(tmp_path)
    model = model_on(server, settings)
    planner = LlmPlanner(model, settings)
    plan, usage = await planner.plan(plan_ctx())
    assert isinstance(plan, ExecutionPlan) and plan.calls[0].tool == "sql"
    assert usage.rung == landed and usage.repairs == 0
    assert server.methods == methods  # each refused method sent once: no client retries
    assert remembered_rung(model) == Rung(landed)
    await planner.plan(plan_ctx())  # the next call goes straight to the rung that worked
    assert server.methods == [*methods, landed]


async def test_schema_travels_with_the_rung(tmp_path: Path) -> None:
    server = StrictJsonModeServer(PLAN)
    await LlmPlanner(model_on(server, settings_for(tmp_path)), settings_for(tmp_path)).plan(
        plan_ctx()
    )
    by_method = dict(zip(server.methods, server.bodies, strict=True))
    assert by_method["json_schema"]["response_format"]["json_schema"]["name"] == "ExecutionPlan"
    tools = by_method["tools"]
    assert tools["tool_choice"] == {"type": "function", "function": {"name": "ExecutionPlan"}}
    assert "calls" in tools["tools"][0]["function"]["parameters"]["properties"]
    assert "calls" in by_method["json_object_schema"]["response_format"]["schema"]["properties"]
    system = by_method["json_object"]["messages"][0]["content"]
    assert "## Reply format" in system and '"resolved_question"' in system
    assert "## Reply format" not in by_method["json_schema"]["messages"][0]["content"]
    assert all(b["max_tokens"] == 384 for b in server.bodies)  # planner_max_tokens, per node


async def test_text_rung_repairs_broken_json(tmp_path: Path) -> None:
    settings = settings_for(tmp_path, structured_output="text")
    server = TextOnlyServer(DECISION)
    decision, usage = await LlmEvaluator(
        model_on(server, settings, "evaluator"), settings
    ).evaluate(_eval_ctx())
    assert decision == EvaluatorDecision(**DECISION)
    assert server.methods == ["text"] and usage.rung == "text"
    assert server.bodies[0]["max_tokens"] == 160  # evaluator_max_tokens


@pytest.mark.parametrize(
    ("pin", "expected"),
    [("json_schema", ["json_schema"]), ("tools", ["tools"]),
     ("json_mode", ["json_object_schema"]), ("text", ["text"])],
)  # fmt: skip
async def test_a_pinned_method_is_the_only_one_tried(
    tmp_path: Path, pin: str, expected: list[str]
) -> None:
    settings = settings_for(tmp_path, structured_output=pin)
    server = LlamaCppServer(PLAN)
    model = model_on(server, settings)
    if pin == "json_schema":  # llama.cpp refuses it and nothing else may be tried
        with pytest.raises(ModelStepError) as caught:
            await LlmPlanner(model, settings).plan(plan_ctx())
        assert caught.value.reason == "server refused structured output"
        assert "Input should be 'text' or 'json_object'" in caught.value.detail
    else:
        _, usage = await LlmPlanner(model, settings).plan(plan_ctx())
        assert usage.rung == expected[0]
    assert server.methods == expected
    ladder = [r.value for r in ladder_for(model, pin)]
    assert ladder[:1] == ([] if pin == "json_schema" else expected)  # refused: never sent again


async def test_transport_errors_are_retried_but_refusals_are_not(tmp_path: Path) -> None:
    settings = settings_for(tmp_path, llm_max_retries=2)
    server = VllmServer(PLAN)
    flaky = iter([httpx.Response(503, json={"error": {"message": "overloaded"}})])

    def handler(request: httpx.Request) -> httpx.Response:
        return next(flaky, None) or server(request)

    router = respx.Router(assert_all_called=False)
    route = router.post(f"{BASE_URL}/chat/completions").mock(side_effect=handler)
    model = make_chat_model(settings, "planner", httpx2.AsyncClient(transport=RespxBridge(router)))
    plan, _ = await LlmPlanner(model, settings).plan(plan_ctx())
    assert plan.calls and route.call_count == 2  # the 503 was retried once, then answered


def test_refusal_and_transport_classification() -> None:
    import openai

    request = httpx2.Request("POST", f"{BASE_URL}/chat/completions")

    def status(code: int, message: str) -> openai.APIStatusError:
        response = httpx2.Response(code, request=request, json={"error": {"message": message}})
        return openai.APIStatusError(message, response=response, body={"message": message})

    assert refuses_format(status(500, "Input should be 'text' or 'json_object'"))
    assert refuses_format(status(400, "response_format json_schema is not supported"))
    assert refuses_format(status(400, "this model does not support tools"))
    assert refuses_format(NotImplementedError())
    assert not refuses_format(status(400, "context_length_exceeded: tools schema too long"))
    assert not refuses_format(status(503, "overloaded"))
    assert is_transport_error(status(503, "overloaded"))
    assert not is_transport_error(status(500, "Input should be 'text' or 'json_object'"))
    assert is_transport_error(openai.APIConnectionError(request=request))


def test_extract_json_from_prose_and_fences() -> None:
    assert extract_json('Sure:\n```json\n{"a": [1, 2,],}\n```') == {"a": [1, 2]}
    assert extract_json('{"decision": "continue"} and then some') == {"decision": "continue"}
    assert extract_json("no JSON here") is None


async def test_ignored_format_then_refused_everything_names_the_reason(tmp_path: Path) -> None:
    class Refuser(RecordedServer):
        def answer_for(self, method: str, body: dict[str, Any]) -> httpx.Response:
            return error(400, f"{method}: response_format and tools are not supported")

    settings = settings_for(tmp_path, structured_output="json_mode")
    server = Refuser(PLAN)
    with pytest.raises(ModelStepError) as caught:
        await LlmPlanner(model_on(server, settings), settings).plan(plan_ctx())
    assert caught.value.reason == "server refused structured output"
    assert server.methods == ["json_object_schema", "json_object"]


def _eval_ctx() -> Any:
    from agentic_rag.agent.interfaces import EvalContext

    plan = ExecutionPlan(**PLAN)
    return EvalContext(
        question="How many movies?", iteration=1, max_iterations=2, plans=[plan], results=[],
        latest=[], tool_names=("sql",),
    )  # fmt: skip


async def test_the_cypher_repairer_negotiates_through_the_ladder(tmp_path: Path) -> None:
    from agentic_rag.agent.llm.nodes import LadderModel
    from agentic_rag.tools.cypher.repair import LlmCypherRepairer

    fixed = {"query": "MATCH (s:Show) RETURN s.title LIMIT 5", "explanation": "label case"}
    server = LlamaCppServer(fixed)
    settings = settings_for(tmp_path)
    repairer = LlmCypherRepairer(LadderModel(model_on(server, settings), settings))
    schema = _graph_schema()
    out = await repairer.repair("MATCH (s:show) RETURN s.title", "unknown label show", schema)
    assert out == fixed["query"]
    assert server.methods == ["json_schema", "tools"]  # refused once, then the tool call


def _graph_schema() -> Any:
    from agentic_rag.stores.schema import GraphSchema

    return GraphSchema(labels={"Show": ["title"]}, relationships={})
