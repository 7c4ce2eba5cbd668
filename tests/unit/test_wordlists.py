"""Word lists are data: YAML files checked by one schema, and no phrase table hides in code
behind `# fmt: skip` or `# fmt: off` anywhere in the package (ruff formats all of it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentic_rag.errors import ConfigError
from agentic_rag.tools.cypher.bounds import ALLOWED_FUNCTIONS as CYPHER_FUNCTIONS
from agentic_rag.tools.sql.guard import ALLOWED_FUNCTIONS as SQL_FUNCTIONS
from agentic_rag.tools.sql.guard import WRITE_NODES
from agentic_rag.wordlists import load_wordlist

PACKAGE = Path(__file__).resolve().parents[2] / "code" / "agentic_rag"
HEADER = "# Schema: agentic_rag/wordlists.py"


def _wordlist_files() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.yaml")) if p.read_text().startswith(HEADER)]


def test_every_word_list_in_the_package_loads():
    files = _wordlist_files()
    assert {p.relative_to(PACKAGE).as_posix() for p in files} >= {
        "tools/sql/allowed_functions.yaml",
        "tools/sql/write_nodes.yaml",
        "tools/cypher/allowed_functions.yaml",
        "agent/llm/format_refusal_words.yaml",
    }
    for path in files:
        assert load_wordlist(path).words, path


def test_the_guards_read_their_lists():
    assert {
        "count",
        "fold",
        "json_extract",
    } <= SQL_FUNCTIONS and "load_extension" not in SQL_FUNCTIONS
    assert {"Insert", "Drop", "Pragma"} <= {cls.__name__ for cls in WRITE_NODES}
    assert {"collect", "tolower"} <= CYPHER_FUNCTIONS and "reduce" not in CYPHER_FUNCTIONS


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ("about: x\ngroups:\n  a: [count, sum]\n  b: [count]\n", "more than once: count"),
        ("about: x\ngroups:\n  a: [' count']\n", "pattern"),
        ("about: x\ngroups:\n  a: ['']\n", "at least 1 character"),
        ("about: x\ngroup:\n  a: [count]\n", "groups"),
        ("about: x\ngroups: [", "malformed"),
    ],
)
def test_a_malformed_list_is_refused_with_its_reason(tmp_path: Path, body: str, why: str):
    path = tmp_path / "bad.yaml"
    path.write_text(body)
    with pytest.raises(ConfigError, match=r"bad\.yaml") as caught:
        load_wordlist(path)
    assert why in str(caught.value)


def test_no_fmt_skip_anywhere_in_the_package():
    skipped = [
        f"{p.relative_to(PACKAGE)}:{i}"
        for p in sorted(PACKAGE.rglob("*.py"))
        for i, line in enumerate(p.read_text().splitlines(), start=1)
        if line.rstrip().endswith("# fmt: skip") or line.strip() == "# fmt: off"
    ]
    assert skipped == []
