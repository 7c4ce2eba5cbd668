"""The README's pictures, taken from the real page in headless Chromium (`make pictures`):
`docs/images/page-mid-turn.png`, the page while a replanned turn runs (timeline, live panel),
and `docs/images/replanned-turn.gif`, that turn from question to answer (≤ 2 MB).

Frames come from Chromium's screencast (a frame whenever the page repaints), so the capture
shows the turn as it really unfolded; the still is the last frame before the answer appears.
"""

from __future__ import annotations

import base64
import io
import sys
import time
from pathlib import Path

from agentic_rag.bench.page import CHROMIUM_ARGS, chromium_path, streamlit_server
from agentic_rag.config import PROJECT_ROOT, load_settings

OUT = PROJECT_ROOT / "docs" / "images"
QUESTION = "Who directed the movie about a heist inside people's dreams?"
VIEWPORT = {"width": 1280, "height": 820}
GIF_WIDTH = 880
GIF_MAX_BYTES = 2_000_000
HOLD_S = 2.5  # the finished answer stays on screen this long at the end of the loop


def _capture(url: str, chromium: str) -> tuple[list[tuple[float, bytes]], float, float]:
    """Screencast frames (time, jpeg) of one turn; when the timeline and the answer showed."""
    from playwright.sync_api import sync_playwright

    frames: list[tuple[float, bytes]] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport=VIEWPORT)
            page.goto(url, wait_until="domcontentloaded")
            box = page.get_by_test_id("stChatInputTextArea")
            box.wait_for(timeout=90_000)
            page.wait_for_timeout(1500)  # the page settles (stores open) before the question
            cdp = page.context.new_cdp_session(page)

            def on_frame(params: dict) -> None:
                frames.append((time.perf_counter(), base64.b64decode(params["data"])))
                cdp.send("Page.screencastFrameAck", {"sessionId": params["sessionId"]})

            cdp.on("Page.screencastFrame", on_frame)
            cdp.send("Page.startScreencast", {"format": "jpeg", "quality": 85})
            box.fill(QUESTION)
            frames.append((time.perf_counter(), page.screenshot(type="jpeg", quality=85)))
            box.press("Enter")
            page.get_by_text("Iteration 1:").first.wait_for(timeout=60_000)
            timeline_at = time.perf_counter()
            page.get_by_text("Answered in Offline mode").first.wait_for(timeout=60_000)
            answer_at = time.perf_counter()
            page.wait_for_timeout(int(HOLD_S * 1000))
            frames.append((time.perf_counter(), page.screenshot(type="jpeg", quality=85)))
            cdp.send("Page.stopScreencast")
        finally:
            browser.close()
    return frames, timeline_at, answer_at


def _mid_turn(frames: list[tuple[float, bytes]], timeline_at: float, answer_at: float) -> bytes:
    during = [f for t, f in frames if timeline_at - 0.3 <= t < answer_at - 0.05]
    return during[-1] if during else min(frames, key=lambda f: abs(f[0] - timeline_at))[1]


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
            buffer, format="GIF", save_all=True, append_images=palette[1:], duration=times,
            loop=0, optimize=True,
        )  # fmt: skip
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
    env = {"OFFLINE_MODE": "true", "OPENAI_API_KEY": "", "BUILD_DIR": str(settings.build_dir)}
    with streamlit_server(env, Path(settings.build_dir) / "pictures-streamlit.log") as run:
        frames, timeline_at, answer_at = _capture(run.url, chromium)
    still = OUT / "page-mid-turn.png"
    from PIL import Image

    Image.open(io.BytesIO(_mid_turn(frames, timeline_at, answer_at))).save(still)
    size = write_gif(frames, OUT / "replanned-turn.gif")
    print(f"wrote {still.relative_to(PROJECT_ROOT)} and docs/images/replanned-turn.gif "
          f"({len(frames)} frames, {size / 1e6:.2f} MB)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
