"""What is kept on disk: reading the stores never rewrites a data file, and no query text
ends up in one, whether the process closes its stores, just exits, or is interrupted."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from agentic_rag.config import PROJECT_ROOT, Settings
from tests.conftest import store_env

MARKER = "QUERYTEXTMARKER4417"
SCRIPT = f"""
import os, signal, sys
from agentic_rag.config import load_settings
from agentic_rag.stores.graph import open_graph
graph = open_graph(load_settings())
graph.ro_query("MATCH (s:Show) WHERE s.title = '{MARKER}' RETURN s.title")
how = sys.argv[1]
if how == "close":
    graph.close()
elif how == "interrupt":
    raise KeyboardInterrupt
elif how == "exit":
    sys.exit(0)
"""


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def graph_copy(built_settings: Settings, tmp_path: Path) -> Settings:
    """The fixture graph's rdb copied to a build dir of its own."""
    rdb = Path(built_settings.falkordb_path)
    target = tmp_path / rdb.relative_to(built_settings.build_dir)
    target.parent.mkdir(parents=True)
    shutil.copy2(rdb, target)
    return built_settings.model_copy(update={"build_dir": tmp_path, "falkordb_path": target})


@pytest.mark.parametrize("how", ["close", "exit", "interrupt"])
def test_reading_the_graph_never_rewrites_its_file(graph_copy, how):
    rdb = Path(graph_copy.falkordb_path)
    before, mtime = digest(rdb), rdb.stat().st_mtime_ns
    env = store_env(graph_copy, FALKORDB_PATH=str(rdb))
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, how],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=PROJECT_ROOT,
    )
    assert out.returncode in (0, 1, 130, -2), out.stderr[-1500:]  # -2: SIGINT, as on Ctrl-C
    assert digest(rdb) == before and rdb.stat().st_mtime_ns == mtime, "the rdb was rewritten"
    leftovers = [p for p in rdb.parent.iterdir() if p != rdb]
    assert leftovers == [], f"files left beside the graph: {leftovers}"
    assert MARKER.encode() not in rdb.read_bytes()
