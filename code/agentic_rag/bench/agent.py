"""Agent benchmarks: executor parallelism, the graph's own overhead, offline turn latency."""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from langgraph.checkpoint.memory import InMemorySaver
from pydantic import BaseModel

from agentic_rag.agent.deps import make_agent_deps
from agentic_rag.agent.graph.build import build_graph
from agentic_rag.agent.graph.runner import run_turn
from agentic_rag.agent.interfaces import EvalContext, PlanContext, SynthContext, TokenSink, Usage
from agentic_rag.agent.models import EvaluatorDecision, ExecutionPlan, PlannedCall
from agentic_rag.bench.report import Figure
from agentic_rag.bench.tools import percentiles
from agentic_rag.config import Settings
from agentic_rag.tools.base import ToolResult, ToolStatus
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.registry import ToolRegistry, ToolSpec

LATENCIES_MS = (50, 100, 150, 200, 250)
OFFLINE_QUESTIONS = (
    "How many movies from India were released in 2019?",
    "Which movies did Christopher Nolan direct?",
    "Movies starring Leonardo DiCaprio",
    "Who has Shah Rukh Khan worked with most often?",
    "Thrillers about a heist inside people's dreams",
    "How many TV shows were added per year?",
    "Which countries have the most titles?",
    "Who directed Roma?",
    "Documentaries about climate change",
    "TV shows with more than 5 seasons",
    "What are the longest movies?",
    "Korean TV shows about zombies",
)


class SleepArgs(BaseModel):
    ms: int


async def sleep_tool(args: SleepArgs, deps: ToolDeps, call_id: str) -> ToolResult:
    await asyncio.sleep(args.ms / 1000)
    return ToolResult(
        tool="sleep",
        call_id=call_id,
        status=ToolStatus.OK,
        rows=[{"slept_ms": args.ms}],
        message="slept",
    )


class FixedPlanner:
    def __init__(self, latencies: tuple[int, ...]):
        self.calls = [
            PlannedCall(tool="sleep", purpose=f"sleep {ms}", args={"ms": ms}) for ms in latencies
        ]

    async def plan(self, ctx: PlanContext) -> tuple[ExecutionPlan, Usage]:
        return ExecutionPlan(
            reasoning="bench", resolved_question=ctx.question, calls=self.calls
        ), Usage()


class InstantEvaluator:
    async def evaluate(self, ctx: EvalContext) -> tuple[EvaluatorDecision, Usage]:
        return EvaluatorDecision(decision="continue", reasoning="bench", confidence=1.0), Usage()


class InstantSynthesizer:
    async def synthesize(self, ctx: SynthContext, emit: TokenSink) -> tuple[str, Usage]:
        emit("done [1]")
        return "done [1]", Usage()


def _fake_graph(settings: Settings, latencies: tuple[int, ...]):
    registry = ToolRegistry(settings, tools=[ToolSpec("sleep", SleepArgs, sleep_tool, "sleeps")])
    planner, evaluator, synth = FixedPlanner(latencies), InstantEvaluator(), InstantSynthesizer()
    deps = make_agent_deps(
        settings,
        registry,
        ToolDeps(settings=settings),
        "",
        rules=(planner, evaluator, synth),
    )
    return build_graph(deps, checkpointer=InMemorySaver())


def _executor_ms(values: dict[str, Any]) -> float:
    node = next(t for t in values["trace"] if t["node"] == "executor")
    return (node["end"] - node["start"]) * 1000


async def _executor_runs(settings: Settings, rounds: int) -> list[float]:
    graph = _fake_graph(settings, LATENCIES_MS)
    return [_executor_ms(await run_turn(graph, "bench", f"b{i}")) for i in range(rounds)]


async def _overhead_runs(settings: Settings, rounds: int) -> list[float]:
    graph = _fake_graph(settings, (0,))
    await run_turn(graph, "warm-up", "w")
    samples = []
    for i in range(rounds):
        start = time.perf_counter()
        await run_turn(graph, "bench", f"o{i}")
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def bench_executor(settings: Settings, rounds: int = 10) -> list[Figure]:
    walls = asyncio.run(_executor_runs(settings, rounds))
    wall = statistics.median(walls)
    slowest, total = max(LATENCIES_MS), sum(LATENCIES_MS)
    return [
        Figure("executor wall, 5 calls of 50-250 ms (median)", wall, "ms"),
        Figure(
            "executor wall / slowest call",
            wall / slowest,
            "x",
            target="<= 1.15x",
            met=wall / slowest <= 1.15,
        ),
        Figure("executor wall / sum of calls (sequential baseline)", wall / total, "x"),
    ]


def bench_overhead(settings: Settings, rounds: int = 50) -> list[Figure]:
    p50, p95 = percentiles(asyncio.run(_overhead_runs(settings, rounds)))
    return [
        Figure(
            "graph overhead per turn p50 (instant model and tools)",
            p50,
            "ms",
            target="<= 10 ms",
            met=p50 <= 10,
        ),
        Figure("graph overhead per turn p95", p95, "ms"),
    ]


def bench_offline_turns(settings: Settings, rounds: int = 3) -> list[Figure]:
    from agentic_rag.runtime import AppRuntime

    offline = settings.model_copy(update={"offline_mode": True})
    runtime = AppRuntime.open(offline)

    async def run() -> list[float]:
        samples = []
        for question in OFFLINE_QUESTIONS:  # warm-up: lexicon, model session, caches
            await runtime.ask(question, "bench-warm", persist=False)
        for r in range(rounds):
            for i, question in enumerate(OFFLINE_QUESTIONS):
                start = time.perf_counter()
                values = await runtime.ask(question, f"bench-{r}-{i}", persist=False)
                samples.append((time.perf_counter() - start) * 1000)
                if not values.get("answer"):
                    raise RuntimeError(f"no answer for {question!r}")
        return samples

    try:
        p50, p95 = percentiles(asyncio.run(run()))
    finally:
        runtime.close()
    return [
        Figure(f"offline turn p50 ({len(OFFLINE_QUESTIONS)} questions x {rounds})", p50, "ms"),
        Figure("offline turn p95, full catalog", p95, "ms", target="<= 500 ms", met=p95 <= 500),
    ]
