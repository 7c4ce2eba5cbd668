"""Every turn's trace, stored as one JSON line per turn in `build/traces/<thread>.jsonl`."""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_SAFE = re.compile(r"[^A-Za-z0-9_.-]")


@dataclass
class ThreadInfo:
    thread_id: str
    title: str
    turns: int
    updated: float


class TraceStore:
    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self._lock = threading.Lock()

    def _path(self, thread_id: str) -> Path:
        return self.directory / f"{_SAFE.sub('_', thread_id)[:80]}.jsonl"

    def save(self, thread_id: str, trace: dict[str, Any]) -> None:
        line = json.dumps(trace, ensure_ascii=False, default=str)
        with self._lock:
            self.directory.mkdir(parents=True, exist_ok=True)
            with self._path(thread_id).open("a", encoding="utf-8") as fh:
                fh.write(line + "\n")

    def load(self, thread_id: str) -> list[dict[str, Any]]:
        path = self._path(thread_id)
        if not path.exists():
            return []
        out = []
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                out.append(json.loads(line))
            except ValueError:
                continue  # a torn last line after a crash
        return out

    def threads(self, limit: int = 30) -> list[ThreadInfo]:
        if not self.directory.exists():
            return []
        infos = []
        for path in self.directory.glob("*.jsonl"):
            # Only the first line is parsed: listing stays cheap however long threads get.
            with path.open("rb") as fh:
                first = fh.readline()
                turns = (1 if first.strip() else 0) + sum(chunk.count(b"\n") for chunk in fh)
            try:
                title = (json.loads(first).get("question") or "(empty question)")[:60]
            except ValueError:
                continue
            infos.append(ThreadInfo(path.stem, title, turns, path.stat().st_mtime))
        infos.sort(key=lambda t: t.updated, reverse=True)
        return infos[:limit]
