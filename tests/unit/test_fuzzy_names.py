"""One fuzzy-matching mechanism (rapidfuzz, `agentic_rag.fuzzy`) for every misspelt name."""

from __future__ import annotations

import ast
from pathlib import Path

import agentic_rag
from agentic_rag.tools.cypher_repair import pick_name
from agentic_rag.tools.semantic import resolve_name

CODE = Path(agentic_rag.__file__).resolve().parent.parent  # the code under test


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    return names | {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}


def test_no_second_fuzzy_matcher_in_the_code():
    users = [str(p.relative_to(CODE)) for p in CODE.rglob("*.py") if "difflib" in _imports(p)]
    assert users == [], f"use agentic_rag.fuzzy (rapidfuzz), not difflib: {users}"


def test_tool_names_still_resolve_misspellings():
    genres = ("Documentaries", "Docuseries", "International TV Shows", "Dramas")
    assert resolve_name("documentries", genres) == "Documentaries"
    assert resolve_name("INTERNATIONAL TV SHOWS", genres) == "International TV Shows"
    assert resolve_name("westerns", genres) is None
    assert pick_name("Peson", ["Person", "Show", "Genre"], {}) == "Person"
    assert pick_name("Planet", ["Person", "Show", "Genre"], {}) is None
