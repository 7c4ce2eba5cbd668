"""Faults on the scale path, measured: a store server paused or killed in the middle of a turn
(full catalog, real servers on loopback). Per fault: how long the turn took against its
deadline, whether the answer names the failed source, and whether the next turn after the
server is back is whole again. The same faults are asserted in tests/servers/test_faults.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from agentic_rag.bench.load import scratch_settings
from agentic_rag.bench.report import Figure
from agentic_rag.bench.server_stack import ServerStack, server_stack
from agentic_rag.config import Settings
from agentic_rag.local_servers import LocalServer

GRAPH_Q = "Which movies did Christopher Nolan direct?"
VECTOR_Q = "Thrillers about a heist inside people's dreams"


@dataclass
class Fault:
    label: str
    server: str  # attribute of ServerStack
    action: str  # "pause" | "kill"
    tool: str  # the fault lands inside this tool's first query
    question: str
    named: str  # what the answer must name


FAULTS = (
    Fault("FalkorDB paused", "falkordb", "pause", "cypher", GRAPH_Q, "cypher"),
    Fault("FalkorDB killed", "falkordb", "kill", "cypher", GRAPH_Q, "cypher"),
    Fault("Chroma paused", "chroma", "pause", "semantic", VECTOR_Q, "semantic"),
    Fault("Chroma killed", "chroma", "kill", "semantic", VECTOR_Q, "semantic"),
    Fault("PostgreSQL paused", "postgres", "pause", "cypher", GRAPH_Q, "Conversation memory"),
    Fault("PostgreSQL killed", "postgres", "kill", "cypher", GRAPH_Q, "Conversation memory"),
)


@contextlib.contextmanager
def tripwire(stores: Any, handle: str, method: str, fault: Callable[[], None]) -> Iterator[None]:
    """Inject `fault` when the turn first calls `stores.<handle>.<method>` (e.g. the graph's
    `ro_query`, the collection's `query`): the handle's method is shadowed for the turn."""
    inner = getattr(stores, handle)
    original = getattr(inner, method)
    fired = False

    def call(*args: Any, **kwargs: Any) -> Any:
        nonlocal fired
        if not fired:
            fired = True
            fault()
        return original(*args, **kwargs)

    object.__setattr__(inner, method, call)
    try:
        yield
    finally:
        with contextlib.suppress(AttributeError):
            object.__delattr__(inner, method)


#: tool -> (store handle, method) its queries go through
CALL_SITES = {"cypher": ("graph", "ro_query"), "semantic": ("collection", "query")}


def _recover(server: LocalServer, action: str) -> None:
    server.resume() if action == "pause" else server.restart()


def _healthy(values: dict[str, Any], tool: str) -> bool:
    statuses = {r["status"] for r in values["results"].values() if r["tool"] == tool}
    return "ok" in statuses and not values.get("notices")


async def _measure(runtime: Any, servers: ServerStack, fault: Fault, n: int) -> list[Figure]:
    server: LocalServer = getattr(servers, fault.server)
    action = server.pause if fault.action == "pause" else server.kill
    start = time.perf_counter()
    try:
        with tripwire(runtime.stores, *CALL_SITES[fault.tool], action):
            values = await runtime.ask(fault.question, f"fault-{n}")
    finally:
        took = time.perf_counter() - start
        start = time.perf_counter()
        _recover(server, fault.action)
        recover_s = time.perf_counter() - start
    after = await runtime.ask(fault.question, f"fault-{n}-after")
    deadline = runtime.settings.turn_deadline_s
    named = fault.named in (values.get("answer") or "")
    whole = _healthy(after, fault.tool)
    return [
        Figure(
            f"{fault.label} mid-turn: turn time",
            took,
            "s",
            target=f"< {deadline:g} s deadline",
            met=took < deadline,
        ),
        Figure(f"{fault.label}: answer names it", int(named), "", target="1", met=named),
        Figure(f"{fault.label}: server back in", recover_s, "s"),
        Figure(f"{fault.label}: next turn whole", int(whole), "", target="1", met=whole),
    ]


def bench_faults(settings: Settings) -> list[Figure]:
    from agentic_rag.runtime import AppRuntime

    with contextlib.ExitStack() as stack:
        servers = stack.enter_context(server_stack(settings))
        scratch = stack.enter_context(
            scratch_settings(
                settings,
                database_url=servers.postgres.url,
                chroma_url=servers.chroma.url,
                falkordb_url=servers.falkordb.url,
                semantic_cache_ttl_s=0,  # every turn must reach the server
            )
        )
        runtime = AppRuntime.open(scratch)
        stack.callback(runtime.close)

        async def run() -> list[Figure]:
            for question in (GRAPH_Q, VECTOR_Q):
                await runtime.ask(question, "fault-warm")
            figures: list[Figure] = []
            for n, fault in enumerate(FAULTS):
                figures += await _measure(runtime, servers, fault, n)
            return figures

        return asyncio.run(run())
