"""Runaway SQL never holds up other turns: with 8 queries running to their deadline, a
normal turn answers within its usual time + 1 s, and this process's memory does not
grow with the runaways' work (it happens in worker processes)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from agentic_rag.runtime import AppRuntime
from agentic_rag.tools.audit import AuditLog
from agentic_rag.tools.base import ToolStatus
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.sql import workers
from agentic_rag.tools.sql.tool import SqlArgs, sql_tool

RUNAWAY = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
RUNAWAYS = 8
RUNAWAY_TIMEOUT_S = 6.0
QUESTION = "how many movies are there"


@pytest.fixture(scope="module")
def runtime(built_settings):
    rt = AppRuntime.open(built_settings)
    yield rt
    rt.close()


async def timed_turn(rt: AppRuntime, thread: str) -> float:
    started = time.perf_counter()
    values = await rt.ask(QUESTION, thread, persist=False)
    assert values["answer"]
    return time.perf_counter() - started


async def test_a_normal_turn_answers_while_eight_runaways_run(runtime, built_settings, stores,
                                                              tmp_path: Path):  # fmt: skip
    usual = min([await timed_turn(runtime, f"warm-{i}") for i in range(3)])
    settings = built_settings.model_copy(update={"sql_timeout_s": RUNAWAY_TIMEOUT_S})
    deps = ToolDeps(settings=settings, stores=stores, audit=AuditLog(tmp_path / "audit.jsonl"))
    runaways = [
        asyncio.create_task(sql_tool(SqlArgs(query=RUNAWAY), deps, f"r{i}"))
        for i in range(RUNAWAYS)
    ]
    await asyncio.sleep(1.0)  # all eight are running in their workers
    assert workers.live_queries() >= RUNAWAYS
    during = await timed_turn(runtime, "during")
    assert not any(t.done() for t in runaways), "the runaways ended before the turn was timed"
    results = await asyncio.gather(*runaways)
    assert during < usual + 1.0, (usual, during)
    assert all(r.status is ToolStatus.TIMEOUT for r in results)
