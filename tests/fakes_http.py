"""Recorded behaviour of real OpenAI-compatible servers, replayed over HTTP (respx).

openai>=3 sends requests with `httpx2`, which respx does not patch, so the client gets an
`httpx2.AsyncClient` whose transport (`RespxBridge`) hands each request to a respx router.

Each `*Server` answers `/chat/completions` the way that server answers the structured-output
methods (what it refuses, what it ignores, what it honours), as seen from a client:

- `LlamaCppServer` (llama-cpp-python 0.3.x, `python -m llama_cpp.server`): json_schema is a
  500 "Input should be 'text' or 'json_object'"; a forced tool call works; json_object with a
  schema is grammar-constrained; streams carry no usage.
- `OllamaServer` (an older Ollama /v1): response_format json_schema and tool_choice are
  silently ignored (plain prose comes back, no tool call); json_object is honoured.
- `VllmServer`: json_schema is honoured (guided decoding).
- `StrictJsonModeServer` (LM Studio-like): json_schema 400, tools 400, json_object with an
  extra `schema` key 400 ("Extra inputs are not permitted"), plain json_object honoured.
- `TextOnlyServer`: any response_format or tools is a 400; replies are prose with a fenced,
  slightly broken JSON object (trailing comma).
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import httpx2
import respx


class RespxBridge(httpx2.AsyncBaseTransport):
    """An httpx2 transport that answers from a respx router."""

    def __init__(self, router: respx.Router) -> None:
        self.router = router

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        body = await request.aread()
        req = httpx.Request(
            request.method, str(request.url), headers=list(request.headers.raw), content=body
        )
        resp = await self.router.async_handler(req)
        content = await resp.aread()
        return httpx2.Response(resp.status_code, headers=list(resp.headers.raw), content=content)


def completion(
    content: str | None = None,
    tool_calls: list[dict[str, Any]] | None = None,
    usage: dict[str, int] | None = None,
    model: str = "local-model",
) -> httpx.Response:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = tool_calls
    body: dict[str, Any] = {
        "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": model,
        "choices": [{"index": 0, "message": message,
                     "finish_reason": "tool_calls" if tool_calls else "stop"}],
    }  # fmt: skip
    if usage is not None:
        body["usage"] = usage
    return httpx.Response(200, json=body)


def sse(pieces: list[str], usage: dict[str, int] | None = None) -> httpx.Response:
    head = {"id": "chatcmpl-2", "object": "chat.completion.chunk", "created": 1,
            "model": "local-model"}  # fmt: skip
    events = [{**head, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""},
                                    "finish_reason": None}]}]  # fmt: skip
    events += [
        {**head, "choices": [{"index": 0, "delta": {"content": p}, "finish_reason": None}]}
        for p in pieces
    ]
    events.append({**head, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    if usage is not None:
        events.append({**head, "choices": [], "usage": usage})
    body = "".join(f"data: {json.dumps(e)}\n\n" for e in events) + "data: [DONE]\n\n"
    return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=body)


def error(status: int, message: str) -> httpx.Response:
    return httpx.Response(status, json={"error": {"message": message, "type": "invalid_request"}})


USAGE = {"prompt_tokens": 700, "completion_tokens": 60, "total_tokens": 760}


class RecordedServer:
    """Base: records each request's body and the method it asked for."""

    def __init__(self, reply: dict[str, Any], answer: str = "An answer [1].") -> None:
        self.reply = reply  # the JSON object the model 'writes'
        self.answer = answer
        self.bodies: list[dict[str, Any]] = []

    @property
    def methods(self) -> list[str]:
        return [method_of(b) for b in self.bodies]

    stream_usage = True  # whether streams end with a usage chunk

    def __call__(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        self.bodies.append(body)
        method = method_of(body)
        if method == "stream":
            return self.stream(body)
        reply = self.answer_for(method, body)
        return as_sse(reply, self.stream_usage) if body.get("stream") else reply

    def stream(self, body: dict[str, Any]) -> httpx.Response:
        return sse(self.answer.split(" "), usage=USAGE)

    def answer_for(self, method: str, body: dict[str, Any]) -> httpx.Response:
        raise NotImplementedError

    def tool_reply(self, body: dict[str, Any]) -> httpx.Response:
        name = body["tools"][0]["function"]["name"]
        call = {"id": "call_1", "type": "function",
                "function": {"name": name, "arguments": json.dumps(self.reply)}}  # fmt: skip
        return completion(None, [call], USAGE)


def as_sse(reply: httpx.Response, with_usage: bool) -> httpx.Response:
    """A JSON completion replayed as the server would stream it (errors stay as they are)."""
    if reply.status_code != 200:
        return reply
    data = reply.json()
    message = data["choices"][0]["message"]
    delta: dict[str, Any] = {"role": "assistant", "content": message.get("content") or ""}
    if message.get("tool_calls"):
        delta["tool_calls"] = [{**c, "index": i} for i, c in enumerate(message["tool_calls"])]
    head = {"id": data["id"], "object": "chat.completion.chunk", "created": 1,
            "model": data["model"]}  # fmt: skip
    finish = data["choices"][0]["finish_reason"]
    events = [
        {**head, "choices": [{"index": 0, "delta": delta, "finish_reason": None}]},
        {**head, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]},
    ]
    if with_usage and data.get("usage"):
        events.append({**head, "choices": [], "usage": data["usage"]})
    text = "".join(f"data: {json.dumps(e)}\n\n" for e in events) + "data: [DONE]\n\n"
    return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=text)


