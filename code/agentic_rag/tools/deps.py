"""What tools depend on, injected (never module globals): stores, HTTP client, cache, audit log."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from agentic_rag.config import Settings
from agentic_rag.tools.audit import AuditLog

if TYPE_CHECKING:
    import httpx

    from agentic_rag.stores.handles import Stores

#: ddgs-compatible text search: (query, max_results) -> [{"title", "href", "body"}]
WebSearchFn = Callable[[str, int], list[dict[str, Any]]]


@dataclass
class ToolDeps:
    settings: Settings
    stores: Stores | None = None
    http: httpx.AsyncClient | None = None
    cache: Any | None = None  # agentic_rag.tools.cache.TTLCache
    audit: AuditLog = field(default_factory=lambda: AuditLog(None))
    cypher_repairer: Any | None = None  # agentic_rag.tools.cypher.repair.CypherRepairer
    web_search: WebSearchFn | None = None  # None: the real ddgs client
