"""The one redaction: secrets never reach a sink (logs, traces, the thread store, caches,
usage and error notes, answers, the page).

`register_secrets` takes the key values from `Settings` (OpenAI, OMDb) once the app is
opened (and the OMDb tool registers the key it uses). `redact` replaces every registered
key, in any casing and even split by whitespace or line breaks (a model or a server may
echo it back reformatted), every `apikey=` value and every `Authorization: Bearer` value
with `***`. It is applied:

- to every log record, from any library, when the record is created (a log-record
  factory: message, exception text and stack text);
- to every state update of the agent graph (`agent/graph/build.py`), so answers, usage
  notes, error notes, tool results, traces and checkpoints hold no key;
- to every value written to the tool cache (`tools/cache.py`) and every OMDb message;
- to everything the page shows (`markup.escape_markdown`, `markup.safe_markdown`).
"""

from __future__ import annotations

import dataclasses
import logging
import re
import threading
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

_APIKEY = re.compile(r"(apikey=)[^&\s\"'>]+", re.IGNORECASE)
_BEARER = re.compile(r"(authorization\s*[:=]\s*\"?bearer\s+)[^\s\"',;]+", re.IGNORECASE)
_MIN_SECRET = 6  # shorter values would redact ordinary words
_secrets: set[str] = set()
_pattern: re.Pattern[str] | None = None
_lock = threading.Lock()
_installed: Callable[..., logging.LogRecord] | None = None


def redact(text: str) -> str:
    """`text` with every registered secret (any casing, split by whitespace), any `apikey=`
    value and any bearer token replaced by ***."""
    if not isinstance(text, str) or not text:
        return text
    pattern = _pattern
    if pattern is not None:
        text = pattern.sub("***", text)
    low = text.lower()
    if "apikey=" in low:
        text = _APIKEY.sub(r"\1***", text)
    if "bearer" in low:
        text = _BEARER.sub(r"\1***", text)
    return text


def redact_value(value: Any) -> Any:
    """`value` with `redact` applied to every string in it (dicts, lists, tuples, pydantic
    models such as LangChain messages, dataclasses such as LangGraph's `Overwrite`); other
    objects are returned as they are."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {redact_value(k): redact_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(redact_value(v) for v in value)
    if isinstance(value, BaseModel):  # LangChain messages, tool results
        fields = type(value).model_fields
        return value.model_copy(update={k: redact_value(getattr(value, k)) for k in fields})
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [f for f in dataclasses.fields(value) if f.init]
        changes = {f.name: redact_value(getattr(value, f.name)) for f in fields}
        return dataclasses.replace(value, **changes)
    return value


def _compile(secrets: set[str]) -> re.Pattern[str] | None:
    if not secrets:
        return None
    spelled = [r"\s*".join(map(re.escape, s)) for s in sorted(secrets, key=len, reverse=True)]
    return re.compile("|".join(spelled), re.IGNORECASE)


def register_secrets(*values: Any) -> None:
    """Remember secret values (str or pydantic `SecretStr`) and redact them from all logs."""
    global _installed, _pattern
    with _lock:
        for value in values:
            raw = value.get_secret_value() if hasattr(value, "get_secret_value") else value
            if isinstance(raw, str) and len(raw.strip()) >= _MIN_SECRET:
                _secrets.add(raw.strip())
        _pattern = _compile(_secrets)
        if _installed is None:
            _installed = logging.getLogRecordFactory()
            logging.setLogRecordFactory(_redacting_factory)


def _redacting_factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
    assert _installed is not None
    record = _installed(*args, **kwargs)
    try:
        message = record.getMessage()
    except Exception:  # a broken format string: leave it to the handler to report
        return record
    clean = redact(message)
    if clean != message:
        record.msg, record.args = clean, None
    if record.exc_info and record.exc_info[0] is not None:
        record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
    if record.stack_info:
        record.stack_info = redact(record.stack_info)
    return record
