"""A benchmark this machine cannot run raises `BenchSkipped`; the runner reports it once, the
same way for every suite, and runs the others."""

from __future__ import annotations

import pytest

from agentic_rag.bench import runner
from agentic_rag.bench.report import Figure
from agentic_rag.bench.skip import BenchSkipped, require_chromium
from agentic_rag.config import Settings


def test_a_skipped_suite_is_reported_with_its_reason(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    def lacking(settings: Settings) -> list[Figure]:
        raise BenchSkipped("chromium not installed")

    def fine(settings: Settings) -> list[Figure]:
        return [Figure("one", 1.0, "ms")]

    monkeypatch.setattr(runner, "_suites", lambda: {"page": lacking, "tools": fine})
    assert runner.main(["page", "tools"]) == 0
    printed = capsys.readouterr().out
    assert "page benchmark skipped: chromium not installed" in printed
    assert "one" in printed


def test_require_chromium_skips_without_a_browser(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr("agentic_rag.bench.skip.chromium_path", lambda: None)
    with pytest.raises(BenchSkipped, match="chromium not installed"):
        require_chromium()
