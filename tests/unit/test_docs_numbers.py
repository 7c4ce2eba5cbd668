"""The docs tell the truth: the figures they state that the code can produce are checked here
against the code: the golden set's size and categories, and the tools in the architecture
picture."""

from __future__ import annotations

import re
from pathlib import Path

from agentic_rag.eval.golden import CATEGORIES, load_golden
from agentic_rag.tools.registry import TOOLS

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "PROJECT.md", *sorted((ROOT / "docs").glob("*.md"))]
WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
WORDS += ["eleven", "twelve"]


def _number(text: str) -> int:
    return int(text.replace(",", "")) if text[0].isdigit() else WORDS.index(text.lower())


def _golden_counts() -> list[tuple[str, int]]:
    """Every "N golden questions" (line breaks allowed) in the docs, with where it is."""
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for m in re.finditer(r"\b(\d[\d,]*|[A-Za-z]+)\s+golden\s+questions\b", text):
            if m.group(1).lower() in WORDS or m.group(1)[0].isdigit():
                found.append((f"{doc.name}: {m.group(0)!r}", _number(m.group(1))))
    return found


def test_every_stated_golden_count_is_the_golden_set_size():
    size = len(load_golden().questions)
    stated = _golden_counts()
    assert len(stated) >= 3  # README, PROJECT.md, docs/evaluation.md all state it
    assert [where for where, n in stated if n != size] == [], f"the golden set has {size}"


def test_the_golden_categories_in_the_docs_are_the_codes():
    text = (ROOT / "docs" / "evaluation.md").read_text(encoding="utf-8")
    stated = re.search(r"golden\s+questions\s+in\s+(\w+)\s+categories", text)
    assert stated is not None and _number(stated.group(1)) == len(CATEGORIES)
    row = next(line for line in text.splitlines() if line.startswith("| `--category C`"))
    assert re.findall(r"`(\w+)`", row.split("|")[2]) == list(CATEGORIES)


def test_the_architecture_picture_shows_every_tool():
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    block = text.split("subgraph tools", 1)[1].split("end", 1)[0]
    assert re.findall(r"^\s*(\w+)\[\1\]", block, flags=re.M) == [t.name for t in TOOLS]


def test_every_module_the_architecture_table_names_exists():
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    table = text.split("## Where each concern lives", 1)[1].split("\n## ", 1)[0]
    package = ROOT / "code" / "agentic_rag"
    missing = []
    for row in table.splitlines()[2:]:
        module_cell = row.split("|")[2]
        for name in re.findall(r"`([\w/]+\.(?:py|yaml)|[\w/]+/)`", module_cell):
            places = [ROOT / name, package / name, package / "agent" / "rules" / name]
            if not any(p.exists() for p in places):
                missing.append(name)
    assert missing == []
