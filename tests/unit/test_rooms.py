"""Rooms only point down: the import-linter contracts in pyproject.toml hold (rooms, tools,
rules), and the layered ones name every room, so a new room must be placed before it can be
imported."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = ROOT / "pyproject.toml"
PACKAGE = ROOT / "code" / "agentic_rag"


def _layers(contract_id: str = "rooms") -> list[list[str]]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
    (contract,) = [c for c in config["contracts"] if c["id"] == contract_id]
    return [[m.strip() for m in layer.split("|")] for layer in contract["layers"]]


@pytest.mark.parametrize(("contract_id", "folder"), [("rooms", ""), ("tools", "tools")])
def test_every_room_is_in_exactly_one_layer(contract_id: str, folder: str):
    prefix = ".".join(["agentic_rag", *([folder] if folder else [])]) + "."
    named = [m.removeprefix(prefix) for layer in _layers(contract_id) for m in layer]
    rooms = sorted(
        p.stem if p.is_file() else p.name
        for p in (PACKAGE / folder).iterdir()
        if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").is_file()
    )
    assert sorted(named) == rooms


def test_the_stores_tools_and_agent_sit_below_every_front_end():
    order = {m: i for i, layer in enumerate(_layers()) for m in layer}
    for low in ("agentic_rag.agent", "agentic_rag.tools", "agentic_rag.stores"):
        for high in ("ui", "bench", "eval", "cli", "runtime"):
            assert order[f"agentic_rag.{high}"] < order[low], (high, low)


def test_no_import_points_up():
    """`lint-imports` (also in `make lint`); on failure its report, printed above, names the
    import chain that points up."""
    assert lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True) == 0


def test_the_architecture_picture_names_every_room_in_the_contracts_order():
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    picture = text.split("## The rooms", 1)[1].split("```mermaid", 1)[1].split("```", 1)[0]
    picture = picture.replace("flowchart TD", "")
    labelled = set(re.findall(r"\b(\w+)\[", picture))  # a node drawn with a label: read the label
    layer_of = {
        m.removeprefix("agentic_rag."): i for i, layer in enumerate(_layers()) for m in layer
    }
    drawn = [w for w in dict.fromkeys(re.findall(r"[a-z_]+", picture)) if w not in labelled]
    assert sorted(drawn) == sorted(layer_of)
    order = [layer_of[room] for room in drawn]
    assert order == sorted(order), drawn


MAX_READER_LINES = 300  # issue 19: no module of the offline reader is over this


def test_no_module_of_the_offline_reader_is_over_300_lines():
    long = {
        p.name: n
        for p in (PACKAGE / "agent" / "rules").glob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_READER_LINES
    }
    assert long == {}
