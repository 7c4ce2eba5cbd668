"""What a model server accepts is remembered on disk: a second process against the same server
sends no structured-output request it refused; a model the server does not serve is a clear
error at start, naming the served models, and no turn is labelled as answered by it."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
import respx

from agentic_rag.agent.llm.chat import make_chat_model
from agentic_rag.agent.llm.nodes import LlmEvaluator
from agentic_rag.agent.llm.served_models import check_served
from agentic_rag.agent.llm.server_facts import ServerFacts, forget_all
from agentic_rag.config import Settings, load_settings
from agentic_rag.errors import ConfigError
from tests.conftest import MODEL_DIR
from tests.fakes_http import LlamaCppServer, RespxBridge
from tests.unit.test_structured_ladder import DECISION, _eval_ctx

BASE_URL = "http://127.0.0.1:8765/v1"


def settings_for(tmp_path: Path, **extra: Any) -> Settings:
    values: dict[str, Any] = {
        "openai_api_key": "local", "openai_base_url": BASE_URL, "evaluator_model": "local-gemma",
        "planner_model": "local-gemma", "synthesizer_model": "local-gemma",
        "build_dir": tmp_path, "model_dir": MODEL_DIR, **extra,
    }  # fmt: skip
    return load_settings(**values)


def evaluator_on(server: LlamaCppServer, settings: Settings) -> LlmEvaluator:
    router = respx.Router(assert_all_called=False)
    router.post(f"{BASE_URL}/chat/completions").mock(side_effect=server)
    client = httpx2.AsyncClient(transport=RespxBridge(router))
    return LlmEvaluator(make_chat_model(settings, "evaluator", http_async_client=client), settings)


async def test_a_second_process_sends_no_refused_request(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)
    first = LlamaCppServer(DECISION)
    await evaluator_on(first, settings).evaluate(_eval_ctx())
    assert first.methods == ["json_schema", "tools"]  # refused once (HTTP 500), then tools
    forget_all()  # a new process: nothing in memory, only the file
    second = LlamaCppServer(DECISION)
    _, usage = await evaluator_on(second, settings).evaluate(_eval_ctx())
    assert second.methods == ["tools"] and usage.rung == "tools"
    facts = json.loads(settings.server_facts_path.read_text())
    entry = facts[f"{BASE_URL} | local-gemma"]
    assert entry["working"]["rung"] == "tools" and "json_schema" in entry["refused"]


def test_facts_expire_after_their_ttl(tmp_path: Path) -> None:
    now = [1000.0]
    facts = ServerFacts(tmp_path / "f.json", ttl_s=60, clock=lambda: now[0])
    key = (BASE_URL, "m")
    facts.record(key, refused="json_schema")
    facts.record(key, working="tools")
    forget_all()
    assert facts.refused(key) == {"json_schema"} and facts.working(key) == "tools"
    now[0] += 61  # a day later (here: a minute), the server is asked again
    assert facts.refused(key) == set() and facts.working(key) is None


def models_transport(ids: list[str]) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        assert request.url.path == "/v1/models"
        return httpx.Response(200, json={"object": "list", "data": [{"id": i} for i in ids]})

    return httpx.MockTransport(handler)


def test_a_model_the_server_does_not_serve_is_a_clear_error(tmp_path: Path) -> None:
    settings = settings_for(tmp_path, planner_model="gemma-typo")
    start = time.perf_counter()
    with pytest.raises(ConfigError) as caught:
        check_served(settings, models_transport(["local-gemma", "other"]))
    assert time.perf_counter() - start < 5
    message = str(caught.value)
    assert "PLANNER_MODEL=gemma-typo" in message and "It serves: local-gemma, other" in message
    assert "EVALUATOR_MODEL" not in message


def test_served_models_pass_and_a_server_without_the_list_is_not_judged(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)
    check_served(settings, models_transport(["local-gemma"]))
    check_served(settings, httpx.MockTransport(lambda r: httpx.Response(404)))
