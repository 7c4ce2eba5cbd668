"""The one escaping path for the page: every string from a user, the catalog, a tool,
OMDb, the web or a model reaches markdown through `escape_markdown` (literal text) or
`safe_markdown` (a model's or the offline writer's answer), never as raw markdown.

- `escape_markdown`: every ASCII punctuation character with a meaning is backslash-escaped
  (CommonMark renders an escaped punctuation character as itself), so no syntax survives: links,
  autolinks (`www.`, `https://`, e-mail), images, HTML and entities, headings, lists,
  tables, emphasis, code, `$` math, `:red[...]` directives; a colon followed by a word also
  gets a word joiner (U+2060), so plugins that read rendered text (emoji short codes
  `:smile:`, icons `:material/home:`) see no name; leading indentation becomes no-break
  spaces (no code blocks). `one_line=True` for labels, table cells, captions, buttons.
- `safe_markdown`: keeps a model's formatting (emphasis, lists, tables, headings, code) but
  nothing that loads, links or colours: images become a note, links become their text
  followed by the target as literal text, autolinks and bare URLs are escaped, and raw
  HTML, entities, `$`, directives and emoji short codes are neutralised as above.
"""

from __future__ import annotations

import re
from typing import Any

from agentic_rag.redaction import redact

#: Every ASCII punctuation character markdown, GFM, HTML or Streamlit give a meaning to
#: (all but ' " , ; ? %, which only mean something inside a link, whose brackets are escaped).
_PUNCT = re.compile(r"([!#$&()*+\-./:<=>@\[\\\]^_`{|}~])")
_COLON_WORD = re.compile(r"(:)(?=[A-Za-z+\-])")  # `:smile:`, `:+1:`, `:material/x:`
WORD_JOINER = "\u2060"
_LEAD = re.compile(r"^[ \t]+", re.MULTILINE)
_URL = re.compile(r"https?://[^\s<>()\[\]`\\]+")
_CITE = re.compile(r"\[(\d{1,3})\](?!\()")
#: What a model's answer may hold that loads, links or colours, one alternative each;
#: `safe_markdown` rewrites every match and leaves the rest (its formatting) as it is.
_ANSWER_LIVE = re.compile(
    r"(?P<escaped>\\(?P<escaped_char>[!-/:-@\[-`{-~]))"
    r"|(?P<image>!\[(?P<alt>[^\[\]\n]*)\]\([^()\n]*\))"
    r"|(?P<link>(?<!!)\[(?P<text>[^\[\]\n]*)\]\(\s*<?(?P<target>[^()<>\s]*)>?"
    r"(?:\s+\"[^\"\n]*\")?\s*\))"
    r"|(?P<refdef>^[ ]{0,3}\[[^\]\n]+\]:[^\n]*$)"
    r"|(?P<autolink><[A-Za-z][A-Za-z0-9+.\-]*:[^<>\s]*>)"
    r"|(?P<bare>(?:[A-Za-z][A-Za-z0-9+.\-]*://|www\.)[^\s<>()\[\]]+|[\w.+-]+@[\w-]+\.[\w.-]+)"
    r"|(?P<bang>!(?=\[))"
    r"|(?P<paren>\]\()"
    r"|(?P<colon>:(?=[A-Za-z+\-]))"
    r"|(?P<char>[<>&$:])",
    re.MULTILINE,
)


def escape_markdown(text: Any, one_line: bool = False) -> str:
    """`text` as literal markdown: it renders exactly as written, with no formatting."""
    value = redact("" if text is None else str(text))
    if one_line:
        value = " ".join(value.split())
    value = _COLON_WORD.sub(":" + WORD_JOINER, _PUNCT.sub(r"\\\1", value))
    return _LEAD.sub(lambda m: "\u00a0" * len(m.group(0).expandtabs(4)), value)


def escape_cell(value: Any, width: int) -> str:
    """A table cell: one line, at most `width` characters of text, escaped."""
    if isinstance(value, float):
        value = round(value, 3)
    if isinstance(value, list | tuple):
        value = ", ".join(str(v) for v in value)
    text = " ".join(("" if value is None else str(value)).split())
    if len(text) > width:
        text = text[: width - 1] + "…"
    return escape_markdown(text, one_line=True)


def safe_markdown(text: str) -> str:
    """Markdown that loads, links and colours nothing, with its formatting kept."""
    return _ANSWER_LIVE.sub(_neutralise, redact(text or ""))


def _neutralise(m: re.Match[str]) -> str:
    if m.group("escaped") is not None:  # already literal (escape_markdown's own output)
        return "\\:" + WORD_JOINER if m.group("escaped_char") == ":" else m.group(0)
    if m.group("image") is not None:
        return f"[image not loaded: {escape_markdown(m.group('alt'), True) or 'untitled'}]"
    if m.group("link") is not None:
        text, target = m.group("text"), escape_markdown(m.group("target"), True)
        return f"{safe_markdown(text)} ({target})" if target else safe_markdown(text)
    if m.group("bang") is not None:
        return "!\\"  # `!\[` is a literal bracket, never an image
    if m.group("paren") is not None:
        return "]\\("  # whatever link syntax is left loses its target
    if m.group("colon") is not None:
        return "\\:" + WORD_JOINER
    if m.group("char") is not None:
        return escape_markdown(m.group(0))
    return escape_markdown(m.group(0), one_line=True)  # reference definitions, URLs


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
