"""Wiring: from `Settings` to a ready agent.

`AppRuntime` holds what lives for the whole process (stores, cache, audit log, schema text,
lexicon); `AppRuntime.session()` opens what is bound to one event loop (HTTP client,
checkpointer) and yields a compiled graph. The CLI, the page, the eval harness and the
benchmarks all go through here, so they run the same code.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import ssl
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import certifi
import httpx

from agentic_rag.agent.deps import AgentDeps, make_agent_deps
from agentic_rag.agent.graph.build import build_graph
from agentic_rag.agent.graph.runner import EventSink, run_turn, turn_config, turn_trace
from agentic_rag.agent.memory.checkpoints import (
    checkpoint_threads,
    memory_errors,
    memory_notice,
    open_checkpointer,
)
from agentic_rag.agent.memory.trace_store import ThreadInfo, TraceStore
from agentic_rag.agent.rules.evaluator import OfflineEvaluator
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.planner import OfflinePlanner
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.config import Settings
from agentic_rag.redaction import register_secrets
from agentic_rag.stores.handles import Stores, open_stores
from agentic_rag.textsafe import decode_lenient
from agentic_rag.tools.audit import AuditLog
from agentic_rag.tools.cache import TTLCache
from agentic_rag.tools.deps import ToolDeps
from agentic_rag.tools.registry import ToolRegistry

NODES = ("planner", "evaluator", "synthesizer")
log = logging.getLogger(__name__)


@functools.cache
def _ssl_context() -> ssl.SSLContext:
    """Built once per process: loading the CA bundle costs ~15 ms, too much for every turn."""
    return ssl.create_default_context(cafile=certifi.where())


@dataclass
class AppRuntime:
    settings: Settings
    stores: Stores
    cache: TTLCache
    audit: AuditLog
    lexicon: Lexicon
    traces: TraceStore
    enabled_tools: tuple[str, ...] | None = None
    _closed: bool = field(default=False, repr=False)

    @classmethod
    def open(
        cls, settings: Settings, enabled_tools: Iterable[str] | None = None, *, eager: bool = True
    ) -> AppRuntime:
        """`eager` opens the three stores now, in parallel (the page, eval, benchmarks); the CLI
        passes False so a turn opens only the stores its plan needs."""
        register_secrets(settings.openai_api_key, settings.omdb_api_key)  # before any request
        if settings.llm_enabled:  # a model the server does not serve: a clear error, first
            from agentic_rag.agent.llm.served_models import check_served

            check_served(settings)
        stores = open_stores(settings, eager=eager)
        try:
            conn = stores.sqlite()
            try:
                lexicon = Lexicon.from_sqlite(conn)
            finally:
                conn.close()
        except Exception:
            stores.close()
            raise
        Path(settings.build_dir).mkdir(parents=True, exist_ok=True)
        return cls(
            settings=settings,
            stores=stores,
            cache=TTLCache(settings.cache_path),
            audit=AuditLog(settings.audit_path),
            lexicon=lexicon,
            traces=TraceStore(Path(settings.traces_dir)),
            enabled_tools=tuple(enabled_tools) if enabled_tools is not None else None,
        )

    @functools.cached_property
    def schema_text(self) -> str:
        """The stores' schema for the LLM planner: read from all three live stores, so only
        computed when a model plans (offline rules never read it)."""
        from agentic_rag.stores.schema import describe_stores

        return describe_stores(self.stores).render()

    def registry(
        self, settings: Settings | None = None, enabled: Iterable[str] | None = None
    ) -> ToolRegistry:
        chosen = enabled if enabled is not None else self.enabled_tools
        return ToolRegistry(settings or self.settings, enabled=chosen)

    def agent_deps(
        self,
        http: httpx.AsyncClient | None = None,
        *,
        settings: Settings | None = None,
        enabled: Iterable[str] | None = None,
        **overrides: Any,
    ) -> AgentDeps:
        """Dependencies of one graph; `overrides` replace any field (tests inject fakes)."""
        settings = settings or self.settings
        planner = OfflinePlanner(self.lexicon, settings.clarify_below)
        rules = (planner, OfflineEvaluator(), OfflineSynthesizer())
        chat_models, examples, repairer = None, None, None  # repairer None: schema fixes only
        if settings.llm_enabled:
            from agentic_rag.agent.llm.chat import make_chat_model
            from agentic_rag.agent.llm.nodes import LadderModel
            from agentic_rag.agent.plan_examples import ExampleBank
            from agentic_rag.tools.cypher.repair import (
                ChainedRepairer,
                DeterministicRepairer,
                LlmCypherRepairer,
            )

            chat_models = {n: make_chat_model(settings, n) for n in NODES}
            examples = ExampleBank.open(Path(settings.model_dir))
            repairer = ChainedRepairer(
                DeterministicRepairer(),
                LlmCypherRepairer(LadderModel(chat_models["planner"], settings), timeout_s=20.0),
            )
        tools = ToolDeps(
            settings=settings,
            stores=self.stores,
            http=http,
            cache=self.cache,
            audit=self.audit,
            cypher_repairer=repairer,
        )
        return make_agent_deps(
            settings,
            self.registry(settings, enabled),
            tools,
            self.schema_text if settings.llm_enabled else "",
            rules=rules,
            chat_models=chat_models,
            examples=examples,
            **overrides,
        )

    @contextlib.asynccontextmanager
    async def deps_session(self, **deps_overrides: Any) -> AsyncIterator[AgentDeps]:
        """The graph's dependencies for this event loop, with its own HTTP client."""
        async with httpx.AsyncClient(follow_redirects=True, verify=_ssl_context()) as http:
            yield self.agent_deps(http, **deps_overrides)

    @contextlib.asynccontextmanager
    async def session(self, *, persist: bool = True, **deps_overrides: Any) -> AsyncIterator[Any]:
        """A compiled graph for this event loop, with the checkpointer (PostgreSQL at
        DATABASE_URL, else SQLite) when `persist`."""
        async with self.deps_session(**deps_overrides) as deps:
            if not persist:
                from langgraph.checkpoint.memory import InMemorySaver

                yield build_graph(deps, checkpointer=InMemorySaver())
                return
            async with open_checkpointer(self.settings) as saver:
                yield build_graph(deps, checkpointer=saver)

    def past_threads(self, limit: int = 30) -> list[ThreadInfo]:
        """Threads the checkpointer remembers, newest first, titled by their first question."""
        out = []
        for thread_id in checkpoint_threads(self.settings, limit):
            info = self.traces.info(thread_id)
            if info is not None:
                out.append(info)
        return out

    async def ask(
        self,
        question: str,
        thread_id: str,
        on_event: EventSink | None = None,
        *,
        persist: bool = True,
        **deps_overrides: Any,
    ) -> dict[str, Any]:
        """One turn end to end: run the graph, store the trace, return the final state values.

        When conversation memory (the checkpointer) fails, the turn is answered again without
        it and the answer says so; when the trace cannot be written, the answer says that too.
        """
        question = decode_lenient(question)  # the boundary: undecodable bytes become U+FFFD
        notices: list[str] = []
        try:
            values = await self._turn(question, thread_id, on_event, persist, deps_overrides)
        except memory_errors() as exc:
            log.warning("conversation memory failed; answering without it", exc_info=True)
            notices.append(memory_notice(self.settings, exc))
            values = await self._turn(question, thread_id, on_event, False, deps_overrides)
        unsaved = values.pop("unsaved", None)
        if unsaved is not None:  # answered from the memory; only saving the turn failed
            notices.append(memory_notice(self.settings, unsaved, history_used=True))
        values["trace_export"] = turn_trace(values)
        if persist:
            try:
                self.traces.save(thread_id, values["trace_export"])
            except OSError as exc:
                log.warning("trace not saved", exc_info=True)
                notices.append(
                    f"The trace of this turn could not be written to {self.settings.traces_dir} "
                    f"({exc.strerror or exc}); the answer is not in the thread's history."
                )
        if notices:
            values["notices"] = notices
            extra = "\n\n" + "\n\n".join(f"_{n}_" for n in notices)
            values["answer"] = (values.get("answer") or "") + extra
            if on_event is not None:
                on_event({"type": "token", "text": extra})
        return values

    async def _turn(
        self,
        question: str,
        thread_id: str,
        on_event: EventSink | None,
        persist: bool,
        deps_overrides: dict[str, Any],
    ) -> dict[str, Any]:
        async with self.session(persist=persist, **deps_overrides) as graph:
            values = await run_turn(graph, question, thread_id, on_event=on_event)
            if persist and values.get("error"):
                # raises one of `memory_errors()` when it was the checkpointer that failed
                await graph.checkpointer.aget_tuple(turn_config(thread_id))
        return values

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.stores.close()
            self.cache.close() if hasattr(self.cache, "close") else None
