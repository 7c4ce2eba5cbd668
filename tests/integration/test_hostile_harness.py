"""One harness for hostile input: every line of `tests/data/hostile_inputs.jsonl` is one
input of one class, and each is checked against the invariants of its class.

- sql / cypher: the call ends within its deadline; this process (SQL) or the graph server
  (Cypher) stays within its memory cap; a normal query right after answers within 1 s;
  the data files are byte-identical afterwards.
- markup: the escaped text, parsed as CommonMark + GFM (tables, strikethrough, linkify),
  holds nothing but text; no `$`, `:directive[`, `:emoji:` or entity is left live.
- fence: after NFKC and entity decoding, the fenced text names the fence tag exactly
  twice (its own opening and closing markers).
- cli_thread: undecodable bytes in `--thread` give a one-line error, never a traceback.
- secret: a key echoed back in any casing or split across a line break is redacted.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from agentic_rag.agent.citations import FENCE_TAG, fence_untrusted
from agentic_rag.agent.rules.rows import cell, render_result
from agentic_rag.bench.hostile import PeakRss
from agentic_rag.markup import escape_markdown, safe_markdown
from agentic_rag.redaction import redact, register_secrets
from agentic_rag.tools.audit import AuditLog
from agentic_rag.tools.base import ToolResult, ToolStatus
from agentic_rag.tools.cypher.tool import CypherArgs, cypher_tool
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.sql.tool import SqlArgs, sql_tool
from tests.conftest import PROJECT_ROOT, store_env

INPUTS = Path(__file__).parents[1] / "data" / "hostile_inputs.jsonl"
CASES = [json.loads(line) for line in INPUTS.read_text(encoding="utf-8").splitlines() if line]
SECRET = "sk-hostile-KEY0123456789abcdef"
SQL_TIMEOUT_S = 1.0
CYPHER_TIMEOUT_S = 2.0
GRACE_S = 1.5  # a call may end this much after its deadline
NORMAL_S = 1.0  # a normal query right after a hostile one answers within this
PROCESS_GROWTH_MB = 64  # this process's RSS may grow this much while a SQL input runs
SERVER_GROWTH_MB = 200  # the graph server's RSS may grow this much over a Cypher input


def cases(cls: str) -> list[pytest.param]:
    return [pytest.param(c["input"], id=f"{cls}-{i}-{c['note']}") for i, c in
            enumerate(x for x in CASES if x["class"] == cls)]  # fmt: skip


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def deps(built_settings, stores, tmp_path) -> ToolDeps:
    settings = built_settings.model_copy(
        update={"sql_timeout_s": SQL_TIMEOUT_S, "cypher_timeout_s": CYPHER_TIMEOUT_S}
    )
    return ToolDeps(settings=settings, stores=stores, audit=AuditLog(tmp_path / "audit.jsonl"))


@pytest.mark.parametrize("query", cases("sql"))
async def test_sql_input(deps, built_settings, query):
    before = sha(Path(built_settings.sqlite_path))
    started = time.perf_counter()
    with PeakRss(os.getpid()) as rss:
        result = await sql_tool(SqlArgs(query=query), deps, "h1")
    took = time.perf_counter() - started
    assert took < SQL_TIMEOUT_S + GRACE_S, (took, result.status, result.message)
    assert rss.growth_mb < PROCESS_GROWTH_MB, (rss.growth_mb, result.message)
    started = time.perf_counter()
    normal = await sql_tool(SqlArgs(query="SELECT title FROM shows LIMIT 3"), deps, "h2")
    assert normal.status is ToolStatus.OK, normal.message
    assert time.perf_counter() - started < NORMAL_S
    assert sha(Path(built_settings.sqlite_path)) == before


@pytest.mark.parametrize("query", cases("cypher"))
async def test_cypher_input(deps, stores, built_settings, query):
    rdb = Path(built_settings.falkordb_path)
    before = sha(rdb)
    server = stores.graph._server
    started = time.perf_counter()
    with PeakRss(server.pid) as rss:
        result = await cypher_tool(CypherArgs(query=query), deps, "h1")
        took = time.perf_counter() - started
        assert took < CYPHER_TIMEOUT_S + GRACE_S, (took, result.status, result.message)
        started = time.perf_counter()
        normal = await cypher_tool(
            CypherArgs(query="MATCH (s:Show) RETURN s.title AS t LIMIT 3"), deps, "h2"
        )
        normal_s = time.perf_counter() - started
    assert normal.status is ToolStatus.OK, normal.message
    assert normal_s < NORMAL_S, (normal_s, result.status, result.message)
    assert rss.growth_mb < SERVER_GROWTH_MB, (rss.growth_mb, result.message)
    assert sha(rdb) == before


_MD = MarkdownIt("commonmark", {"linkify": True}).enable(["table", "strikethrough", "linkify"])
_TEXT_TOKENS = {"paragraph_open", "paragraph_close", "inline", "text", "softbreak", "hardbreak"}
#: Streamlit's own extensions, live when their marker is not backslash-escaped.
_LIVE = [
    re.compile(r"(?<!\\)\$"),  # LaTeX
    re.compile(r"(?<!\\):[A-Za-z][\w/-]*(?:\[|:)"),  # :red[...], :material/x:, :smile:
    re.compile(r"(?<!\\)&#?\w+;"),  # an entity the browser would decode
    re.compile(r"(?<![\\\w])www\."),  # a `www.` autolink (GFM)
    re.compile(r"\w@\w"),  # an e-mail autolink (GFM)
]
#: Plugins that read the rendered text (emoji short codes, icons) see backslashes removed.
_TEXT_LIVE = re.compile(r":[A-Za-z+\-][\w/+\-]*[:\[]")


#: What a model's answer may keep (`safe_markdown`): formatting that loads, links and
#: colours nothing.
_FORMATTING = re.compile(
    r"(heading|bullet_list|ordered_list|list_item|table|thead|tbody|tr|th|td|strong|em|s|"
    r"blockquote|hr)_(open|close)|hr|code_inline|code_block|fence"
)


def live_markup(markdown: str, formatting_allowed: bool = False) -> list[str]:
    found = []
    for token in _MD.parse(markdown):
        for t in [token, *(token.children or [])]:
            if formatting_allowed and _FORMATTING.fullmatch(t.type):
                continue
            if t.type not in _TEXT_TOKENS:
                found.append(t.type)
    found += [p.pattern for p in _LIVE if p.search(markdown)]
    if _TEXT_LIVE.search(re.sub(r"\\(.)", r"\1", markdown)):
        found.append("short code in the rendered text")
    return found


@pytest.mark.parametrize("text", cases("markup"))
def test_markup_input_renders_nothing_live(text):
    for shown in (escape_markdown(text), cell(text)):
        assert live_markup(shown) == [], shown
    answer = safe_markdown(text)
    assert live_markup(answer, formatting_allowed=True) == [], answer


def _answer_tokens(text: str) -> tuple[str, list[str]]:
    """The page's markdown for an offline answer part quoting `text` as an OMDb title and
    plot (message, table cells), and the token types it parses to."""
    result = ToolResult(
        tool="omdb", call_id="1.1", status=ToolStatus.OK, untrusted=True,
        rows=[{"title": text, "plot": text, "year": "2001"}, {"title": "b", "plot": text}],
        message=f"OMDb facts for {text!r} (untrusted text from OMDb).",
    )  # fmt: skip
    shown = safe_markdown(render_result(1, result))
    return shown, [t.type for tok in _MD.parse(shown) for t in [tok, *(tok.children or [])]]


@pytest.mark.parametrize("text", cases("markup"))
def test_offline_answer_quoting_markup_renders_it_as_text(text):
    shown, tokens = _answer_tokens(text)
    assert tokens == _answer_tokens("plain")[1], shown  # the text added no markdown
    assert [p.pattern for p in _LIVE if p.search(shown)] == [], shown


def _normalised(text: str) -> str:
    text = text.replace("\\u003c", "<").replace("\\u003e", ">")
    return unicodedata.normalize("NFKC", html.unescape(text)).casefold()


@pytest.mark.parametrize("text", cases("fence"))
def test_fence_cannot_be_forged(text):
    fenced = fence_untrusted(text)
    assert _normalised(fenced).count(FENCE_TAG) == 2, fenced


@pytest.mark.parametrize("hexed", cases("cli_thread"))
def test_undecodable_thread_id_is_a_one_line_error(built_settings, hexed):
    thread = bytes.fromhex(hexed)
    out = subprocess.run(
        [
            sys.executable.encode(),
            b"-m",
            b"agentic_rag",
            b"ask",
            b"--offline",
            b"--thread",
            thread,
            b"how many titles are there",
        ],
        env={**store_env(built_settings), "PYTHONPATH": str(PROJECT_ROOT / "code")},
        capture_output=True,
        timeout=120,
        cwd=PROJECT_ROOT,
    )
    err = out.stderr.decode("utf-8", "replace").strip()
    assert "Traceback" not in err, err
    assert out.returncode != 0 and len(err.splitlines()) == 1 and "thread" in err.lower(), err


@pytest.mark.parametrize("text", cases("secret"))
def test_echoed_secret_is_redacted(text):
    register_secrets(SECRET)
    clean = redact(text)
    flat = re.sub(r"\s+", "", clean).lower()
    assert SECRET.lower() not in flat, clean
