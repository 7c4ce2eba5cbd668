"""LLM mode end to end against a local OpenAI-compatible server (as with Ollama or vLLM):
the CLI, the real ChatOpenAI client over HTTP, the graph and the fixture stores.

The server is a small Starlette app on a free loopback port that answers like a model would:
a plan for the planner's JSON-schema request, a decision for the evaluator's, and a streamed
answer (SSE) for the synthesizer. It records every request so the test can check them.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.routing import Route

from tests.conftest import ask_cli_json, store_env

pytestmark = pytest.mark.e2e

PLAN = {
    "reasoning": "Directors are relations: ask the graph.",
    "resolved_question": "Which movies did Christopher Nolan direct?",
    "calls": [
        {
            "tool": "cypher",
            "purpose": "Nolan's films",
            "args": {
                "query": "MATCH (p:Person {name: 'Christopher Nolan'})-[:DIRECTED]->(s:Show) "
                "RETURN s.title AS title, s.show_id AS show_id",
                "max_rows": 20,
            },
        }
    ],
}
DECISION = {
    "decision": "continue",
    "reasoning": "The graph answered.",
    "replan_instructions": "",
    "confidence": 0.9,
}
ANSWER = "Christopher Nolan directed Inception [1]."


def completion(content: str) -> dict:
    return {
        "id": "c1",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": "local-model",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 120, "completion_tokens": 30, "total_tokens": 150},
    }


def stream(text: str):
    def chunk(delta: dict, finish: str | None = None, usage: dict | None = None) -> str:
        body = {
            "id": "c2",
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": "local-model",
            "choices": [] if usage else [{"index": 0, "delta": delta, "finish_reason": finish}],
        }
        if usage:
            body["usage"] = usage
        return f"data: {json.dumps(body)}\n\n"

    yield chunk({"role": "assistant", "content": ""})
    for word in text.split(" "):
        yield chunk({"content": word + " "})
    yield chunk({}, finish="stop")
    yield chunk({}, usage={"prompt_tokens": 200, "completion_tokens": 12, "total_tokens": 212})
    yield "data: [DONE]\n\n"


class FakeLlmServer:
    def __init__(self) -> None:
        self.requests: list[dict] = []

    async def chat(self, request: Request):
        body = await request.json()
        self.requests.append({"body": body, "auth": request.headers.get("authorization")})
        if body.get("stream"):
            return StreamingResponse(stream(ANSWER), media_type="text/event-stream")
        name = (body.get("response_format") or {}).get("json_schema", {}).get("name")
        reply = PLAN if name == "ExecutionPlan" else DECISION
        return JSONResponse(completion(json.dumps(reply)))

    def app(self) -> Starlette:
        return Starlette(routes=[Route("/v1/chat/completions", self.chat, methods=["POST"])])


@contextlib.contextmanager
def serve(app: Starlette) -> Iterator[str]:
    """Serve `app` with uvicorn on a free loopback port; yield its base URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 10
    while not server.started and time.time() < deadline:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=5)


@pytest.fixture
def llm_server():
    fake = FakeLlmServer()
    with serve(fake.app()) as url:
        yield fake, f"{url}/v1"


def test_cli_answers_through_an_openai_compatible_server(llm_server, built_settings):
    fake, base_url = llm_server
    env = store_env(
        built_settings,
        OPENAI_API_KEY="local-key",
        OPENAI_BASE_URL=base_url,
        OFFLINE_MODE="false",
        PLANNER_MODEL="local-model",
        EVALUATOR_MODEL="local-model",
        SYNTHESIZER_MODEL="local-model",
        LLM_MAX_RETRIES="0",
        FAST_PATH="off",  # the reader is sure of this question: the model plans only when asked
    )
    trace = ask_cli_json(env, "Which movies did Christopher Nolan direct?")
    assert trace["mode"] == "llm"
    assert trace["plans"][0]["source"] == "llm" and trace["plans"][0]["fallback_reason"] is None
    assert trace["results"][0]["tool"] == "cypher" and trace["results"][0]["status"] == "ok"
    assert trace["decisions"][0]["source"] == "llm"
    assert trace["answer"].startswith(ANSWER.rstrip("."))
    assert "LLM mode: local-model" in trace["answer"]
    assert trace["citations"][0]["refs"][0]["show_id"] == "s341"
    assert trace["totals"]["tokens_in"] == 120 + 120 + 200  # planner + evaluator + synthesizer
    kinds = [r["body"].get("response_format", {}).get("type") or "stream" for r in fake.requests]
    assert kinds == ["json_schema", "json_schema", "stream"]
    assert {r["auth"] for r in fake.requests} == {"Bearer local-key"}
    assert all(r["body"]["model"] == "local-model" for r in fake.requests)


def test_a_question_the_reader_is_sure_of_takes_the_fast_path(llm_server, built_settings):
    fake, base_url = llm_server
    env = store_env(
        built_settings, OPENAI_API_KEY="local-key", OPENAI_BASE_URL=base_url,
        OFFLINE_MODE="false", PLANNER_MODEL="local-model", EVALUATOR_MODEL="local-model",
        SYNTHESIZER_MODEL="local-model",
    )  # fmt: skip
    trace = ask_cli_json(env, "Which movies did Christopher Nolan direct?")
    assert trace["mode"] == "llm" and trace["turn_path"] == "fast"
    assert fake.requests == []  # no model call at all
    assert "fast path" in trace["answer"].strip().splitlines()[-1]
    assert trace["totals"]["elapsed_s"] < 10
