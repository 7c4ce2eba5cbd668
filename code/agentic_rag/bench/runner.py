"""Run the benchmark suites in order, print each one's figures, and write docs/benchmarks.md."""

from __future__ import annotations

import os
import platform
import sys
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

from agentic_rag.bench.report import Figure, print_figures
from agentic_rag.bench.skip import BenchSkipped, skipped
from agentic_rag.config import PROJECT_ROOT, Settings, load_settings

REPORT = PROJECT_ROOT / "docs" / "benchmarks.md"
VERSIONS = (
    "langgraph",
    "langchain-openai",
    "chromadb",
    "falkordblite",
    "onnxruntime",
    "streamlit",
    "sqlglot",
)


def _suites() -> dict[str, Callable[[Settings], list[Figure]]]:
    from agentic_rag.bench import (
        agent,
        browsers,
        cli,
        data_build,
        faults,
        hostile,
        load,
        page,
        prompts,
        replicas,
        tools,
    )

    return {
        "build": data_build.bench_build,
        "embedding": data_build.bench_embedding,
        "tools": tools.bench_tools,
        "executor": agent.bench_executor,
        "overhead": agent.bench_overhead,
        "offline": agent.bench_offline_turns,
        "cli": cli.bench_cli,
        "page": page.bench_page,
        "load": load.bench_load,
        "memory": load.bench_memory,
        "replicas": replicas.bench_replicas,
        "browsers": browsers.bench_browsers,
        "faults": faults.bench_faults,
        "hostile": hostile.bench_hostile,
        "prompts": prompts.bench_prompt_budget,
    }


def machine() -> list[str]:
    versions = []
    for name in VERSIONS:
        try:
            versions.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            continue
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return [
        f"- cores: {os.cpu_count()}, Python {sys.version.split()[0]}, {platform.platform()}",
        f"- load average when started: {load:.2f}",
        f"- {', '.join(versions)}",
    ]


def write_report(results: dict[str, list[Figure]], path: Path = REPORT) -> None:
    lines = [
        "# Benchmarks",
        "",
        f"Written by `make bench` on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC. One run; figures "
        "are medians, percentiles or ratios, never asserted in tests (shared 2-core machines "
        "are noisy).",
        "",
        *machine(),
        "",
    ]
    for suite, figures in results.items():
        lines += [f"## {suite}", "", "| figure | value | target | met |", "|---|---|---|---|"]
        for f in figures:
            met = "" if f.met is None else ("yes" if f.met else "**no**")
            lines.append(f"| {f.name} | {f.formatted()} | {f.target or ''} | {met} |")
        lines.append("")
    path.write_text("\n".join(lines))


def main(argv: Sequence[str] = ()) -> int:
    settings = load_settings()
    suites = _suites()
    chosen = list(argv) or list(suites)
    unknown = [s for s in chosen if s not in suites]
    if unknown:
        print(f"unknown suites {unknown}; choose from {list(suites)}")
        return 2
    results: dict[str, list[Figure]] = {}
    for name in chosen:
        try:
            results[name] = suites[name](settings)
        except BenchSkipped as exc:
            results[name] = skipped(name, exc)
        print_figures(f"benchmark: {name}", results[name])
    if not argv:  # the full run is the report; a partial run only prints
        write_report(results)
        print(f"wrote {REPORT.relative_to(PROJECT_ROOT)}")
    return 0
