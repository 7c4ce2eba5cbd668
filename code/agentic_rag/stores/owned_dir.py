"""Temp directories this process owns, never left behind: the one mechanism for the embedded
graph server's socket dir and the vector store's working copy.

Each directory has a tiny `sh` guardian in its own session (the terminal's Ctrl-C never
reaches it) holding the read end of a pipe whose write end only this process has. When this
process closes it, exits, crashes or is killed, the guardian reads end-of-file, kills the
command it was given (if any) and deletes the directory. A directory whose guardian was
killed too (e.g. `kill -9` of every process) carries its owner's pid in its name
(`agentic-rag-<kind>-<pid>-…`); the next `OwnedDir` removes those whose owner is gone.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import re
import shutil
import subprocess
import tempfile
import threading
import weakref
from collections.abc import Sequence
from pathlib import Path

STOP_TIMEOUT_S = 2.0
TEMP_PREFIX = "agentic-rag-"
_OWNER = re.compile(rf"^{re.escape(TEMP_PREFIX)}[a-z]+-(\d+)-")

# $1: the dir; the rest: an optional command. Prints the command's pid (0: none), then waits
# for end-of-file on stdin (the owner's pipe) or TERM/HUP, and cleans up.
_GUARDIAN = r"""
dir=$1; shift
srv=
if [ $# -gt 0 ]; then "$@" >/dev/null 2>&1 </dev/null & srv=$!; fi
echo "${srv:-0}"
cleanup() {
  if [ -n "$srv" ]; then kill -KILL "$srv" 2>/dev/null; wait "$srv" 2>/dev/null; fi
  rm -rf "$dir"; exit 0
}
trap cleanup TERM HUP
trap '' INT
read -r _ignored
cleanup
"""

_LIVE: weakref.WeakSet[OwnedDir] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    for owned in list(_LIVE):
        owned.close()


def alive(pid: int) -> bool:
    """Whether `pid` is a live process (a zombie is not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - someone else's pid
        return True
    with contextlib.suppress(OSError):
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat.rsplit(")", 1)[1].split()[0] != "Z"
    return True


def remove_orphans(tmp: Path | None = None) -> list[Path]:
    """Delete owned directories under `tmp` (default: the temp dir) whose owner is gone."""
    removed = []
    for path in Path(tmp or tempfile.gettempdir()).glob(f"{TEMP_PREFIX}*"):
        match = _OWNER.match(path.name)
        if match and int(match.group(1)) != os.getpid() and not alive(int(match.group(1))):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


class OwnedDir:
    """A new temp directory `path`; `guard()` starts its guardian (and an optional command
    whose pid it returns). `close()` is idempotent and takes milliseconds."""

    def __init__(self, kind: str):
        remove_orphans()
        self.path = Path(tempfile.mkdtemp(prefix=f"{TEMP_PREFIX}{kind}-{os.getpid()}-"))
        self._guardian: subprocess.Popen[bytes] | None = None
        self._command_pid: int | None = None
        self._lock = threading.Lock()
        _LIVE.add(self)

    def guard(self, command: Sequence[str] = ()) -> int | None:
        """Start the guardian, which starts `command` (if given); returns the command's pid."""
        self._guardian = subprocess.Popen(
            ["sh", "-c", _GUARDIAN, "sh", str(self.path), *command],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # the terminal's Ctrl-C goes to us, not to the guardian
        )
        assert self._guardian.stdout is not None
        line = self._guardian.stdout.readline().strip()
        self._guardian.stdout.close()
        self._command_pid = int(line) if line.isdigit() and int(line) > 0 else None
        return self._command_pid

    @property
    def guarded(self) -> bool:
        return self._guardian is not None

    def close(self) -> None:
        """Close the guardian's pipe: it kills the command and removes the directory."""
        with self._lock:
            guardian, self._guardian = self._guardian, None
        _LIVE.discard(self)
        if guardian is not None:
            with contextlib.suppress(OSError):
                assert guardian.stdin is not None
                guardian.stdin.close()
            try:
                guardian.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(OSError):
                    os.killpg(guardian.pid, 9)
                guardian.wait()
                if self._command_pid:
                    with contextlib.suppress(OSError):
                        os.kill(self._command_pid, 9)
        shutil.rmtree(self.path, ignore_errors=True)
