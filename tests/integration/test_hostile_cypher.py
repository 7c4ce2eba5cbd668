"""Hostile Cypher, by class: expression bombs the server's timeout does not stop, memory
amplification inside one expression, control characters that hide what the guard added,
and a slow server that must get the query once and be named as the cause."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest

from agentic_rag.stores.graph import GraphLimits, GraphStore
from agentic_rag.tools.audit import AuditLog
from agentic_rag.tools.base import ToolStatus
from agentic_rag.tools.cypher import tool as cypher_module
from agentic_rag.tools.cypher.tool import UNREACHABLE, CypherArgs, cypher_tool, graph_schema
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.registry import ToolRegistry

EXPRESSION_BOMBS = [
    "RETURN reduce(s = '', x IN range(1, 5000000) | s + 'x') AS s",
    "RETURN size(reduce(s = 'ab', x IN range(1, 20) | s + s)) AS n",
    "RETURN size([x IN range(1, 3000000) | toString(x) + 'abc']) AS n",
    "MATCH (s:Show) WITH collect(s.title) AS t RETURN size([a IN t | [b IN t | a + b]]) AS n",
    "RETURN size(replace(replace(replace(replace('aaaaaaaa', 'a', 'aaaaaaaa'), 'a', "
    "'aaaaaaaa'), 'a', 'aaaaaaaa'), 'a', 'aaaaaaaa')) AS n",
    "MATCH (s:Show) WHERE s.title =~ '(a+)+$' RETURN s.title",
]
MEMORY_AMPLIFIERS = [
    "UNWIND range(1, 100000000) AS x RETURN count(x) AS n",
    "UNWIND range(1, 2000) AS x UNWIND range(1, 2000) AS y RETURN count(*) AS n",
    "RETURN size(range(0, 50000000)) AS n",
    "UNWIND range(1, 10) AS a UNWIND range(1, 10) AS b UNWIND range(1, 10) AS c "
    "RETURN count(*) AS n",
    "MATCH (s:Show) RETURN size(collect(range(1, 100000))) AS n",
]
CONTROL = ["\x00", "\x1b", "\x0b", "\u202e", "\x7f"]


@pytest.fixture
def deps(built_settings, stores, tmp_path: Path) -> ToolDeps:
    settings = built_settings.model_copy(update={"cypher_timeout_s": 2.0})
    return ToolDeps(settings=settings, stores=stores, audit=AuditLog(tmp_path / "audit.jsonl"))


async def run(deps: ToolDeps, query: str):
    return await cypher_tool(CypherArgs(query=query), deps, "c1")


@pytest.mark.parametrize("query", EXPRESSION_BOMBS + MEMORY_AMPLIFIERS)
async def test_unbounded_expressions_are_refused_before_they_are_sent(deps, query):
    started = time.perf_counter()
    result = await run(deps, query)
    assert result.status is ToolStatus.REFUSED, result.message
    assert any(w in result.message.lower() for w in ("not allowed", "at most", "nested"))
    assert time.perf_counter() - started < 1.0
    assert all(e["status"] == "refused" for e in deps.audit.entries())


async def test_bounded_lists_still_run(deps):
    result = await run(deps, "UNWIND range(1, 5) AS x RETURN sum(x) AS total")
    assert result.status is ToolStatus.OK and result.rows == [{"total": 15}]
    result = await run(deps, "MATCH (s:Show) RETURN [t IN collect(s.title) | toLower(t)][0] AS t")
    assert result.status is ToolStatus.OK, result.message


@pytest.mark.parametrize("char", CONTROL)
async def test_control_characters_are_refused_by_the_guard(deps, char):
    result = await run(deps, f"MATCH (s:Show) RETURN s.title{char}")
    assert result.status is ToolStatus.REFUSED, result.message
    assert "control characters" in result.message and result.rows == []


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("cypher", {"query": "MATCH (s:Show) RETURN s.title\x00"}),
        ("sql", {"query": "SELECT title FROM shows\x00 -- cut"}),
        ("sql", {"query": "SELECT title FROM shows WHERE title = 'a\x1b[31m'"}),
        ("semantic", {"query": "heist\x00 ignore the filters"}),
        ("graph_expand", {"show_ids": ["s1\x00"]}),
    ],
)
async def test_every_tool_argument_is_checked_before_any_guard(built_settings, deps, tool, args):
    registry = ToolRegistry(built_settings)
    result = await registry.run(tool, args, deps, "c1")
    assert result.status is ToolStatus.REFUSED, result.message
    assert "control characters" in result.message


class SilentGraphServer:
    """Speaks just enough RESP: answers every command except GRAPH.RO_QUERY, which it
    counts and never answers (a server busy with an expression it cannot interrupt)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.port = self.sock.getsockname()[1]
        self.queries = 0
        self.config: dict[bytes, bytes] = {}
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._client, args=(conn,), daemon=True).start()

    def _client(self, conn: socket.socket) -> None:
        with conn:
            buf = b""
            while True:
                try:
                    data = conn.recv(65536)
                except OSError:
                    return
                if not data:
                    return
                buf += data
                while b"\r\n" in buf and buf.startswith(b"*"):
                    parts, rest = _parse(buf)
                    if parts is None:
                        break
                    buf = rest
                    if parts[0].upper() == b"GRAPH.RO_QUERY":
                        self.queries += 1  # never answered
                    elif parts[0].upper() == b"HELLO":
                        conn.sendall(b"%1\r\n+proto\r\n:3\r\n")
                    elif parts[0].upper() == b"INFO":
                        text = b"# Server\r\nredis_mode:standalone\r\n"
                        conn.sendall(b"$%d\r\n%s\r\n" % (len(text), text))
                    elif parts[0].upper() == b"GRAPH.CONFIG" and parts[1].upper() == b"GET":
                        key, value = parts[2], self.config.get(parts[2].upper(), b"0")
                        conn.sendall(b"*2\r\n$%d\r\n%s\r\n:%s\r\n" % (len(key), key, value))
                    elif parts[0].upper() == b"GRAPH.CONFIG" and parts[1].upper() == b"SET":
                        self.config[parts[2].upper()] = parts[3]
                        conn.sendall(b"+OK\r\n")
                    else:
                        conn.sendall(b"+OK\r\n")

    def close(self) -> None:
        self.sock.close()


def _parse(buf: bytes) -> tuple[list[bytes] | None, bytes]:
    lines = buf.split(b"\r\n")
    count, i, out = int(lines[0][1:]), 1, []
    for _ in range(count):
        if i + 1 >= len(lines):
            return None, buf
        out.append(lines[i + 1])
        i += 2
    return out, b"\r\n".join(lines[i:])


async def test_a_query_the_server_never_answers_is_sent_once_and_named(deps, stores):
    server = SilentGraphServer()
    store = GraphStore.open_url(
        f"redis://127.0.0.1:{server.port}",
        "catalog",
        GraphLimits(timeout_max_ms=1000, timeout_default_ms=1000),
    )
    cypher_module._INFO[store] = cypher_module.GraphInfo(graph_schema(stores.graph), 1000)
    fake = ToolDeps(
        settings=deps.settings.model_copy(update={"cypher_timeout_s": 1.0}),
        stores=type("S", (), {"graph": store})(),
        audit=deps.audit,
    )
    started = time.perf_counter()
    result = await run(fake, "MATCH (s:Show) RETURN s.title")
    waited = time.perf_counter() - started
    server.close()
    assert result.status is ToolStatus.TIMEOUT, result.message
    assert result.message != UNREACHABLE and "no reply" in result.message
    assert server.queries == 1, f"the query was sent {server.queries} times"
    assert waited < 6.0
