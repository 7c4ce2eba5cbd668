"""Executor node: no LLM. Runs every call of the plan at once, each under its own timeout,
all under the turn deadline; reuses the result of a call already run this turn."""

from __future__ import annotations

import asyncio
import contextlib
import time

from agentic_rag.agent.deps import AgentDeps
from agentic_rag.agent.graph.events import CallFinished, CallStarted
from agentic_rag.agent.graph.state import State
from agentic_rag.agent.graph.trace import emit, node_trace
from agentic_rag.agent.models import ExecutionPlan, PlannedCall, call_key
from agentic_rag.tools.base import ToolResult, ToolStatus, error_result


def _earlier_calls(state: State) -> dict[str, str]:
    """call key -> call id, for every call of the earlier plans of this turn."""
    seen: dict[str, str] = {}
    for i, plan in enumerate(state.get("plans") or [], start=1):
        for j, call in enumerate(plan["calls"], start=1):
            seen.setdefault(call_key(call["tool"], call["args"]), f"{i}.{j}")
    return seen


def _open_stores(plan: ExecutionPlan, deps: AgentDeps) -> dict[str, asyncio.Future]:
    """Start opening, in parallel, the stores this plan's tools read (each once per process)."""
    stores = deps.tools.stores
    prefetch = getattr(stores, "prefetch", None)
    if prefetch is None:  # tests may hand the tools a plain object with ready handles
        return {}
    needed = [
        name
        for c in plan.calls
        if (spec := deps.registry.specs.get(c.tool))
        for name in spec.stores
    ]
    names = list(dict.fromkeys(needed))
    return {n: asyncio.wrap_future(f) for n, f in zip(names, prefetch(names), strict=True)}


async def _stores_ready(call: PlannedCall, deps: AgentDeps, opening: dict) -> None:
    """Wait (without blocking the loop) for this call's stores; a failure is the tool's to
    report when it touches the store."""
    spec = deps.registry.specs.get(call.tool)
    for name in spec.stores if spec else ():
        if name in opening:
            with contextlib.suppress(Exception):
                await asyncio.shield(opening[name])


async def _run_one(
    call: PlannedCall, call_id: str, deps: AgentDeps, budget: float, opening: dict
) -> ToolResult:
    wall = time.time()
    emit(CallStarted(call_id=call_id, tool=call.tool, purpose=call.purpose, args=call.args, t=wall))
    spec = deps.registry.specs.get(call.tool)
    limit = min(spec.timeout_s(deps.settings) + 1.0, budget) if spec else budget
    started = time.perf_counter()

    async def run() -> ToolResult:
        await _stores_ready(call, deps, opening)
        return await deps.registry.run(call.tool, call.args, deps.tools, call_id)

    try:
        result = await asyncio.wait_for(run(), timeout=max(limit, 0.05))
    except TimeoutError:
        result = error_result(
            call.tool,
            call_id,
            ToolStatus.TIMEOUT,
            f"{call.tool} was stopped at the turn's time limit ({limit:.1f} s).",
        )
        result.elapsed_ms = round((time.perf_counter() - started) * 1000, 2)
    except Exception as exc:  # registry.run should never raise; belt and braces
        result = error_result(call.tool, call_id, ToolStatus.ERROR, f"{type(exc).__name__}: {exc}")
    emit(CallFinished.from_result(result.model_dump(mode="json"), wall, time.time()))
    return result


def _planned(plan: ExecutionPlan, call_id: str) -> dict:
    call = plan.calls[int(call_id.split(".")[1]) - 1]
    return {"purpose": call.purpose, "args": call.args}


async def executor(state: State, deps: AgentDeps) -> dict:
    iteration = state["iteration"]
    plan = ExecutionPlan(**state["plans"][-1])
    earlier = _earlier_calls(state)
    previous = state.get("results") or {}
    budget = max(deps.budget_before_synthesis(state["deadline"]), 0.1)
    start = time.time()

    opening = _open_stores(plan, deps)
    jobs: dict[str, asyncio.Task | str] = {}
    this_plan: dict[str, str] = {}
    for j, call in enumerate(plan.calls, start=1):
        call_id = f"{iteration}.{j}"
        key = call.key
        source = this_plan.get(key) or (earlier.get(key) if earlier.get(key) in previous else None)
        if source:
            jobs[call_id] = source  # reuse, don't run again
            continue
        this_plan[key] = call_id
        jobs[call_id] = asyncio.ensure_future(_run_one(call, call_id, deps, budget, opening))

    tasks = [t for t in jobs.values() if isinstance(t, asyncio.Task)]
    if tasks:
        await asyncio.gather(*tasks)
    results: dict[str, dict] = {}
    for call_id, job in jobs.items():
        if isinstance(job, asyncio.Task):
            results[call_id] = job.result().model_dump(mode="json")
    for call_id, job in jobs.items():
        if isinstance(job, str):
            original = results.get(job) or previous[job]
            reused = {
                **original,
                "call_id": call_id,
                "reused_from": job,
                "elapsed_ms": 0.0,
                "message": f"same call as {job}; result reused. {original.get('message', '')}",
            }
            results[call_id] = reused
            now = time.time()
            emit(
                CallStarted(call_id=call_id, tool=reused["tool"], t=now, **_planned(plan, call_id))
            )
            emit(CallFinished.from_result(reused, now, now))
    return {
        "results": results,
        "trace": [node_trace("executor", iteration, start, time.time())],
    }
