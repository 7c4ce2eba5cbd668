"""What each model server accepts, remembered across processes: the structured-output rung that
worked and the rungs it refused, per (base URL, model), in a small JSON file under the build
directory (`Settings.server_facts_path`), each fact kept `SERVER_FACTS_TTL_S` seconds.

So a refused method is sent at most once per server and model per TTL (a day by default), not
once per process: a second process reads the file and starts at the rung that worked. The file
is rewritten whole (write to a temporary file, then rename), so a reader never sees half of it.
A file that cannot be read or written is ignored: the ladder then works from memory alone.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

Key = tuple[str, str]  # (base URL, model)

#: What this process learnt, whether or not it has a file (tests, a read-only build dir).
_MEMORY: dict[str, dict[str, Any]] = {}


def _name(key: Key) -> str:
    return f"{key[0]} | {key[1]}"


class ServerFacts:
    """Facts about servers, in this process's memory and (when `path`) on disk."""

    def __init__(
        self, path: Path | None, ttl_s: float, clock: Callable[[], float] = time.time
    ) -> None:
        self.path, self.ttl_s, self.clock = path, ttl_s, clock

    def _load(self) -> dict[str, dict[str, Any]]:
        if self.path is None or not self.path.is_file():
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return data if isinstance(data, dict) else {}
        except (OSError, ValueError):
            log.warning("server facts unreadable: %s", self.path, exc_info=True)
            return {}

    def _fresh(self, at: Any) -> bool:
        return isinstance(at, int | float) and (self.clock() - at) < self.ttl_s

    def _entry(self, key: Key) -> dict[str, Any]:
        entry = self._load().get(_name(key)) or _MEMORY.get(_name(key)) or {}
        working = entry.get("working") or {}
        refused = {r: at for r, at in (entry.get("refused") or {}).items() if self._fresh(at)}
        return {
            "working": working if self._fresh(working.get("at")) else {},
            "refused": refused,
        }

    def working(self, key: Key) -> str | None:
        """The rung that last worked for this server and model, if still fresh."""
        return self._entry(key)["working"].get("rung")

    def refused(self, key: Key) -> set[str]:
        """Rungs this server refused (or ignored) within the TTL."""
        return set(self._entry(key)["refused"])

    def record(self, key: Key, *, working: str | None = None, refused: str | None = None) -> None:
        entry = self._entry(key)
        now = self.clock()
        if working is not None:
            entry["working"] = {"rung": working, "at": now}
        if refused is not None:
            entry["refused"][refused] = now
        self._save(key, entry)

    def _save(self, key: Key, entry: dict[str, Any] | None) -> None:
        name = _name(key)
        if entry is None:
            _MEMORY.pop(name, None)
        else:
            _MEMORY[name] = entry
        if self.path is None:
            return
        data = self._load()
        if entry is None:
            data.pop(name, None)
        else:
            data[name] = entry
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".llm_servers.")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, indent=1, sort_keys=True)
            os.replace(tmp, self.path)
        except OSError:
            log.warning("server facts not saved: %s", self.path, exc_info=True)


def forget_all() -> None:
    """Forget this process's memory (tests); files are per build directory."""
    _MEMORY.clear()
