"""`langgraph dev` serves the agent from `langgraph.json` (what LangGraph Studio opens): a real
in-memory LangGraph server on loopback answers one offline turn through `langgraph-sdk`."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from langgraph_sdk import get_client

from agentic_rag.config import Settings
from tests.conftest import store_env

ROOT = Path(__file__).resolve().parents[2]
LANGGRAPH = Path(sys.executable).with_name("langgraph")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def studio(built_settings: Settings, tmp_path: Path) -> Iterator[str]:
    """`langgraph dev` on a free loopback port, with the fixture stores; its base URL."""
    port = _free_port()
    log = (tmp_path / "langgraph-dev.log").open("w")
    env = store_env(built_settings, PYTHONPATH=str(ROOT / "code"), OPENAI_API_KEY="")
    env.pop("LANGSMITH_TRACING", None)
    server = subprocess.Popen(
        [
            *(str(LANGGRAPH), "dev", "--no-browser", "--no-reload", "--allow-blocking"),
            *("--host", "127.0.0.1", "--port", str(port)),
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            assert server.poll() is None, (tmp_path / "langgraph-dev.log").read_text()
            try:
                if httpx.get(f"{url}/ok", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, (tmp_path / "langgraph-dev.log").read_text()
            time.sleep(0.5)
        yield url
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        log.close()


async def test_langgraph_dev_answers_an_offline_turn(
    studio: str, fixture_rows: list[dict[str, str]]
) -> None:
    movies_2019 = sum(
        1 for r in fixture_rows if r["type"] == "Movie" and r["release_year"] == "2019"
    )
    client = get_client(url=studio)
    drawn = await client.assistants.get_graph("agent")
    assert {"start", "planner", "executor", "evaluator", "synthesizer"} <= {
        n["id"] for n in drawn["nodes"]
    }
    thread = await client.threads.create()
    question = {"messages": [{"role": "human", "content": "How many movies came out in 2019?"}]}
    kinds: list[str] = []
    async for part in client.runs.stream(
        thread["thread_id"], "agent", input=question, stream_mode="custom"
    ):
        if part.event == "custom":
            kinds.append(part.data["type"])
    state = await client.threads.get_state(thread["thread_id"])
    answer = state["values"]["answer"]
    assert f"**{movies_2019}**" in answer, answer
    assert state["values"]["mode"] == "offline"
    assert kinds[0] == "node_start" and kinds[-1] == "node_end"
    assert {"plan", "call_start", "call_end", "decision", "token", "answer"} <= set(kinds)
