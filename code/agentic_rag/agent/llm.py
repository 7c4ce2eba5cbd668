"""Chat models for the three LLM nodes, structured calls with fallback and retry, and cost.

Any OpenAI-compatible server works (OpenAI, Ollama, vLLM, llama.cpp): `make_chat_model` points
`ChatOpenAI` at `OPENAI_BASE_URL`. `structured_call` asks for JSON-schema output first and falls
back to tool calling when the server rejects it; a reply that fails validation is retried once.
LangSmith tracing needs no code: LangChain traces when its environment variables are set.
"""

from __future__ import annotations

import os
from typing import Any, Literal

from langchain_core.exceptions import OutputParserException
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_openai import ChatOpenAI
from pydantic import BaseModel, ValidationError

from agentic_rag.agent.interfaces import Usage
from agentic_rag.config import Settings
from agentic_rag.errors import ConfigError, PlanningError

Node = Literal["planner", "evaluator", "synthesizer"]
Prices = dict[str, tuple[float, float]]

#: Keywords dropped from JSON schemas sent in strict mode (validation still enforces them).
_UNSUPPORTED_KEYWORDS = frozenset({"default", "discriminator", "minLength", "maxLength"})
_NAME_MAPS = frozenset({"properties", "$defs", "definitions"})
_TRUTHY = frozenset({"1", "true", "yes", "on"})

#: (class, model, base URL) of models whose server rejected JSON-schema output.
_FUNCTION_CALLING_MODELS: set[tuple[str, str, str]] = set()


class StructuredOutputError(PlanningError):
    """A model's structured output failed validation twice; carries the tokens it cost."""

    def __init__(self, message: str, usage: Usage) -> None:
        super().__init__(message)
        self.usage = usage


def make_chat_model(
    settings: Settings, node: Node, http_async_client: Any | None = None
) -> ChatOpenAI:
    """The chat model of one node, configured from `settings`.

    `http_async_client` (an `httpx2.AsyncClient` with openai>=3) lets tests fake the server.
    """
    if settings.openai_api_key is None:
        raise ConfigError(
            "OPENAI_API_KEY is not set. Set it (any non-empty value for a local server), "
            "or run in offline mode."
        )
    model = {
        "planner": settings.planner_model,
        "evaluator": settings.evaluator_model,
        "synthesizer": settings.synthesizer_model,
    }[node]
    extra: dict[str, Any] = {}
    if http_async_client is not None:
        extra["http_async_client"] = http_async_client
    return ChatOpenAI(
        model=model,
        api_key=settings.openai_api_key,
        base_url=settings.openai_base_url,
        temperature=settings.llm_temperature,
        timeout=settings.llm_timeout_s,
        max_retries=settings.llm_max_retries,
        stream_usage=True,
        **extra,
    )


def tracing_enabled() -> bool:
    """True when LangSmith tracing is switched on and has an API key in the environment."""
    flag = os.environ.get("LANGSMITH_TRACING") or os.environ.get("LANGCHAIN_TRACING_V2") or ""
    key = os.environ.get("LANGSMITH_API_KEY") or os.environ.get("LANGCHAIN_API_KEY")
    return flag.strip().lower() in _TRUTHY and bool(key)


# --- cost -------------------------------------------------------------------------------------


def price_for(model_name: str | None, prices: Prices) -> tuple[float, float] | None:
    """The price of a model: exact name, else the longest known prefix ('gpt-4o-mini-2024…')."""
    if not model_name:
        return None
    if model_name in prices:
        return prices[model_name]
    matches = [name for name in prices if model_name.startswith(name)]
    return prices[max(matches, key=len)] if matches else None


def cost_of(model_name: str | None, tokens_in: int, tokens_out: int, prices: Prices) -> float:
    """USD cost of a call; 0 for a model without a price."""
    price = price_for(model_name, prices)
    if price is None:
        return 0.0
    return (tokens_in * price[0] + tokens_out * price[1]) / 1e6


def model_name_of(model: Any) -> str:
    return str(getattr(model, "model_name", None) or getattr(model, "model", None) or "unknown")


def usage_of(messages: list[BaseMessage], default_model: str, prices: Prices) -> Usage:
    """Tokens and cost summed over replies (their `usage_metadata`)."""
    tokens_in = tokens_out = 0
    name = default_model
    for msg in messages:
        meta = getattr(msg, "usage_metadata", None) or {}
        tokens_in += int(meta.get("input_tokens", 0) or 0)
        tokens_out += int(meta.get("output_tokens", 0) or 0)
        name = (getattr(msg, "response_metadata", None) or {}).get("model_name") or name
    price = price_for(name, prices)
    return Usage(
        model=name,
        tokens_in=tokens_in,
        tokens_out=tokens_out,
        cost_usd=cost_of(name, tokens_in, tokens_out, prices),
        note=None if price is not None else f"no price for model {name}",
    )


# --- structured output ------------------------------------------------------------------------


