"""Every turn's trace, stored as one JSON line per turn in `build/traces/<thread>.jsonl`; a
thread's name, when the user renamed it, in `<thread>.title` beside it."""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentic_rag.textsafe import append_line_atomically

_SAFE = re.compile(r"[^A-Za-z0-9_.-]")


@dataclass
class ThreadInfo:
    thread_id: str
    title: str  # the name the user gave it, else its whole first question
    turns: int
    updated: float  # when its last turn was stored (seconds since the epoch)


class TraceStore:
    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self._lock = threading.Lock()

    def _path(self, thread_id: str) -> Path:
        return self.directory / f"{_SAFE.sub('_', thread_id)[:80]}.jsonl"

    def _title_path(self, thread_id: str) -> Path:
        return self._path(thread_id).with_suffix(".title")

    def save(self, thread_id: str, trace: dict[str, Any]) -> None:
        line = json.dumps(trace, ensure_ascii=False, default=str)
        with self._lock:  # encoded before the file is touched, then swapped in whole
            append_line_atomically(self._path(thread_id), line)

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

    def info(self, thread_id: str) -> ThreadInfo | None:
        """Title (first question) and turn count of one thread, reading only its first line."""
        path = self._path(thread_id)
        if not path.exists():
            return None
        with path.open("rb") as fh:
            first = fh.readline()
            turns = (1 if first.strip() else 0) + sum(chunk.count(b"\n") for chunk in fh)
        try:
            head = json.loads(first)
            title = head.get("question") or "(empty question)"
        except ValueError:
            return None
        named = self._title_path(thread_id)
        if named.exists():
            title = named.read_text(encoding="utf-8").strip() or title
        return ThreadInfo(thread_id, title, turns, path.stat().st_mtime)

    def rename(self, thread_id: str, title: str) -> None:
        """Name a stored thread (an empty name brings back its first question)."""
        if self._path(thread_id).exists():
            self._title_path(thread_id).write_text(" ".join(title.split()), encoding="utf-8")

    def delete(self, thread_id: str) -> None:
        """Forget a thread's turns and name."""
        with self._lock:
            self._path(thread_id).unlink(missing_ok=True)
            self._title_path(thread_id).unlink(missing_ok=True)

    def threads(self, limit: int = 30) -> list[ThreadInfo]:
        if not self.directory.exists():
            return []
        infos = [info for path in self.directory.glob("*.jsonl") if (info := self.info(path.stem))]
        infos.sort(key=lambda t: t.updated, reverse=True)
        return infos[:limit]
