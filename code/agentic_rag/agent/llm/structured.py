"""Structured output on any OpenAI-compatible server: a ladder of methods, one rung at a time.

Rungs, best first (as Instructor's modes: JSON_SCHEMA, TOOLS, JSON, MD_JSON):

1. `json_schema`: `response_format: {"type": "json_schema", ...}` (OpenAI, vLLM, Ollama, LM Studio);
2. `tools`: one forced tool call whose parameters are the schema (llama.cpp, vLLM, OpenAI);
3. `json_object_schema`: `{"type": "json_object", "schema": ...}` (llama.cpp's grammar mode);
4. `json_object`: plain JSON mode, the schema in the prompt (Ollama, older vLLM);
5. `text`: no format at all, the schema in the prompt, JSON extracted and repaired from the
   reply (`json_repair`, MIT), then validated by the Pydantic model.

A server that refuses a method (a 4xx/5xx whose message names the format or the tools) or
ignores it (no JSON, no tool call in the reply) moves the call one rung down; the rung that
worked and the rungs refused are remembered per (base URL, model), on disk across processes for
a day (`agent/llm/server_facts.py`), so a refused method is not sent again.
`STRUCTURED_OUTPUT` pins a method. Invalid output is sent back to the model with the validation
errors (a repair), up to `llm_max_repairs` times. The client's own retries are off: only
transport errors are retried here, never a refusal.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import json_repair
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    ToolMessage,
    message_chunk_to_message,
)
from pydantic import BaseModel, ValidationError
from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, wait_exponential

from agentic_rag.agent.interfaces import Usage
from agentic_rag.agent.llm.chat import (
    Prices,
    estimated_usage,
    model_name_of,
    strict_json_schema,
    usage_of,
)
from agentic_rag.agent.llm.prompts import repair_request, with_schema_instruction
from agentic_rag.agent.llm.rungs import IN_MEMORY, Rung, ladder_for, server_key
from agentic_rag.agent.llm.schema_align import align, bounded_for_grammar
from agentic_rag.agent.llm.server_errors import is_transport_error, refuses_format
from agentic_rag.agent.llm.server_facts import ServerFacts
from agentic_rag.agent.llm.token_count import in_flight
from agentic_rag.agent.node_mode import REFUSED
from agentic_rag.errors import ModelStepError

log = logging.getLogger(__name__)


_SCHEMA_IN_PROMPT = frozenset({Rung.JSON_OBJECT, Rung.TEXT})


@dataclass
class Structured:
    """A validated structured reply and how it was obtained."""

    value: BaseModel
    usage: Usage
    rung: Rung
    repairs: int


def _tool(schema: type[BaseModel], body: dict[str, Any]) -> dict[str, Any]:
    doc = (schema.__doc__ or "").strip().split("\n")[0] or f"Reply with a {schema.__name__}."
    return {
        "type": "function",
        "function": {"name": schema.__name__, "description": doc, "parameters": body},
    }


def grammar_safe(node: Any) -> Any:
    """A schema without regex `pattern`s: servers that compile schemas to grammars (llama.cpp)
    fail on escapes such as `\\d`; the Pydantic model still validates them."""
    if isinstance(node, list):
        return [grammar_safe(v) for v in node]
    if not isinstance(node, dict):
        return node
    return {
        k: grammar_safe(v) for k, v in node.items() if not (k == "pattern" and isinstance(v, str))
    }


def request_kwargs(rung: Rung, schema: type[BaseModel]) -> dict[str, Any]:
    """What a rung adds to the chat request."""
    strict = strict_json_schema(schema)
    if rung is Rung.JSON_SCHEMA:
        return {"response_format": {"type": "json_schema", "json_schema": strict}}
    strict = {**strict, "schema": grammar_safe(bounded_for_grammar(strict["schema"]))}
    if rung is Rung.TOOLS:
        choice = {"type": "function", "function": {"name": schema.__name__}}
        return {"tools": [_tool(schema, strict["schema"])], "tool_choice": choice}
    if rung is Rung.JSON_OBJECT_SCHEMA:
        return {"response_format": {"type": "json_object", "schema": strict["schema"]}}
    if rung is Rung.JSON_OBJECT:
        return {"response_format": {"type": "json_object"}}
    return {}


def extract_json(text: str) -> dict[str, Any] | None:
    """The first JSON object in `text` (fences, prose and small syntax errors repaired)."""
    if "{" not in text:
        return None
    try:
        data = json_repair.loads(text[text.index("{") :])
    except Exception:  # json_repair is lenient, but never let parsing end a turn
        return None
    if isinstance(data, list):
        data = next((d for d in data if isinstance(d, dict)), None)
    return data if isinstance(data, dict) and data else None


def reply_data(reply: AIMessage, rung: Rung) -> dict[str, Any] | None:
    """The JSON object a reply carries for `rung`; None when the reply ignored the method."""
    if rung is Rung.TOOLS:
        for call in reply.tool_calls:
            if isinstance(call.get("args"), dict):
                return call["args"]
        for bad in reply.invalid_tool_calls:
            data = extract_json(str(bad.get("args") or ""))
            if data is not None:
                return data
        return None
    return extract_json(reply.text)


def describe_invalid(error: ValidationError | str) -> str:
    if isinstance(error, str):
        return error
    parts = [
        f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in error.errors()[:8]
    ]
    return "; ".join(parts)


def _repair_messages(reply: AIMessage, error: str) -> list[BaseMessage]:
    """The failed reply and a request to fix it (tool calls must be answered first)."""
    out: list[BaseMessage] = [reply]
    calls: list[Any] = [*reply.tool_calls, *reply.invalid_tool_calls]
    out += [
        ToolMessage(content=f"Invalid: {error}", tool_call_id=call.get("id") or "call")
        for call in calls
    ]
    out.append(HumanMessage(repair_request(error)))
    return out


async def _streamed(bound: Any, messages: list[BaseMessage]) -> AIMessage:
    """The reply read as a stream: when the caller gives up (timeout), the connection closes
    and servers such as llama.cpp stop generating, instead of finishing an abandoned request
    while the next one waits."""
    reply: Any = None
    recorder = in_flight()
    async for chunk in bound.astream(messages):
        reply = chunk if reply is None else reply + chunk
        recorder.received(
            str(chunk.text)
            + "".join(
                str(c.get("args") or "") for c in getattr(chunk, "tool_call_chunks", None) or []
            )
        )
    if reply is None:
        return AIMessage(content="")
    return message_chunk_to_message(reply)  # type: ignore[return-value]


async def _invoke(
    model: BaseChatModel, kwargs: dict[str, Any], messages: list[BaseMessage], retries: int
) -> AIMessage:
    bound = model.bind(**kwargs) if kwargs else model
    # A response_format goes through the SDK's parse helpers, which do not stream cleanly:
    # only the tools and text rungs stream.
    stream = "response_format" not in kwargs
    in_flight().sent(messages)
    async for attempt in AsyncRetrying(
        stop=stop_after_attempt(retries + 1),
        wait=wait_exponential(multiplier=0.5, max=4),
        retry=retry_if_exception(is_transport_error),
        reraise=True,
    ):
        with attempt:
            reply = await (_streamed(bound, messages) if stream else bound.ainvoke(messages))
    return reply  # type: ignore[return-value]


async def structured_call(
    model: BaseChatModel,
    schema: type[BaseModel],
    messages: list[BaseMessage],
    *,
    prices: Prices,
    setting: str = "auto",
    retries: int = 0,
    max_repairs: int = 1,
    what: str = "output",
    model_dir: Path | None = None,
    facts: ServerFacts | None = None,
) -> Structured:
    """A `schema` instance from `model`, down the ladder as far as the server needs.

    Raises `ModelStepError` when every allowed rung was refused or ignored, or the output
    stayed invalid after `max_repairs` repairs; other errors (HTTP, timeouts) propagate.
    """
    replies: list[BaseMessage] = []
    name = model_name_of(model)
    key = server_key(model)
    refused: list[str] = []
    facts = facts or IN_MEMORY
    rungs = ladder_for(model, setting, facts)
    if not rungs:
        known = ", ".join(sorted(facts.refused(key)))
        raise ModelStepError(REFUSED, f"refused earlier by this server (remembered): {known}")

    def spent(rung: Rung | None, repairs: int) -> Usage:
        return _usage(replies, name, prices, rung, repairs, messages, model_dir)

    for rung in rungs:
        history = (
            with_schema_instruction(messages, schema) if rung in _SCHEMA_IN_PROMPT else messages
        )
        kwargs = request_kwargs(rung, schema)
        for repairs in range(max_repairs + 1):
            try:
                reply = await _invoke(model, kwargs, history, retries)
            except Exception as exc:
                if not refuses_format(exc):
                    raise
                refused.append(f"{rung}: {' '.join(str(exc).split())[:160]}")
                log.info("%s: %s refused by %s", what, rung, key[0])
                facts.record(key, refused=rung.value)
                break
            replies.append(reply)
            data = reply_data(reply, rung)
            if data is None and rung is not Rung.TEXT and repairs == 0:
                refused.append(f"{rung}: the reply ignored it")
                log.info("%s: %s ignored by %s", what, rung, key[0])
                facts.record(key, refused=rung.value)
                break
            try:
                aligned = align(data, schema.model_json_schema()) if data is not None else {}
                value = schema.model_validate(aligned)
            except ValidationError as exc:
                error = describe_invalid(exc) if data is not None else "no JSON object found"
                if repairs == max_repairs:
                    times = "twice" if repairs == 1 else f"{repairs + 1} times"
                    raise ModelStepError(
                        f"invalid {what} {times}", error, spent(rung, repairs)
                    ) from exc
                log.info("%s: invalid reply on %s, repairing: %s", what, rung, error[:200])
                history = [*history, *_repair_messages(reply, error)]
                continue
            facts.record(key, working=rung.value)
            return Structured(value, spent(rung, repairs), rung, repairs)
    raise ModelStepError(REFUSED, "; ".join(refused), spent(None, 0))


def _usage(
    replies: list[BaseMessage],
    name: str,
    prices: Prices,
    rung: Rung | None,
    repairs: int,
    prompt: list[BaseMessage],
    model_dir: Path | None,
) -> Usage:
    usage = usage_of(replies, name, prices)
    if replies and usage.tokens_in + usage.tokens_out == 0:  # the server sent no usage
        usage = estimated_usage(usage, prompt, replies, model_dir, prices, len(replies))
    usage.rung, usage.repairs = (str(rung) if rung else None), repairs
    return usage
