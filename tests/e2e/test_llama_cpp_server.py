"""LLM mode against a real llama.cpp server (llama-cpp-python + Gemma 3 270M), no fakes.

The model is tiny and its plans are often poor: these tests check the protocol and the
product's behaviour (the negotiated rung, bounded output, truthful labels, named fallbacks,
tokens counted, no junk on screen), not the quality of the answers.
"""

from __future__ import annotations

import json
from typing import Any

import httpx2
import pytest
from streamlit.testing.v1 import AppTest

from agentic_rag.agent.interfaces import EvalContext, SynthContext
from agentic_rag.agent.llm.chat import make_chat_model
from agentic_rag.agent.llm.nodes import LlmEvaluator, LlmSynthesizer
from agentic_rag.agent.llm.rungs import forget_rungs, remembered_rung
from agentic_rag.agent.llm.server_facts import forget_all
from agentic_rag.agent.models import ExecutionPlan, PlannedCall
from agentic_rag.agent.node_mode import NodeMode
from agentic_rag.config import PROJECT_ROOT, load_settings
from agentic_rag.errors import ModelStepError
from agentic_rag.tools.base import SourceRef, ToolResult, ToolStatus
from tests.conftest import MODEL_DIR, ask_cli_json, store_env
from tests.fakes_http import method_of
from tests.llama_server import MODEL_ALIAS, LlamaServer

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

JUNK = ("<img", "<div", "<script", "![", "\n\n\n\n")
RESULT = ToolResult(
    tool="sql", call_id="1.1", status=ToolStatus.OK, rows=[{"movies": 12}], message="1 row",
    sources=[SourceRef(kind="sql_row", ref="shows:count")],
)  # fmt: skip
PLAN = ExecutionPlan(
    reasoning="count", resolved_question="How many movies did Martin Scorsese direct?",
    calls=[PlannedCall(tool="sql", purpose="count", args={"query": "SELECT 12 AS movies"})],
)  # fmt: skip


def settings_for(server: LlamaServer, tmp_path: Any) -> Any:
    env = server.env()
    return load_settings(
        openai_api_key="local", openai_base_url=server.base_url, evaluator_model=MODEL_ALIAS,
        synthesizer_model=MODEL_ALIAS, evaluator_max_tokens=int(env["EVALUATOR_MAX_TOKENS"]),
        synthesizer_max_tokens=int(env["SYNTHESIZER_MAX_TOKENS"]), llm_timeout_s=120,
        build_dir=tmp_path, model_dir=MODEL_DIR,
    )  # fmt: skip


def recording_client(bodies: list[dict[str, Any]]) -> httpx2.AsyncClient:
    async def record(request: httpx2.Request) -> None:
        bodies.append(json.loads(request.content))

    return httpx2.AsyncClient(event_hooks={"request": [record]}, timeout=120)


async def test_the_ladder_lands_on_forced_tool_calls(llama_server: LlamaServer, tmp_path) -> None:
    forget_rungs()
    settings = settings_for(llama_server, tmp_path)
    bodies: list[dict[str, Any]] = []
    model = make_chat_model(settings, "evaluator", http_async_client=recording_client(bodies))
    ctx = EvalContext(
        question=PLAN.resolved_question, iteration=1, max_iterations=2, plans=[PLAN],
        results=[RESULT], latest=[RESULT], tool_names=("sql",),
    )  # fmt: skip
    evaluator = LlmEvaluator(model, settings)
    decision, usage = await evaluator.evaluate(ctx)
    assert decision.decision in ("continue", "replan") and 0 <= decision.confidence <= 1
    # json_schema is refused (HTTP 500) once, never retried; the forced tool call works
    assert [method_of(b) for b in bodies][:2] == ["json_schema", "tools"]
    assert usage.rung == "tools" and remembered_rung(model) is not None
    # the tools rung streams (an abandoned call stops the server); streams carry no usage
    assert usage.tokens_in > 0 and usage.tokens_out > 0 and usage.estimated
    assert all(b["max_tokens"] == settings.evaluator_max_tokens for b in bodies)
    sent = len(bodies)
    forget_all()  # as a second process: nothing in memory, the facts file on disk
    again = LlmEvaluator(
        make_chat_model(settings, "evaluator", http_async_client=recording_client(bodies)),
        settings,
    )
    await again.evaluate(ctx)
    assert [method_of(b) for b in bodies[sent:]] == ["tools"]  # the refused rung is not re-sent


