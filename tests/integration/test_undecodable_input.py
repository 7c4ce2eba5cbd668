"""Undecodable input: bytes that are not UTF-8 on the command line, or lone surrogates in a
question, are decoded with replacement at the boundary; traces are written whole or not."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from agentic_rag.agent.memory.trace_store import TraceStore
from agentic_rag.config import PROJECT_ROOT
from agentic_rag.textsafe import clean_text, decode_lenient
from agentic_rag.tools.audit import AuditLog
from tests.conftest import store_env

BAD_BYTES = [
    b"movies by \xff\xfe Christopher Nolan",
    b"caf\xe9 films from France",  # Latin-1, not UTF-8
    b"shows about \xed\xa0\x80 space",  # an encoded surrogate
    b"\xc3\x28 comedies from 2019",  # a broken two-byte sequence
]


@pytest.mark.parametrize("question", BAD_BYTES)
def test_cli_question_with_invalid_utf8_runs_and_leaves_a_valid_trace(
    question, built_settings, tmp_path
):
    env = store_env(built_settings)
    thread = f"bad-{BAD_BYTES.index(question)}"
    python = os.fsencode(sys.executable)
    out = subprocess.run(
        [
            python,
            b"-m",
            b"agentic_rag",
            b"ask",
            question,
            b"--offline",
            b"--thread",
            thread.encode(),
        ],
        env=env,
        capture_output=True,
        timeout=180,
        cwd=PROJECT_ROOT,
    )
    assert out.returncode == 0, out.stderr.decode("utf-8", "replace")[-2000:]
    trace_file = Path(built_settings.build_dir) / "traces" / f"{thread}.jsonl"
    lines = trace_file.read_bytes().decode("utf-8").splitlines()  # strict: valid UTF-8
    assert lines, "the trace file is empty"
    trace = json.loads(lines[-1])
    assert "\ufffd" in trace["question"]
    assert trace["answer"]


@pytest.mark.parametrize(
    "raw", ["a\udcff b", "\ud800x", b"\xff\xfeq".decode("utf-8", "surrogateescape")]
)
def test_lone_surrogates_become_replacement_characters(raw):
    text = decode_lenient(raw)
    text.encode("utf-8")  # never raises
    assert "\ufffd" in text
    assert clean_text(raw).encode("utf-8")


def test_trace_with_undecodable_text_is_saved_whole(tmp_path):
    store = TraceStore(tmp_path)
    store.save("t", {"question": "ok", "answer": "fine"})
    store.save("t", {"question": "bad \udcff", "answer": "x"})
    rows = store.load("t")
    assert [r["answer"] for r in rows] == ["fine", "x"]


def test_a_failed_trace_write_leaves_the_old_file_untouched(tmp_path, monkeypatch):
    store = TraceStore(tmp_path)
    store.save("t", {"question": "first", "answer": "a"})
    before = (tmp_path / "t.jsonl").read_bytes()

    def crash(*_args, **_kwargs):
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        store.save("t", {"question": "second", "answer": "b"})
    assert (tmp_path / "t.jsonl").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.jsonl"]  # no temp file left


def test_audit_log_survives_undecodable_text(tmp_path):
    log = AuditLog(tmp_path / "audit.jsonl")
    log.record("sql", "SELECT '\udcff'", "refused")
    log.record("sql", "SELECT 1", "ok", rows=1)
    assert [e["query"] for e in log.entries()] == ["SELECT '?'", "SELECT 1"]


def test_questions_keep_joiners_and_lose_hidden_characters():
    assert clean_text("क्\u200dष and 👨\u200d👩\u200d👧") == "क्\u200dष and 👨\u200d👩\u200d👧"
    assert clean_text("Ro\u200bma\u202e\x00 2018") == "Roma  2018"
