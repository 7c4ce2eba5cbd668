"""One app replica under load, driven over stdin by the replicas benchmark.

`python -m agentic_rag.bench.load_worker TAG`: opens the runtime from the environment (the
shared servers' URLs, its own BUILD_DIR), warms up, prints `ready`, then for every stdin line
`CONCURRENCY TURNS` runs that level and prints one JSON line with its latencies and errors.
The parent sends each line to every replica at once: the levels run side by side.
"""

from __future__ import annotations

import asyncio
import json
import sys

from agentic_rag.bench.agent import OFFLINE_QUESTIONS
from agentic_rag.bench.load import run_level
from agentic_rag.config import load_settings
from agentic_rag.runtime import AppRuntime


async def serve(tag: str) -> None:
    runtime = AppRuntime.open(load_settings())
    try:
        for question in OFFLINE_QUESTIONS:
            await runtime.ask(question, f"{tag}-warm")
        print("ready", flush=True)
        for line in sys.stdin:
            concurrency, turns = (int(x) for x in line.split())
            run = await run_level(runtime, concurrency, turns, tag)
            fields = ("latencies_ms", "errors", "rss_mb", "wall_s", "cpu_s")
            print(json.dumps({f: getattr(run, f) for f in fields}), flush=True)
    finally:
        runtime.close()


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1] if len(sys.argv) > 1 else "replica"))
