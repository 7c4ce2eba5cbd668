"""Secrets never reach a log line: every log record, from any library, is redacted when
it is created.

`register_secrets` takes the key values from `Settings` (OpenAI, OMDb) once the app is
opened. A log-record factory then replaces each of them, and any `apikey=` query value,
with `***` in the formatted message, the exception text and the stack text of every
record, whatever logger made it and whichever handler prints it (httpx and httpcore log
request URLs and response headers at INFO/DEBUG; a server may echo a key back).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from typing import Any

_APIKEY = re.compile(r"(apikey=)[^&\s\"'>]+", re.IGNORECASE)
_MIN_SECRET = 6  # shorter values would redact ordinary words
_secrets: set[str] = set()
_lock = threading.Lock()
_installed: Callable[..., logging.LogRecord] | None = None


def redact(text: str) -> str:
    """`text` with every registered secret and any `apikey=` value replaced by ***."""
    for secret in _secrets:
        if secret in text:
            text = text.replace(secret, "***")
    return _APIKEY.sub(r"\1***", text) if "apikey=" in text.lower() else text


def register_secrets(*values: Any) -> None:
    """Remember secret values (str or pydantic `SecretStr`) and redact them from all logs."""
    global _installed
    with _lock:
        for value in values:
            raw = value.get_secret_value() if hasattr(value, "get_secret_value") else value
            if isinstance(raw, str) and len(raw) >= _MIN_SECRET:
                _secrets.add(raw)
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
