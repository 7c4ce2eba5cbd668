"""The real page in headless Chromium for the review tests (issue 23): one page server on the
fixture stores (in a temp dir) per test module, one Chromium, and a tab per test that keeps
every console warning and error it sees; a test fails on any of them when its tab closes."""

from __future__ import annotations

import re

import pytest

from agentic_rag.bench.page import ask_in_browser
from agentic_rag.ui.browser import chromium_path, launch, open_chat, streamlit_server

#: The one console message not from this page: Streamlit's bundled Graphviz renderer
#: (hpcc-js wasm) says it runs without a web worker. Everything else fails the test.
FOREIGN = re.compile(r'^No script tag of type "javascript/worker" was found and "useWorker"')
NOLAN = "Which movies did Christopher Nolan direct?"
COSTARS = "Who has Leonardo DiCaprio worked with most often?"
DESKTOP = {"width": 1280, "height": 900}
NEEDS_CHROMIUM = pytest.mark.skipif(
    chromium_path() is None, reason="Debian's chromium is not installed"
)


def offline_env(settings) -> dict[str, str]:
    """The page server's environment: the test stores, offline (no model key, no OMDb key)."""
    return {
        "BUILD_DIR": str(settings.build_dir),
        "CSV_PATH": str(settings.csv_path),
        "MODEL_DIR": str(settings.model_dir),
        "OPENAI_API_KEY": "",
        "OMDB_API_KEY": "",
    }


@pytest.fixture(scope="module")
def app(built_settings, tmp_path_factory):
    env = offline_env(built_settings)
    log = tmp_path_factory.mktemp("page") / "streamlit.log"
    with streamlit_server(env, log) as run:
        yield run.url
    assert "Traceback" not in log.read_text()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = launch(pw, chromium_path())
        yield b
        b.close()


class Tab:
    """A browser tab on the page that keeps every console warning and error it sees."""

    def __init__(self, browser, url: str, viewport: dict[str, int] = DESKTOP):
        self.page = browser.new_page(viewport=viewport)
        self.url = url
        self.console: list[str] = []
        self.page.on("console", self._note)
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))

    def _note(self, message) -> None:
        if message.type in ("warning", "error") and not FOREIGN.match(message.text):
            where = message.location.get("url", "")
            self.console.append(f"{message.type}: {message.text} ({where})")

    def open(self, path: str = "") -> Tab:
        open_chat(self.page, self.url + path, 60_000)
        return self

    def ask(self, question: str) -> None:
        ask_in_browser(self.page, question)
        self.page.wait_for_timeout(400)  # the charts of the finished turn paint

    @property
    def main(self):
        return self.page.get_by_test_id("stMainBlockContainer")

    def axe_serious(self) -> list[tuple[str, str, list]]:
        from axe_playwright_python.sync_playwright import Axe

        found = Axe().run(self.page).response["violations"]
        return [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]])
                for v in found if v["impact"] in ("serious", "critical")]  # fmt: skip

    def close(self) -> None:
        self.page.close()
        assert self.console == [], self.console


@pytest.fixture
def tab(browser, app):
    t = Tab(browser, app)
    yield t
    t.close()
