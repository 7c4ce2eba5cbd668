"""A guard on the synthesizer's stream: only safe, non-degenerate text reaches the reader.

Small models can drift into junk: `<img src="` and forty blank lines, the same fragment over
and over, raw HTML. The guard holds back what it cannot judge yet (trailing whitespace, a `<`
or `!` that may open markup or an image), passes the rest on, and raises `DegenerateStream`
with the reason as soon as the text turns degenerate, so the caller stops the stream and falls
back. Nothing it lets through contains an HTML tag or a markdown image.
"""

from __future__ import annotations

import re

from agentic_rag.errors import ModelStepError

MAX_BLANK_LINES = 4  # newlines in one whitespace run (a paragraph break is 2)
MAX_SPACES = 40  # characters in one whitespace run
HOLD_CHARS = 24  # how far past a '<' or '!' the guard waits before judging it
REPEAT_WINDOW = 800  # tail of the text searched for repeated fragments

_TAG = re.compile(r"<\s*/?\s*[A-Za-z][A-Za-z0-9-]*(?:[\s/>]|$)|<!--|<\?")
_IMAGE = re.compile(r"!\[[^\]\n]*\]\s*\(")
#: A fragment of 4-120 characters repeated at least four more times, back to back.
_REPEAT = re.compile(r"(.{4,120}?)\1{4,}$", re.DOTALL)
_TRAILING_SPACE = re.compile(r"\s+$")
_SPACE_RUN = re.compile(r"\s{2,}")
_SUSPECT = re.compile(r"[<!][^<!]*$")


class DegenerateStream(ModelStepError):
    """The model's stream turned into junk; `reason` says which kind."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"degenerate stream: {kind}")


class StreamGuard:
    """Feed it streamed pieces; it returns what is safe to show now, or raises."""

    def __init__(self) -> None:
        self.shown = ""  # text passed on
        self.held = ""  # text not judged yet

    @property
    def text(self) -> str:
        return self.shown + self.held

    def feed(self, piece: str) -> str:
        self.held += piece
        self._check(self.shown + self.held)
        cut = len(self.held)
        trailing = _TRAILING_SPACE.search(self.held)
        if trailing:
            cut = min(cut, trailing.start())
        suspect = _SUSPECT.search(self.held)
        if suspect and len(self.held) - suspect.start() < HOLD_CHARS:
            cut = min(cut, suspect.start())
        out, self.held = self.held[:cut], self.held[cut:]
        self.shown += out
        return out

    def finish(self) -> str:
        """The rest of the held text at the end of the stream (trailing whitespace dropped)."""
        out = self.held.rstrip()
        self._check(self.shown + out)
        self.held = ""
        self.shown += out
        return out

    def _check(self, text: str) -> None:
        for run in _SPACE_RUN.finditer(text):
            if run.group(0).count("\n") > MAX_BLANK_LINES or len(run.group(0)) > MAX_SPACES:
                raise DegenerateStream("a long run of blank lines or spaces")
        if _TAG.search(text):
            raise DegenerateStream("HTML markup")
        if _IMAGE.search(text):
            raise DegenerateStream("an image")
        if _REPEAT.search(text[-REPEAT_WINDOW:]):
            raise DegenerateStream("the same text repeated")
