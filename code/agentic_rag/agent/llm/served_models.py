"""At start, the model server is asked which models it serves (`GET /v1/models`, which
llama.cpp, Ollama, vLLM and LM Studio all answer): a configured model it does not serve fails
at once with a message naming the ones it does, instead of every node failing at every turn
while the answer says "LLM mode". A server without that endpoint, or one that does not answer
within `MODEL_CHECK_TIMEOUT_S`, is not judged here (a turn then names what went wrong).
"""

from __future__ import annotations

import functools
import logging

import httpx

from agentic_rag.config import Settings
from agentic_rag.errors import ConfigError

log = logging.getLogger(__name__)


def served_models(
    base_url: str, api_key: str, timeout_s: float, transport: httpx.BaseTransport | None = None
) -> list[str] | None:
    """The ids the server lists, or None when it cannot tell (no endpoint, no answer)."""
    url = base_url.rstrip("/") + "/models"
    try:
        with httpx.Client(timeout=timeout_s, transport=transport) as client:
            reply = client.get(url, headers={"Authorization": f"Bearer {api_key}"})
        if reply.status_code != 200:
            return None
        data = reply.json().get("data")
        return [str(m["id"]) for m in data if isinstance(m, dict) and "id" in m] or None
    except (httpx.HTTPError, ValueError, AttributeError, TypeError):
        log.info("could not list the models of %s", url, exc_info=True)
        return None


def configured_models(settings: Settings) -> dict[str, str]:
    return {
        "PLANNER_MODEL": settings.planner_model,
        "EVALUATOR_MODEL": settings.evaluator_model,
        "SYNTHESIZER_MODEL": settings.synthesizer_model,
    }


def check_served(settings: Settings, transport: httpx.BaseTransport | None = None) -> None:
    """Raise `ConfigError` when the server lists its models and a configured one is not there."""
    if not settings.llm_enabled or settings.openai_base_url is None:
        return  # OpenAI itself: its model list is long and the key decides; not checked
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else ""
    _check(
        settings.openai_base_url,
        key,
        settings.model_check_timeout_s,
        tuple(configured_models(settings).items()),
        transport,
    )


@functools.lru_cache(maxsize=16)
def _check(
    base_url: str,
    key: str,
    timeout_s: float,
    wanted: tuple[tuple[str, str], ...],
    transport: httpx.BaseTransport | None,
) -> None:
    served = served_models(base_url, key, timeout_s, transport)
    if served is None:
        return
    missing = [f"{var}={name}" for var, name in wanted if name not in served]
    if missing:  # an exception is not cached: a fixed configuration is checked again
        raise ConfigError(
            f"The model server at {base_url} does not serve {', '.join(missing)}. "
            f"It serves: {', '.join(served)}. Set the model names to one of these "
            "(for llama.cpp, the --model_alias you started it with)."
        )
