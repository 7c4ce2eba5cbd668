"""The tiny catalog of `test_offline_planner` as fixtures for the offline rules' tests: its
lexicon, a reader over it and its SQLite database (one of each per test module)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.reader import Reader
from tests.unit import test_offline_planner as tiny


@pytest.fixture(scope="module")
def lexicon():
    return tiny.lexicon.__wrapped__()


@pytest.fixture(scope="module")
def reader(lexicon) -> Reader:
    return Reader(lexicon)


@pytest.fixture(scope="module")
def db():
    return tiny.db.__wrapped__()
