"""The session's guard on data/build sees a file created, changed or removed."""

from __future__ import annotations

import os

from tests.conftest import build_listing


def test_build_listing_sees_every_change(tmp_path):
    (tmp_path / "traces").mkdir()
    (tmp_path / "threads.db").write_bytes(b"x")
    before = build_listing(tmp_path)
    assert before == {"traces": (-1, 0), "threads.db": (1, before["threads.db"][1])}
    (tmp_path / "traces" / "t.jsonl").write_text("{}\n")
    assert build_listing(tmp_path) != before
    (tmp_path / "traces" / "t.jsonl").unlink()
    assert build_listing(tmp_path) == before
    os.utime(tmp_path / "threads.db", ns=(1, 1))  # same size, touched
    assert build_listing(tmp_path) != before
    assert build_listing(tmp_path / "missing") == {}
