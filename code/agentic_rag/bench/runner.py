"""Run the benchmark suites in order and print each one's figures."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from agentic_rag.bench.report import Figure, print_figures
from agentic_rag.config import Settings, load_settings


def _suites() -> dict[str, Callable[[Settings], list[Figure]]]:
    from agentic_rag.bench import agent, data_build, tools

    return {
        "build": data_build.bench_build,
        "embedding": data_build.bench_embedding,
        "tools": tools.bench_tools,
        "executor": agent.bench_executor,
        "overhead": agent.bench_overhead,
        "offline": agent.bench_offline_turns,
    }


def main(argv: Sequence[str] = ()) -> int:
    settings = load_settings()
    suites = _suites()
    chosen = list(argv) or list(suites)
    unknown = [s for s in chosen if s not in suites]
    if unknown:
        print(f"unknown suites {unknown}; choose from {list(suites)}")
        return 2
    for name in chosen:
        print_figures(f"benchmark: {name}", suites[name](settings))
    return 0
