"""Rendering safety: model and tool text is shown as markdown with no raw HTML and no images."""

from __future__ import annotations

import html
import re
from typing import Any

_IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)]*)\)")
_TAG = re.compile(r"<[^>]{0,200}>")
_CITE = re.compile(r"\[(\d{1,3})\](?!\()")


def safe_markdown(text: str) -> str:
    """Markdown without raw HTML tags or external images (links stay links, shown as text)."""
    text = _IMAGE.sub(lambda m: f"[image not loaded: {m.group(1) or 'untitled'}]", text or "")
    return _TAG.sub(lambda m: html.escape(m.group(0)), text)


def _tooltip(citation: dict[str, Any]) -> str:
    labels = [r.get("label") or r.get("ref") for r in citation.get("refs") or []]
    shown = ", ".join(str(x) for x in labels[:6]) + (" …" if len(labels) > 6 else "")
    text = f"{citation['tool']} {citation['call_id']}: {shown}" if shown else citation["tool"]
    return text.replace('"', "'").replace("\n", " ")[:300]


def link_citations(text: str, citations: list[dict[str, Any]]) -> str:
    """Turn [n] into a link to the sources list whose hover text names the cited sources."""
    by_number = {c["number"]: c for c in citations}

    def replace(m: re.Match[str]) -> str:
        c = by_number.get(int(m.group(1)))
        return f'[[{m.group(1)}]](#sources "{_tooltip(c)}")' if c else m.group(0)

    return _CITE.sub(replace, text)
