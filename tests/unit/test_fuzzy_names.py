"""One fuzzy-matching mechanism (rapidfuzz, `agentic_rag.fuzzy`) for every misspelt name, and
the "did you mean" band of the offline lexicon just under its accept cut-off."""

from __future__ import annotations

import ast
from pathlib import Path

import agentic_rag
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.tools.cypher.repair import pick_name
from agentic_rag.tools.semantic import resolve_name

CODE = Path(agentic_rag.__file__).resolve().parent.parent  # the code under test
PEOPLE = ["Christopher Nolan", "Tom Cruise", "Tomás Ruiz", "Pedro Alonso"]


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


def test_near_names_are_offered_only_just_under_the_cutoff():
    lex = Lexicon(genres=[], countries=[], ratings=[], people=PEOPLE)
    assert lex.near_person("kristofer nolan") == ["Christopher Nolan"]  # 81: offered
    assert lex.near_person("christopher nolen") == []  # 94: read as that name, not offered
    assert lex.near_person("pedro almodovar") == []  # 74 to Pedro Alonso: too far
    assert lex.near_person("tom cruz") == ["Tom Cruise", "Tomás Ruiz"]  # a tie: both
