"""No API key in any log, trace, prompt, stored file or printed page after a turn.

A turn runs in LLM mode through the CLI with dummy keys set, against a local
OpenAI-compatible server and a hostile OMDb server that reflects the request (with its
`apikey`) into its error text and body. Then everything the turn left is scanned: the
prompts the model received, stdout (the trace JSON and the printed answer), stderr (logs
at DEBUG), and every file under the build directory (traces, audit log, checkpoints,
cache)."""

from __future__ import annotations

import json
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.routing import Route

from agentic_rag.config import PROJECT_ROOT
from tests.conftest import store_env
from tests.e2e.test_openai_compatible_server import completion, serve, stream

pytestmark = pytest.mark.e2e

OPENAI_KEY = f"sk-dummy-{secrets.token_hex(12)}"
OMDB_KEY = f"omdb{secrets.token_hex(10)}"
PLAN = {
    "reasoning": "Ratings come from OMDb; the count from SQL.",
    "resolved_question": "What is Inception's IMDb rating?",
    "calls": [
        {"tool": "omdb", "purpose": "rating", "args": {"title": "Inception"}},
        {"tool": "sql", "purpose": "count", "args": {"query": "SELECT count(*) AS n FROM shows"}},
    ],
}


class Servers:
    def __init__(self) -> None:
        self.prompts: list[str] = []

    async def chat(self, request: Request):
        body = await request.json()
        self.prompts.append(json.dumps(body))
        key = request.headers.get("authorization", "").removeprefix("Bearer ")
        if body.get("stream"):  # a hostile model echoes the key, upper-cased and split
            echoed = f"{key[:7].upper()}\n{key[7:].upper()}"
            return StreamingResponse(
                stream(f"Inception is rated [1]. {echoed}"), media_type="text/event-stream"
            )
        name = (body.get("response_format") or {}).get("json_schema", {}).get("name")
        if name != "ExecutionPlan":  # a failed call whose error text holds the key
            error = {"error": {"message": f"Incorrect API key provided: {key}", "code": 401}}
            return JSONResponse(error, status_code=401)
        reply = PLAN
        return JSONResponse(completion(json.dumps(reply)))

    async def omdb(self, request: Request):
        reflected = str(request.url)  # holds apikey=...
        return JSONResponse(
            {"Response": "False", "Error": f"Invalid API key for {reflected}", "url": reflected},
            status_code=401,
            headers={"X-Echo": reflected},
        )

    def app(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/v1/chat/completions", self.chat, methods=["POST"]),
                Route("/omdb/", self.omdb, methods=["GET"]),
            ]
        )


@pytest.fixture
def servers():
    fake = Servers()
    with serve(fake.app()) as url:
        yield fake, url


def _leaks(text: str) -> list[str]:
    """Where `text` holds a key in any casing, even split by whitespace or an escaped line
    break (shortened), so a failure shows where it leaked."""
    flat = re.sub(r"\s+|\\\\[nrt]", "", text).lower()
    return [
        flat[max(0, at - 80) : at + 80]
        for key in (OPENAI_KEY.lower(), OMDB_KEY.lower())
        for at in [m.start() for m in re.finditer(re.escape(key), flat)]
    ]


@pytest.mark.parametrize("as_json", [True, False])
def test_no_key_in_prompts_logs_traces_files_or_output(servers, built_settings, as_json):
    fake, base = servers
    env = store_env(
        built_settings,
        OPENAI_API_KEY=OPENAI_KEY,
        OPENAI_BASE_URL=f"{base}/v1",
        OMDB_API_KEY=OMDB_KEY,
        OMDB_BASE_URL=f"{base}/omdb/",
        OFFLINE_MODE="false",
        PLANNER_MODEL="local-model",
        EVALUATOR_MODEL="local-model",
        SYNTHESIZER_MODEL="local-model",
        LLM_MAX_RETRIES="0",
        FAST_PATH="off",  # the model plans: its request is what must carry no key
        PYTHONWARNINGS="always",
    )
    thread = f"secrets-{int(as_json)}"
    debug = (  # every library logs at DEBUG to stderr: httpx, openai, langchain, ours
        "import logging, runpy, sys; logging.basicConfig(level=logging.DEBUG); "
        "sys.argv[0] = 'agentic_rag'; runpy.run_module('agentic_rag', run_name='__main__')"
    )
    argv = [sys.executable, "-c", debug, "ask", "What is Inception's IMDb rating?"]
    argv += ["--thread", thread] + (["--json"] if as_json else [])
    out = subprocess.run(
        argv, env=env, capture_output=True, text=True, timeout=180, cwd=PROJECT_ROOT
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert fake.prompts, "the model was never asked"
    if as_json:
        trace = json.loads(out.stdout)
        omdb = next(r for r in trace["results"] if r["tool"] == "omdb")
        assert omdb["status"] in ("error", "refused"), omdb  # the hostile server was reached
    assert _leaks(out.stdout) == [], "key printed on stdout"
    assert _leaks(out.stderr) == [], "key in the logs"
    assert _leaks("\n".join(fake.prompts)) == [], "key in a prompt"
    for path in Path(built_settings.build_dir).rglob("*"):
        if path.is_file():
            text = path.read_bytes().decode("utf-8", "replace")
            assert _leaks(text) == [], f"key stored in {path}"
