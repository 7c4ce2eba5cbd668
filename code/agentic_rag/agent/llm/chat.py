"""Chat models for the three LLM nodes, their token counts and cost.

Any OpenAI-compatible server works (OpenAI, Ollama, vLLM, llama.cpp): `make_chat_model` points
`ChatOpenAI` at `OPENAI_BASE_URL`, with a per-node `max_tokens` and the client's own retries
off (`agent/llm/structured.py` retries transport errors only). Structured output is negotiated in
`agent/llm/structured.py`. LangSmith tracing needs no code: LangChain traces when its environment
variables are set (`Settings.tracing_enabled` reports whether they are).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from langchain_core.messages import BaseMessage
from langchain_openai import ChatOpenAI
from pydantic import BaseModel

from agentic_rag.agent.interfaces import Usage
from agentic_rag.agent.llm.token_count import estimate_tokens, messages_text
from agentic_rag.config import Settings
from agentic_rag.errors import ConfigError

Node = Literal["planner", "evaluator", "synthesizer"]
Prices = dict[str, tuple[float, float]]

#: Keywords dropped from JSON schemas sent in strict mode (validation still enforces them).
_UNSUPPORTED_KEYWORDS = frozenset({"default", "discriminator", "minLength", "maxLength"})
#: Dropped to keep the prompt budget: the prompt's tool list already carries every field's
#: description, and pydantic's titles repeat the field names.
_REDUNDANT_KEYWORDS = frozenset({"title", "description"})
_NAME_MAPS = frozenset({"properties", "$defs", "definitions"})


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
    max_tokens = {
        "planner": settings.planner_max_tokens,
        "evaluator": settings.evaluator_max_tokens,
        "synthesizer": settings.synthesizer_max_tokens,
    }[node]
    extra: dict[str, Any] = {}
    if http_async_client is not None:
        extra["http_async_client"] = http_async_client
    if is_openai(settings.openai_base_url):
        extra["max_tokens"] = max_tokens  # sent as max_completion_tokens
    else:  # llama.cpp, Ollama, vLLM and LM Studio all read max_tokens
        extra["extra_body"] = {"max_tokens": max_tokens}
    return ChatOpenAI(
        model=model,
        api_key=settings.openai_api_key,
        base_url=settings.openai_base_url,
        temperature=settings.llm_temperature,
        timeout=settings.llm_timeout_s,
        max_retries=0,  # a refused format must not be re-sent: see agent/llm/structured.py
        stream_usage=True,
        **extra,
    )


def is_openai(base_url: str | None) -> bool:
    return base_url is None or "api.openai.com" in base_url


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
    return priced(Usage(model=name, tokens_in=tokens_in, tokens_out=tokens_out), prices)


def priced(usage: Usage, prices: Prices) -> Usage:
    """`usage` with its cost, or a note that the model has no price."""
    name = usage.model
    usage.cost_usd = cost_of(name, usage.tokens_in, usage.tokens_out, prices)
    if price_for(name, prices) is None and not (usage.note or "").startswith("no price"):
        usage.note = "; ".join(n for n in (f"no price for model {name}", usage.note) if n)
    return usage


def reply_text(message: BaseMessage) -> str:
    """What a reply carries: its text and the arguments of its tool calls."""
    calls = getattr(message, "tool_calls", None) or []
    args = [json.dumps(c.get("args"), ensure_ascii=False) for c in calls]
    return "\n".join([message.text, *args])


def estimated_usage(
    usage: Usage,
    prompt: list[BaseMessage],
    replies: list[BaseMessage],
    model_dir: Path | None,
    prices: Prices,
    calls: int = 1,
) -> Usage:
    """Tokens counted locally when the server sent none (never 0 when text was produced)."""
    out = Usage(
        model=usage.model,
        tokens_in=calls * estimate_tokens(messages_text(prompt), model_dir),
        tokens_out=sum(estimate_tokens(reply_text(r), model_dir) for r in replies),
        note=usage.note,
        estimated=True,
    )
    return priced(out, prices)


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
            elif key not in _UNSUPPORTED_KEYWORDS | _REDUNDANT_KEYWORDS:
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