def method_of(body: dict[str, Any]) -> str:
    """The structured-output method a request asks for; 'stream' for an answer's stream."""
    system = str((body.get("messages") or [{}])[0].get("content") or "")
    if body.get("stream") and "tools" not in body and "## Reply format" not in system:
        return "stream"
    if "tools" in body:
        return "tools"
    fmt = body.get("response_format") or {}
    if fmt.get("type") == "json_object":
        return "json_object_schema" if "schema" in fmt else "json_object"
    return str(fmt.get("type") or "text")


class LlamaCppServer(RecordedServer):
    stream_usage = False

    def answer_for(self, method: str, body: dict[str, Any]) -> httpx.Response:
        if method == "json_schema":
            return error(
                500,
                "1 validation error for CreateChatCompletionRequest\nresponse_format.type\n"
                "  Input should be 'text' or 'json_object' [type=literal_error, "
                "input_value='json_schema', input_type=str]",
            )
        if method == "tools":
            return self.tool_reply(body)
        return completion(json.dumps(self.reply), usage=USAGE)

    def stream(self, body: dict[str, Any]) -> httpx.Response:
        return sse([w + " " for w in self.answer.split(" ")], usage=None)  # no usage chunk


class OllamaServer(RecordedServer):
    def answer_for(self, method: str, body: dict[str, Any]) -> httpx.Response:
        if method in ("json_schema", "tools", "text"):
            return completion("Sure! I would search the catalog for that.", usage=USAGE)
        return completion(json.dumps(self.reply), usage=USAGE)


class VllmServer(RecordedServer):
    def answer_for(self, method: str, body: dict[str, Any]) -> httpx.Response:
        return completion(json.dumps(self.reply), usage=USAGE)


class StrictJsonModeServer(RecordedServer):
    def answer_for(self, method: str, body: dict[str, Any]) -> httpx.Response:
        if method == "json_schema":
            return error(400, "'response_format.type' must be 'json_object' or 'text'")
        if method == "tools":
            return error(400, "tools are not supported by this model")
        if method == "json_object_schema":
            return error(400, "response_format.schema: Extra inputs are not permitted")
        return completion(json.dumps(self.reply), usage=USAGE)


class TextOnlyServer(RecordedServer):
    def answer_for(self, method: str, body: dict[str, Any]) -> httpx.Response:
        if method == "json_schema":
            return error(400, "response_format is not supported")
        if method == "tools":
            return error(400, "this model does not support tools")
        if method.startswith("json_object"):
            return error(422, "response_format json_object is not supported")
        broken = json.dumps(self.reply, indent=1)[:-1].rstrip() + ",\n}"  # a trailing comma
        return completion(f"Here is the plan:\n```json\n{broken}\n```\nHope it helps!", usage=USAGE)
