"""The README's pictures, taken from the real page in headless Chromium (`make pictures`):
`docs/images/page-timeline.png`, the page with a replanned turn's timeline and sidebar,
`docs/images/page-phone.png`, the same thread reopened on a 390 × 844 phone screen, and
`docs/images/replanned-turn.gif`, that turn from question to answer (≤ 2 MB).

Frames come from Chromium's screencast (a frame whenever the page repaints), so the capture
shows the turn as it really unfolded. An offline turn ends before the browser has painted its
timeline chart (about 0.5 s of Vega rendering here), so the still is taken just after the
turn, scrolled to the timeline; with a model, turns take seconds and the GIF shows them live.
"""

from __future__ import annotations

import base64
import contextlib
import io
import sys
import time
from pathlib import Path

from agentic_rag.config import PROJECT_ROOT, load_settings
from agentic_rag.ui.browser import chromium_path, launch, streamlit_server

OUT = PROJECT_ROOT / "docs" / "images"
QUESTION = "Movies about dreams and who acted in them"
VIEWPORT = {"width": 1280, "height": 820}
PHONE = {"width": 390, "height": 844}
GIF_WIDTH = 880
GIF_MAX_BYTES = 2_000_000
HOLD_S = 2.5  # the finished answer stays on screen this long at the end of the loop


def _scroll_to(page, locator) -> None:
    """Scroll the page so the element's top is at the top of the screen. The chat sticks to
    its bottom until the reader scrolls up, so the wheel goes up first, as a reader's would."""
    box = page.viewport_size
    page.mouse.move(box["width"] * 0.6, box["height"] * 0.4)
    for _ in range(12):
        page.mouse.wheel(0, -3000)
        page.wait_for_timeout(50)
    locator.evaluate("el => el.scrollIntoView({block: 'start'})")


def _capture(url: str, chromium: str) -> tuple[list[tuple[float, bytes]], bytes, bytes]:
    """Screencast frames (browser time, png) of one replanned turn, a screenshot of the page
    scrolled to that turn's timeline, and one of the thread reopened on a phone."""
    from playwright.sync_api import sync_playwright

    frames: list[tuple[float, bytes]] = []
    with sync_playwright() as pw:
        browser = launch(pw, chromium)
        try:
            page = browser.new_page(viewport=VIEWPORT)
            page.goto(url, wait_until="domcontentloaded")
            box = page.get_by_test_id("stChatInputTextArea")
            box.wait_for(timeout=90_000)
            page.wait_for_timeout(1500)  # the page settles (stores open) before the question
            cdp = page.context.new_cdp_session(page)

            def on_frame(params: dict) -> None:
                stamp = float(params["metadata"].get("timestamp") or time.time())
                frames.append((stamp, base64.b64decode(params["data"])))
                with contextlib.suppress(Exception):  # the page may be closing
                    cdp.send("Page.screencastFrameAck", {"sessionId": params["sessionId"]})

            cdp.on("Page.screencastFrame", on_frame)
            cdp.send("Page.startScreencast", {"format": "png"})
            box.fill(QUESTION)
            box.press("Enter")
            page.get_by_text("Answered in Offline mode").first.wait_for(timeout=60_000)
            page.wait_for_timeout(int(HOLD_S * 1000))
            cdp.send("Page.stopScreencast")
            _scroll_to(page, page.get_by_test_id("stChatMessage").first)  # question, timeline
            page.wait_for_timeout(1000)
            still = page.screenshot()
            phone = browser.new_page(viewport=PHONE)
            phone.goto(page.url, wait_until="domcontentloaded")  # ?thread=…: the same thread
            phone.get_by_text("Answered in Offline mode").first.wait_for(timeout=60_000)
            phone.wait_for_timeout(1500)
            _scroll_to(phone, phone.get_by_test_id("stChatMessage").nth(1))  # the answer
            phone.wait_for_timeout(500)
            small = phone.screenshot()
        finally:
            browser.close()
    return frames, still, small


def _distinct(frames: list[tuple[float, bytes]]) -> list[tuple[float, bytes]]:
    """Drop frames identical to the one before (the screencast repeats itself)."""
    out: list[tuple[float, bytes]] = []
    for t, data in sorted(frames, key=lambda f: f[0]):
        if not out or data != out[-1][1]:
            out.append((t, data))
    return out


def write_gif(frames: list[tuple[float, bytes]], path: Path) -> int:
    from PIL import Image

    images, durations = [], []
    for (t, data), nxt in zip(frames, [*frames[1:], None], strict=True):
        image = Image.open(io.BytesIO(data)).convert("RGB")
        height = round(image.height * GIF_WIDTH / image.width)
        images.append(image.resize((GIF_WIDTH, height)))
        durations.append(max(int(((nxt[0] if nxt else t + HOLD_S) - t) * 1000), 40))
    step = 1
    while True:
        kept = images[::step] if step > 1 else images
        times = [sum(durations[i : i + step]) for i in range(0, len(durations), step)]
        buffer = io.BytesIO()
        palette = [im.quantize(colors=128, method=Image.Quantize.MEDIANCUT) for im in kept]
        palette[0].save(
            buffer,
            format="GIF",
            save_all=True,
            append_images=palette[1:],
            duration=times,
            loop=0,
            optimize=True,
        )
        if buffer.tell() <= GIF_MAX_BYTES or step >= 8:
            path.write_bytes(buffer.getvalue())
            return buffer.tell()
        step *= 2


def main() -> int:
    chromium = chromium_path()
    if chromium is None:
        print("chromium is not installed: run `make browser` first")
        return 2
    settings = load_settings()
    OUT.mkdir(parents=True, exist_ok=True)
    env = {
        "OFFLINE_MODE": "true",
        "OPENAI_API_KEY": "",
        "BUILD_DIR": str(settings.build_dir),
        "SEMANTIC_CACHE_TTL_S": "0",  # the turn really searches, as a first question would
    }
    log = Path(settings.build_dir) / "pictures-streamlit.log"
    with streamlit_server(env, log) as run:
        frames, shot, small = _capture(run.url, chromium)
    still = OUT / "page-timeline.png"
    still.write_bytes(shot)
    (OUT / "page-phone.png").write_bytes(small)
    size = write_gif(_distinct(frames), OUT / "replanned-turn.gif")
    print(
        f"wrote {still.relative_to(PROJECT_ROOT)}, docs/images/page-phone.png and "
        f"docs/images/replanned-turn.gif ({len(frames)} frames, {size / 1e6:.2f} MB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
