"""The one escaping path for the page: every string from a user, a tool, a model or the
catalog is shown through `escape_markdown` (literal text) or `safe_markdown` (a model's
or the offline renderer's markdown answer), never as raw markdown.

- `escape_markdown`: backslash-escapes every character markdown, HTML or Streamlit's
  extensions (`:red[...]` directives, `$` math, `:emoji:`) give a meaning to, so the text
  renders exactly as written; `one_line=True` for labels (expanders, captions).
- `safe_markdown`: keeps formatting (bold, lists, tables, links) but loads nothing: every
  `![` is escaped, so no image syntax (inline, nested brackets, reference-style) survives;
  raw HTML and autolinks are escaped; links to non-web schemes lose their target.
"""

from __future__ import annotations

import re
from typing import Any

_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:&])")
_SIMPLE_IMAGE = re.compile(r"!\[([^\[\]\n]*)\]\([^()\n]*\)")
_IMAGE_START = re.compile(r"!(?=\[)")
_HTML = re.compile(r"<(?=[A-Za-z/!?])")
_LINK_TARGET = re.compile(
    r"(?:\]\(|^[ ]{0,3}\[[^\]\n]+\]:)\s*<?\s*([A-Za-z][A-Za-z0-9+.\-]*):", re.MULTILINE
)
_WEB_SCHEMES = frozenset({"http", "https", "mailto"})
_URL = re.compile(r"https?://[^\s<>()\[\]`\\]+")
_CITE = re.compile(r"\[(\d{1,3})\](?!\()")


def escape_markdown(text: Any, one_line: bool = False) -> str:
    """`text` as literal markdown: it renders exactly as written, with no formatting."""
    value = "" if text is None else str(text)
    if one_line:
        value = " ".join(value.split())
    return _SPECIAL.sub(r"\\\1", value)


def safe_markdown(text: str) -> str:
    """Markdown that loads nothing: no images of any syntax, no raw HTML, web links only."""
    text = _SIMPLE_IMAGE.sub(
        lambda m: f"[image not loaded: {escape_markdown(m.group(1)) or 'untitled'}]", text or ""
    )
    text = _IMAGE_START.sub(r"!\\", text)  # `!\[` is a literal bracket, never an image
    text = _HTML.sub("&lt;", text)
    return _LINK_TARGET.sub(_drop_unsafe_scheme, text)


def _drop_unsafe_scheme(m: re.Match[str]) -> str:
    if m.group(1).lower() in _WEB_SCHEMES:
        return m.group(0)
    return m.group(0)[: m.start(1) - m.start(0)] + "#unsafe-link-removed-"


def safe_url(url: Any) -> str:
    """A web URL as an autolink; anything else as escaped text."""
    value = str(url or "")
    return f"<{value}>" if _URL.fullmatch(value) else escape_markdown(value, one_line=True)


def _tooltip(citation: dict[str, Any]) -> str:
    labels = [r.get("label") or r.get("ref") for r in citation.get("refs") or []]
    shown = ", ".join(str(x) for x in labels[:6]) + (" …" if len(labels) > 6 else "")
    text = f"{citation['tool']} {citation['call_id']}: {shown}" if shown else citation["tool"]
    return text.replace('"', "'").replace("\\", "/").replace("\n", " ")[:300]


def link_citations(text: str, citations: list[dict[str, Any]], anchor: str = "sources") -> str:
    """Turn [n] into a link to this answer's source `n` (the element `#{anchor}-source-{n}`)
    whose hover text names the cited sources. `anchor` is the answer's own, unique on the page,
    made of letters, digits and hyphens."""
    by_number = {c["number"]: c for c in citations}
    anchor = re.sub(r"[^A-Za-z0-9-]", "", anchor) or "sources"

    def replace(m: re.Match[str]) -> str:
        c = by_number.get(int(m.group(1)))
        target = f"#{anchor}-source-{int(m.group(1))}"
        return f'[[{m.group(1)}]]({target} "{_tooltip(c)}")' if c else m.group(0)

    return _CITE.sub(replace, text)
