"""Concurrent browser sessions on the real page: 4 people asking at the same time.

One `streamlit run` (offline mode, full catalog), one headless Chromium. After one warm-up
question (the stores open with the first turn), 4 pages each open the page and ask a different
question at the same moment; the figures are the time
from Enter to the answer per session, and how many sessions got no answer.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from pathlib import Path

from agentic_rag.bench.page import QUESTIONS
from agentic_rag.bench.report import Figure
from agentic_rag.bench.skip import require_chromium
from agentic_rag.config import Settings
from agentic_rag.ui.browser import CHROMIUM_ARGS, streamlit_server

SESSIONS = 4
ANSWER_TIMEOUT_MS = 120_000


async def _session(browser, url: str, question: str, go: asyncio.Event) -> float:
    page = await (await browser.new_context()).new_page()
    await page.goto(url, wait_until="domcontentloaded")
    box = page.get_by_test_id("stChatInputTextArea")
    await box.wait_for(timeout=60_000)
    await box.fill(question)
    await go.wait()
    start = time.perf_counter()
    await box.press("Enter")
    await page.get_by_text("Answered in Offline mode").first.wait_for(timeout=ANSWER_TIMEOUT_MS)
    return time.perf_counter() - start


async def _sessions(chromium: str, url: str) -> list[float | BaseException]:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(
            executable_path=chromium, headless=True, args=CHROMIUM_ARGS
        )
        try:
            warm = asyncio.Event()  # one question first: the stores open on the first turn
            warm.set()
            await _session(browser, url, QUESTIONS[-1], warm)
            go = asyncio.Event()
            tasks = [
                asyncio.create_task(_session(browser, url, QUESTIONS[i % len(QUESTIONS)], go))
                for i in range(SESSIONS)
            ]
            await asyncio.sleep(0)
            ready = asyncio.gather(*tasks, return_exceptions=True)
            await asyncio.sleep(5)  # pages open and questions typed, then all press Enter
            go.set()
            return list(await ready)
        finally:
            await browser.close()


def bench_browsers(settings: Settings) -> list[Figure]:
    chromium = require_chromium()
    env = {"OFFLINE_MODE": "true", "BUILD_DIR": str(settings.build_dir)}
    log = Path(settings.build_dir) / "bench-browsers.log"
    with streamlit_server(env, log) as (url, *_):
        outcomes = asyncio.run(_sessions(chromium, url))
    times = [o for o in outcomes if isinstance(o, float)]
    failed = len(outcomes) - len(times)
    figures = [
        Figure(
            f"{SESSIONS} browser sessions: sessions without an answer",
            failed,
            "",
            target="0",
            met=failed == 0,
        )
    ]
    if times:
        figures += [
            Figure(
                f"{SESSIONS} browser sessions: Enter -> answer, median",
                statistics.median(times),
                "s",
            ),
            Figure(f"{SESSIONS} browser sessions: Enter -> answer, slowest", max(times), "s"),
        ]
    return figures