async def test_the_stream_is_guarded_and_its_tokens_counted(
    llama_server: LlamaServer, tmp_path
) -> None:
    settings = settings_for(llama_server, tmp_path)
    synth = LlmSynthesizer(make_chat_model(settings, "synthesizer"), settings)
    ctx = SynthContext(
        question=PLAN.resolved_question, results=[RESULT], plans=[PLAN], incomplete_reason=None,
        mode_label="LLM",
    )  # fmt: skip
    shown: list[str] = []
    try:
        text, usage = await synth.synthesize(ctx, shown.append)
    except ModelStepError as exc:  # junk or nothing: stopped, with the reason and the cost
        assert exc.reason.startswith(("degenerate stream", "the model returned an empty"))
        text, usage = "".join(shown), exc.usage
    assert not any(j in "".join(shown) for j in JUNK)
    if text.strip():  # the server sends no usage in streams: counted locally, as an estimate
        assert usage.estimated and usage.tokens_in > 0 and usage.tokens_out > 0


def check_turn(trace: dict[str, Any]) -> list[NodeMode]:
    """What every LLM-mode turn must satisfy, whatever the tiny model wrote."""
    modes = [NodeMode(**m) for m in trace["node_modes"]]
    assert {m.node for m in modes} >= {"planner", "evaluator", "synthesizer"}
    assert all(m.reason for m in modes if m.mode == "rules")  # every fallback is named
    used_model = [m for m in modes if m.mode != "rules"]
    expected = {"LLM", "mixed"} if used_model else {"offline"}
    assert trace["turn_label"] in expected
    answer = trace["answer"]
    assert not any(j in answer for j in JUNK)
    last = answer.strip().splitlines()[-1]
    if trace["turn_label"] == "mixed":
        assert "Partly written by rules:" in last
    if trace["turn_label"] == "offline":
        assert "the model was not used" in last
    if used_model:
        assert trace["totals"]["tokens_in"] > 0 and trace["totals"]["tokens_out"] > 0
    for node in trace["nodes"]:
        if node["node"] == "planner" and node.get("rung"):
            assert node["rung"] == "tools"
    return modes


def test_cli_turn_in_llm_mode(llama_server: LlamaServer, built_settings) -> None:
    env = store_env(built_settings, **llama_server.env())
    trace = ask_cli_json(env, "How many movies did Martin Scorsese direct?")
    assert trace["mode"] == "llm"
    check_turn(trace)


def test_page_turn_in_llm_mode(llama_server: LlamaServer, built_settings, monkeypatch) -> None:
    for key, value in {
        **llama_server.env(), "BUILD_DIR": str(built_settings.build_dir),
        "CSV_PATH": str(built_settings.csv_path), "MODEL_DIR": str(built_settings.model_dir),
    }.items():  # fmt: skip
        monkeypatch.setenv(key, value)
    at = AppTest.from_file(str(PROJECT_ROOT / "code" / "streamlit_app.py"), default_timeout=150)
    try:
        at.run()
        assert not at.exception
        captions = " ".join(c.value for c in at.sidebar.caption)
        assert f"LLM mode: {MODEL_ALIAS}" in captions
        at.chat_input[0].set_value("Which movies did Christopher Nolan direct?").run()
        assert not at.exception, at.exception
        answer = "\n".join(
            m.value for msg in at.chat_message if msg.name == "assistant" for m in msg.markdown
        )
    finally:  # the page caches its runtime per process: close this LLM-mode one
        from agentic_rag.ui.app import _runtime_future

        future = _runtime_future(str(built_settings.build_dir), str(built_settings.csv_path))
        future.result().close()
        _runtime_future.clear()
    assert answer and not any(j in answer for j in ("<img", "<script", "\n\n\n\n"))
    assert any(s in answer for s in ("Answered in", "Answered by the offline rules"))


def test_a_model_the_server_does_not_serve_fails_clearly(
    llama_server: LlamaServer, built_settings
) -> None:
    import subprocess
    import sys
    import time

    env = store_env(built_settings, **llama_server.env(PLANNER_MODEL="gemma-typo"))
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "agentic_rag", "ask", "How many movies?"], env=env,
        capture_output=True, text=True, timeout=60, cwd=PROJECT_ROOT,
    )  # fmt: skip
    elapsed = time.perf_counter() - start
    said = out.stdout + out.stderr
    assert out.returncode == 2, said
    assert "PLANNER_MODEL=gemma-typo" in said and f"It serves: {MODEL_ALIAS}" in said
    assert "LLM mode" not in said and "Answered" not in said
    assert elapsed < 10  # the process start (~2-3 s) plus a check bounded by 4 s
