"""The audit log on a bad disk: lines are written whole or not at all, and a failure to write
never reaches the query that is being audited."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agentic_rag.tools.audit import AuditLog


def test_a_short_write_leaves_no_torn_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    log = AuditLog(tmp_path / "audit.jsonl")
    log.record("sql", "SELECT 1", "ok", rows=1)
    before = (tmp_path / "audit.jsonl").read_bytes()
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, data[: len(data) // 2]))
    log.record("sql", "SELECT 2", "ok", rows=1)  # must not raise
    monkeypatch.undo()
    assert (tmp_path / "audit.jsonl").read_bytes() == before
    assert log.dropped == 1
    log.record("sql", "SELECT 3", "ok", rows=1)
    assert [e["query"] for e in log.entries()] == ["SELECT 1", "SELECT 3"]


def test_an_unwritable_path_drops_lines_without_raising(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the log's directory should be")
    log = AuditLog(blocker / "audit.jsonl")
    log.record("cypher", "MATCH (n) RETURN n", "ok")
    assert log.dropped == 1
    assert log.entries() == []
