"""The one boundary for text from outside: undecodable bytes and control characters.

Every string that enters the app (a question, a tool argument written by a model, a
command-line argument) passes here before anything else reads it:

- `decode_lenient`: bytes, or a `str` carrying undecodable bytes as lone surrogates
  (how Python hands over invalid UTF-8 from the command line), become valid text with
  U+FFFD in place of what could not be decoded;
- `control_chars` / `refuse_controls`: C0/C1 control characters (except tab and line
  breaks), and invisible bidi/format characters that reorder or hide text, are refused
  in queries: a NUL byte ends a C string early on the server and cuts off what a guard
  appended (a LIMIT);
- `clean_text`: for free text such as a question, control characters become spaces and
  invisible ones are dropped;
- `for_prompt`: outside text as it goes inside a prompt fence: HTML entities and literal
  `\\uXXXX` escapes decoded, NFKC-normalised (full-width and small-form look-alikes become
  ASCII), other angle-bracket look-alikes mapped to `<`/`>`, invisible characters dropped;
  only then is the fence's tag name looked for (and removed) and `<`/`>` escaped, so no
  spelling of a closing marker survives;
- `append_line_atomically`: how text that came in this way is written to a log.
"""

from __future__ import annotations

import contextlib
import html
import os
import re
import tempfile
import unicodedata
from pathlib import Path

from agentic_rag.errors import QueryRefusedError

ALLOWED_CONTROLS = frozenset("\t\n\r")
#: Format characters that reorder or hide text (bidi marks, overrides and isolates, zero-width
#: space, word joiner, BOM). The zero-width (non-)joiners stay: Indic scripts and emoji need them.
INVISIBLE = frozenset(
    "\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff"
)


_ANGLES = str.maketrans(
    dict.fromkeys("\u2039\u3008\u27e8\u276e\u02c2\u1438\u00ab\u2329\u27ea\u29fc", "<")
    | dict.fromkeys("\u203a\u3009\u27e9\u276f\u02c3\u1433\u00bb\u232a\u27eb\u29fd", ">")
)
_JSON_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")
_DECODE_ROUNDS = 3  # `&amp;lt;` and the like: decode until nothing changes, at most this often


def for_prompt(text: str, tag: str) -> str:
    """`text` safe inside a `<tag ...>` fence: no spelling of `tag` and no `<`/`>` left."""
    value = str(text)
    for _ in range(_DECODE_ROUNDS):
        decoded = _JSON_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), html.unescape(value))
        if decoded == value:
            break
        value = decoded
    value = unicodedata.normalize("NFKC", value).translate(_ANGLES)
    value = "".join(ch for ch in value if ch not in INVISIBLE)
    words = re.split(r"[\W_]+", tag)
    marker = re.compile(r"[\W_]*".join(map(re.escape, words)), re.IGNORECASE)
    value = marker.sub("(fence marker removed)", value)
    return value.replace("<", "\\u003c").replace(">", "\\u003e")


def decode_lenient(value: str | bytes) -> str:
    """Valid text from bytes or from a str holding surrogate-escaped bytes; never raises."""
    if isinstance(value, bytes | bytearray):
        return bytes(value).decode("utf-8", "replace")
    try:
        value.encode("utf-8")
        return value
    except UnicodeEncodeError:
        pass
    try:
        return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:  # surrogates outside the escape range
        return "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in value)


def _is_control(ch: str) -> bool:
    if ch in ALLOWED_CONTROLS:
        return False
    return unicodedata.category(ch) in ("Cc", "Cs") or ch in INVISIBLE


def control_chars(text: str) -> list[str]:
    """The distinct control (and invisible format) characters in `text`, as U+XXXX."""
    return list(dict.fromkeys(f"U+{ord(ch):04X}" for ch in text if _is_control(ch)))


def refuse_controls(text: str, what: str = "The query") -> None:
    """Raise `QueryRefusedError` naming the control characters in `text`, if any."""
    found = control_chars(text)
    if found:
        raise QueryRefusedError(
            f"{what} contains control characters ({', '.join(found[:5])}); remove them."
        )


def clean_text(value: str | bytes) -> str:
    """Decoded text with control characters replaced by spaces and invisible ones removed."""
    text = decode_lenient(value)
    if not any(_is_control(ch) for ch in text):
        return text
    return "".join(("" if ch in INVISIBLE else " ") if _is_control(ch) else ch for ch in text)


def controls_in(value: object) -> list[str]:
    """Control characters in any string inside `value` (dicts, lists, Pydantic models)."""
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    if isinstance(value, str):
        return control_chars(value)
    if isinstance(value, dict):
        items: list[object] = [*value.keys(), *value.values()]
    elif isinstance(value, list | tuple | set):
        items = list(value)
    else:
        return []
    return list(dict.fromkeys(c for item in items for c in controls_in(item)))


def append_line_atomically(path: Path, line: str) -> None:
    """Append one line to a JSON-lines file so that the file is always either the old or
    the new content: the line is encoded first (lone surrogates become '?', never an error),
    then the whole file is written to a temp file beside it and swapped in."""
    data = (line.rstrip("\n") + "\n").encode("utf-8", "replace")
    path.parent.mkdir(parents=True, exist_ok=True)
    old = path.read_bytes() if path.exists() else b""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(old + data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