def strict_json_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """`schema` as an OpenAI strict JSON schema: every property required, no extra keys."""
    root = schema.model_json_schema()

    def walk(node: Any) -> Any:
        if isinstance(node, list):
            return [walk(v) for v in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node and len(node) > 1:  # strict mode wants a bare $ref: inline it
            target = root["$defs"][node["$ref"].rsplit("/", 1)[-1]]
            node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in _NAME_MAPS and isinstance(value, dict):
                out[key] = {name: walk(sub) for name, sub in value.items()}
            elif key not in _UNSUPPORTED_KEYWORDS:
                out[key] = walk(value)
        if "oneOf" in out:
            out["anyOf"] = out.pop("oneOf")
        if "const" in out:
            out["enum"] = [out.pop("const")]
        if "properties" in out:
            out["required"] = list(out["properties"])
            out["additionalProperties"] = False
        return out

    return {"name": schema.__name__, "schema": walk(root), "strict": True}


def _model_key(model: Any) -> tuple[str, str, str]:
    base = getattr(model, "openai_api_base", None) or ""
    return (type(model).__name__, model_name_of(model), str(base))


def forget_fallbacks() -> None:
    """Forget which models fell back to tool calling (for tests)."""
    _FUNCTION_CALLING_MODELS.clear()


def rejects_json_schema(exc: BaseException) -> bool:
    """Whether `exc` says the server does not support JSON-schema structured output."""
    if isinstance(exc, NotImplementedError):
        return True
    text = str(exc).lower()
    mentions = any(k in text for k in ("response_format", "json_schema", "json schema"))
    status = getattr(exc, "status_code", None)
    return (mentions and status in (400, 422, 501)) or (status is None and "not supported" in text)


def _describe_error(error: BaseException | str) -> str:
    if isinstance(error, ValidationError):
        parts = [
            f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}"
            for e in error.errors()[:8]
        ]
        return "; ".join(parts)
    return str(error).split("\nFor troubleshooting")[0][:600]


async def _attempt(
    model: BaseChatModel, schema: type[BaseModel], messages: list[BaseMessage]
) -> tuple[AIMessage | None, BaseModel | None, str | None]:
    """One structured call: (raw reply, valid output, error). Falls back to tool calling once."""
    key = _model_key(model)
    output: Any = None
    if key not in _FUNCTION_CALLING_MODELS:
        runnable = model.with_structured_output(
            strict_json_schema(schema), method="json_schema", include_raw=True
        )
        try:
            output = await runnable.ainvoke(messages)
        except Exception as exc:
            if not rejects_json_schema(exc):
                raise
            _FUNCTION_CALLING_MODELS.add(key)
    if key in _FUNCTION_CALLING_MODELS:
        runnable = model.with_structured_output(schema, method="function_calling", include_raw=True)
        output = await runnable.ainvoke(messages)
    raw = output.get("raw")
    refusal = (getattr(raw, "additional_kwargs", None) or {}).get("refusal")
    if refusal:
        return raw, None, f"the model refused: {refusal}"
    if output.get("parsing_error") is not None:
        return raw, None, _describe_error(output["parsing_error"])
    parsed = output.get("parsed")
    if parsed is None:
        return raw, None, "no JSON object or tool call found in the reply"
    if isinstance(parsed, schema):
        return raw, parsed, None
    try:
        data = parsed.model_dump() if isinstance(parsed, BaseModel) else parsed
        return raw, schema.model_validate(data), None
    except ValidationError as exc:
        return raw, None, _describe_error(exc)


def _retry_messages(raw: AIMessage | None, error: str) -> list[BaseMessage]:
    """The failed reply and a request to fix it (tool calls must be answered first)."""
    out: list[BaseMessage] = []
    if raw is not None:
        out.append(raw)
        calls: list[Any] = [*raw.tool_calls, *raw.invalid_tool_calls]
        out += [
            ToolMessage(content=f"Invalid: {error}", tool_call_id=call.get("id") or "call")
            for call in calls
        ]
    out.append(
        HumanMessage(
            f"Your last reply failed validation: {error}. "
            "Reply again with valid JSON for the schema."
        )
    )
    return out


async def structured_call(
    model: BaseChatModel,
    schema: type[BaseModel],
    messages: list[BaseMessage],
    *,
    prices: Prices,
) -> tuple[BaseModel, Usage]:
    """Ask `model` for a `schema` instance; retry once on invalid output.

    Raises `StructuredOutputError` (a `PlanningError`) when both replies fail validation;
    HTTP errors and timeouts propagate unchanged.
    """
    history = list(messages)
    replies: list[BaseMessage] = []
    error = "no reply"
    for _ in range(2):
        try:
            raw, parsed, error_or_none = await _attempt(model, schema, history)
        except (ValidationError, OutputParserException) as exc:  # raised, not reported
            raw, parsed, error_or_none = None, None, _describe_error(exc)
        if raw is not None:
            replies.append(raw)
        if parsed is not None:
            return parsed, usage_of(replies, model_name_of(model), prices)
        error = error_or_none or "no valid output"
        history += _retry_messages(raw, error)
    usage = usage_of(replies, model_name_of(model), prices)
    raise StructuredOutputError(f"{schema.__name__} failed validation twice: {error}", usage)
