"""Token counts when the server sends no usage (llama.cpp streams, some Ollama builds).

No download at run time: the count uses the tokenizer that ships with the embedding model
(`data/models/all-MiniLM-L6-v2/onnx/tokenizer.json`), so it is an estimate of the serving
model's own count and is labelled as one (`Usage.estimated`). Without that file it falls back
to one token per four characters.
"""

from __future__ import annotations

import math
from contextvars import ContextVar, Token
from functools import lru_cache
from pathlib import Path
from typing import Any

from langchain_core.messages import BaseMessage

CHARS_PER_TOKEN = 4


@lru_cache(maxsize=4)
def _tokenizer(model_dir: str) -> Any | None:
    path = Path(model_dir) / "tokenizer.json"
    if not path.is_file():
        return None
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(path))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    return tokenizer


def estimate_tokens(text: str, model_dir: Path | str | None = None) -> int:
    """Tokens in `text` by the shipped tokenizer, else by characters; 0 only for no text."""
    if not text:
        return 0
    tokenizer = _tokenizer(str(model_dir)) if model_dir else None
    if tokenizer is None:
        return math.ceil(len(text) / CHARS_PER_TOKEN)
    return max(1, len(tokenizer.encode(text, add_special_tokens=False).ids))


def messages_text(messages: list[BaseMessage]) -> str:
    """The text a prompt carries (role names included, as chat templates add them)."""
    return "\n".join(f"{m.type}: {m.text}" for m in messages)


class InFlight:
    """What the model calls of one step sent and received so far, for a step cut off before
    its reply carried usage (a timeout, an abort): its tokens are then estimated from this."""

    def __init__(self) -> None:
        self.prompts: list[str] = []
        self.output: list[str] = []

    def sent(self, messages: list[BaseMessage]) -> None:
        self.prompts.append(messages_text(messages))

    def received(self, text: str) -> None:
        if text:
            self.output.append(text)

    def estimate(self, model_dir: Path | str | None) -> tuple[int, int]:
        """(tokens in, tokens out) of what was sent and received."""
        tokens_in = sum(estimate_tokens(p, model_dir) for p in self.prompts)
        return tokens_in, estimate_tokens("".join(self.output), model_dir)


_IN_FLIGHT: ContextVar[InFlight | None] = ContextVar("in_flight", default=None)


def in_flight() -> InFlight:
    """The current step's recorder (a throwaway one outside a step)."""
    return _IN_FLIGHT.get() or InFlight()


def recording(recorder: InFlight) -> Token[InFlight | None]:
    return _IN_FLIGHT.set(recorder)


def stop_recording(token: Token[InFlight | None]) -> None:
    _IN_FLIGHT.reset(token)
