"""What an OpenAI-compatible server's errors mean for structured output.

A refusal names the requested format or the tools (llama.cpp: HTTP 500 "Input should be 'text'
or 'json_object'"; others: 400/422 "response_format ... not supported"): the ladder moves one
rung down and never re-sends it. A transport error (connection, timeout, 408/429/502/503/504)
is worth sending again.
"""

from __future__ import annotations

from pathlib import Path

import openai

from agentic_rag.wordlists import load_wordlist

_FORMAT_WORDS = load_wordlist(Path(__file__).with_name("format_refusal_words.yaml")).words
_OVERFLOW_WORDS = ("context_length", "context length", "context window", "too long")
_TRANSIENT_STATUS = frozenset({408, 429, 502, 503, 504})


def _error_text(exc: BaseException) -> str:
    body = getattr(exc, "body", None)
    return f"{exc} {body if body is not None else ''}".lower()


def refuses_format(exc: BaseException) -> bool:
    """Whether `exc` is the server saying no to the requested output format or tools."""
    if isinstance(exc, NotImplementedError):
        return True
    text = _error_text(exc)
    if any(w in text for w in _OVERFLOW_WORDS):
        return False
    names_format = any(w in text for w in _FORMAT_WORDS)
    status = getattr(exc, "status_code", None)
    if isinstance(status, int):
        return 400 <= status < 600 and names_format
    return names_format and "not supported" in text


def is_transport_error(exc: BaseException) -> bool:
    """Errors worth sending the same request again for: the connection, not the request."""
    if refuses_format(exc):
        return False
    if isinstance(exc, openai.APIConnectionError | ConnectionError):  # includes timeouts
        return True
    return getattr(exc, "status_code", None) in _TRANSIENT_STATUS
