"""Shared fixtures: settings on temp dirs, and the three stores built from the fixture slice.

Tests never write into `data/build` (the build `make data` made before the session) or a
user's thread store: every test gets its own temp dirs, tests of the full catalog read its
stores through `full_catalog_settings` and write beside them in a temp dir, and the session
fails if anything under `data/build` changed.
"""

from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pytest

from agentic_rag.config import PROJECT_ROOT, Settings, load_settings

FIXTURE_CSV = Path(__file__).parent / "fixtures" / "catalog_slice.csv"
MODEL_DIR = PROJECT_ROOT / "data" / "models" / "all-MiniLM-L6-v2" / "onnx"
DATA_BUILD = PROJECT_ROOT / "data" / "build"


def build_listing(root: Path = DATA_BUILD) -> dict[str, tuple[int, int]]:
    """Every file and directory under `root`: (size, mtime in ns) of files, (-1, 0) of dirs."""
    if not root.exists():
        return {}
    out = {}
    for path in root.rglob("*"):
        stat = path.lstat()
        is_dir = path.is_dir() and not path.is_symlink()
        out[str(path.relative_to(root))] = (-1, 0) if is_dir else (stat.st_size, stat.st_mtime_ns)
    return out


@pytest.fixture(scope="session", autouse=True)
def _data_build_untouched():
    """The session fails if any test created, changed or removed anything in data/build."""
    before = build_listing()
    yield
    after = build_listing()
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    if changed:
        pytest.fail(f"the tests changed data/build ({len(changed)} paths): {changed[:12]}")


def full_catalog_settings(tmp: Path, **overrides) -> Settings:
    """Settings that read the full catalog's stores in data/build (made by `make data` before
    the session) and write everything else (traces, threads, cache, audit) into `tmp`."""
    from agentic_rag.stores.build import stale_stages

    real = load_settings()
    tmp.mkdir(parents=True, exist_ok=True)
    if Path(real.manifest_path).exists():
        shutil.copy(real.manifest_path, tmp / "manifest.json")
    settings = load_settings(
        build_dir=tmp,
        sqlite_path=real.sqlite_path,
        chroma_path=real.chroma_path,
        falkordb_path=real.falkordb_path,
        **overrides,
    )
    if stale_stages(settings):
        pytest.fail("data/build is missing or stale: run `make data` before the tests")
    return settings


@pytest.fixture(autouse=True)
def _fresh_server_facts(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """What model servers accepted is remembered per process and on disk: each test starts
    with none, in a file of its own (never the developer's build directory)."""
    from agentic_rag.agent.llm.server_facts import forget_all

    forget_all()
    facts = tmp_path / "llm_servers.json"
    monkeypatch.setattr(Settings, "server_facts_path", property(lambda self: facts))


@pytest.fixture(autouse=True)
def _no_dotenv(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never read the developer's .env or LLM keys."""
    monkeypatch.setitem(Settings.model_config, "env_file", None)
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "OMDB_API_KEY", "CHROMA_URL", "FALKORDB_URL"):
        monkeypatch.delenv(var, raising=False)


def make_settings(build_dir: Path, csv_path: Path = FIXTURE_CSV, **overrides) -> Settings:
    values = {"model_dir": MODEL_DIR, "offline_mode": True, **overrides}
    return load_settings(build_dir=build_dir, csv_path=csv_path, **values)


@pytest.fixture(scope="session")
def fixture_rows() -> list[dict[str, str]]:
    """The fixture slice read with plain csv: the independent source of expected facts."""
    with FIXTURE_CSV.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


@pytest.fixture(scope="session")
def built_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """Settings whose three stores are built once per session from the fixture slice."""
    from agentic_rag.stores.build import build_all

    settings = make_settings(tmp_path_factory.mktemp("stores"))
    build_all(settings)
    return settings


@pytest.fixture(scope="session")
def stores(built_settings: Settings):
    """Open handles on the fixture stores (one embedded FalkorDB server per session)."""
    from agentic_rag.stores.handles import open_stores

    handles = open_stores(built_settings)
    yield handles
    handles.close()


def store_env(settings: Settings, **extra: str) -> dict[str, str]:
    """Environment for a subprocess of the app pointed at `settings`' stores."""
    import os

    return {
        **os.environ,
        "BUILD_DIR": str(settings.build_dir),
        "CSV_PATH": str(settings.csv_path),
        "MODEL_DIR": str(settings.model_dir),
        **extra,
    }


def ask_cli_json(env: dict[str, str], question: str) -> dict:
    """Run `python -m agentic_rag ask QUESTION --json` and return the parsed trace."""
    import json
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "agentic_rag", "ask", question, "--json"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=PROJECT_ROOT,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def as_shown(markdown: str) -> str:
    """Answer markdown as the reader sees it: backslash escapes (`\\:`, `\\*`) rendered, and
    the invisible word joiners `markup` puts after a colon dropped."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("\u2060", "")
