"""Configuration comes from one place: no module but config.py reads the environment.

Copying the whole environment to a child process (`{**os.environ, ...}`) is not a read of
configuration and is allowed anywhere; every other `os.environ` / `os.getenv` use is not.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from agentic_rag.config import load_settings
from agentic_rag.tools import web

PACKAGE = Path(__file__).resolve().parents[2] / "code" / "agentic_rag"

#: Files still allowed to read the environment, each with its reason.
ALLOWED = {
    "config.py": "the one Settings",
}


def _env_reads(tree: ast.AST) -> list[int]:
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    lines: list[int] = []
    for node in ast.walk(tree):
        names = {a.name for a in node.names} if isinstance(node, ast.ImportFrom) else set()
        if getattr(node, "module", None) == "os" and names & {"environ", "getenv", "putenv"}:
            lines.append(node.lineno)
        if not (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "os"
            and node.attr in {"environ", "getenv", "putenv"}
        ):
            continue
        parent = parents.get(node)
        copied_whole = isinstance(parent, ast.Dict) and any(
            key is None and value is node
            for key, value in zip(parent.keys, parent.values, strict=True)
        )
        if not copied_whole:
            lines.append(node.lineno)
    return sorted(lines)


def test_only_config_reads_the_environment():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if name in ALLOWED:
            continue
        found += [f"{name}:{line}" for line in _env_reads(ast.parse(path.read_text("utf-8")))]
    assert found == [], f"environment read outside config.Settings: {found}"


def test_the_scan_sees_a_read_and_allows_a_child_environment():
    src = "import os\nA = os.environ.get('X')\nB = {**os.environ, 'Y': '1'}\nC = os.getenv('Z')\n"
    assert _env_reads(ast.parse(src)) == [2, 4]


def test_the_web_proxy_setting_reaches_the_ddgs_client(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    seen: dict[str, object] = {}

    class FakeDDGS:
        def __init__(self, proxy: str | None, timeout: int) -> None:
            seen.update(proxy=proxy, timeout=timeout)

        def text(self, query: str, max_results: int) -> list[dict[str, str]]:
            return [{"title": query, "href": "https://example.org", "body": ""}]

    monkeypatch.setattr("ddgs.DDGS", FakeDDGS)
    monkeypatch.setattr(web, "probe", lambda: pytest.fail("no DNS probe behind a proxy"))
    settings = load_settings(ddgs_proxy="socks5h://127.0.0.1:9", build_dir=tmp_path)
    rows = web.default_web_search("q", 1, timeout_s=3, proxy=settings.ddgs_proxy)
    assert rows[0]["title"] == "q"
    assert seen == {"proxy": "socks5h://127.0.0.1:9", "timeout": 3}
