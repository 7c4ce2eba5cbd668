"""A benchmark that cannot run on this machine (no chromium, a server that cannot start)
raises `BenchSkipped`; the runner reports the suite as skipped, with the reason, instead of
each benchmark writing its own "skipped" figure."""

from __future__ import annotations

from agentic_rag.bench.report import Figure
from agentic_rag.ui.browser import chromium_path


class BenchSkipped(Exception):
    """What this machine lacks, in a few words."""


def require_chromium() -> str:
    chromium = chromium_path()
    if chromium is None:
        raise BenchSkipped("chromium not installed")
    return chromium


def skipped(suite: str, exc: BenchSkipped) -> list[Figure]:
    return [Figure(f"{suite} benchmark skipped: {exc}", 0, "")]
