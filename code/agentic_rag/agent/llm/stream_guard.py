"""The output gate: the one check of a model's answer text, streamed or not.

Small models drift into junk: chat-template tokens (`[/INST]`, `<start_of_turn>`,
`<|im_start|>`, `</s>` ...), invented tool-result blocks or citations to results that do not
exist, the same fragment over and over, forty blank lines, HTML or images, text in another script
than the question's. `OutputGate.feed` holds back what it cannot judge yet (trailing whitespace,
a `<`, `!` or `[` that may open a token, markup or a citation), passes the rest on, and raises
`DegenerateStream` naming the reason as soon as the text turns bad, so the caller stops the
stream and the rules answer instead. `OutputGate.check` judges a whole text at once.
"""

from __future__ import annotations

import re
import unicodedata

from agentic_rag.errors import ModelStepError

MAX_BLANK_LINES = 4  # newlines in one whitespace run (a paragraph break is 2)
MAX_SPACES = 40  # characters in one whitespace run
HOLD_CHARS = 24  # how far past a '<', '!' or '[' the gate waits before judging it
REPEAT_WINDOW = 800  # tail of the text searched for repeated fragments
SCRIPT_MIN_LETTERS = 40  # letters needed before the script check judges
SCRIPT_MAX_FOREIGN = 0.5  # share of letters in another script than the question's

#: Chat-template control tokens of the common families (Llama 2/Mistral, Gemma, ChatML/Qwen,
#: Llama 3, GPT-2/NeoX, Phi, reasoning tags), and a bare role line such as "model".
_TEMPLATE = re.compile(
    r"\[/?INST\]|<</?SYS>>|<\|[A-Za-z0-9_]+\|>|</?s>|<(?:start|end)_of_turn>|<(?:eos|bos|pad)>"
    r"|</?think>|\[/?(?:SYSTEM_PROMPT|AVAILABLE_TOOLS|TOOL_CALLS|TOOL_RESULTS)\]"
    r"|^\s*(?:user|model|assistant|system)\s*:?\s*\n",
    re.IGNORECASE | re.MULTILINE,
)
#: Blocks the model writes as if it had tool output: "Result [2]:", "Tool output:", a JSON object
#: on its own line, <tool_call> tags, code fences.
_INVENTED = re.compile(
    r"^[\s#>*_-]*(?:tool[ _]?(?:calls?|results?|outputs?|responses?)|results?|observations?"
    r"|function[ _](?:calls?|responses?)|outputs?|sources?)\s*(?:\[\d+\]|\d+)?\s*[:=]"
    r"|<tool_(?:call|response)>|^\s*\{\s*\"|```",
    re.IGNORECASE | re.MULTILINE,
)
_TAG = re.compile(r"<\s*/?\s*[A-Za-z][A-Za-z0-9-]*(?:[\s/>]|$)|<!--|<\?")
_IMAGE = re.compile(r"!\[[^\]\n]*\]\s*\(")
#: A fragment of 4-120 characters repeated at least four more times, back to back.
_REPEAT = re.compile(r"(.{4,120}?)\1{4,}$", re.DOTALL)
_CITATION = re.compile(r"\[(\d{1,3})\]")
_TRAILING_SPACE = re.compile(r"\s+$")
_SPACE_RUN = re.compile(r"\s{2,}")
_SUSPECT = re.compile(r"[<!\[][^<!\[]*$")


class DegenerateStream(ModelStepError):
    """The model's text turned into junk; `reason` says which kind."""

    def __init__(self, kind: str, seen: str = "") -> None:
        super().__init__(f"degenerate stream: {kind}", f"saw {seen!r}" if seen else "")


def script_of(char: str) -> str:
    """'latin' for Latin letters (accents included), else the first word of the Unicode name."""
    if ord(char) < 0x250 or 0x1E00 <= ord(char) <= 0x1EFF:
        return "latin"
    return unicodedata.name(char, "OTHER").split()[0].casefold()


def main_script(text: str) -> str | None:
    counts: dict[str, int] = {}
    for c in text:
        if c.isalpha():
            counts[script_of(c)] = counts.get(script_of(c), 0) + 1
    return max(counts, key=lambda k: counts[k]) if counts else None


class OutputGate:
    """Feed it streamed pieces; it returns what is safe to show now, or raises.

    `question` sets the expected script; `citations` are the result numbers that exist (None:
    not checked)."""

    def __init__(self, question: str = "", citations: set[int] | None = None) -> None:
        self.shown = ""  # text passed on
        self.held = ""  # text not judged yet
        self.script = main_script(question) or "latin"
        self.citations = citations

    @property
    def text(self) -> str:
        return self.shown + self.held

    def feed(self, piece: str) -> str:
        self.held += piece
        self.check(self.shown + self.held)
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
        self.check(self.shown + out + "\n")
        self.held = ""
        self.shown += out
        return out

    def check(self, text: str) -> None:
        """Raise `DegenerateStream` when `text` holds anything the gate stops."""
        for run in _SPACE_RUN.finditer(text):
            if run.group(0).count("\n") > MAX_BLANK_LINES or len(run.group(0)) > MAX_SPACES:
                raise DegenerateStream("a long run of blank lines or spaces")
        if m := _TEMPLATE.search(text):
            raise DegenerateStream("a chat-template token", m.group(0).strip())
        if m := _INVENTED.search(text):
            raise DegenerateStream("an invented result block", m.group(0).strip()[:20])
        if _TAG.search(text):
            raise DegenerateStream("HTML markup")
        if _IMAGE.search(text):
            raise DegenerateStream("an image")
        if _REPEAT.search(text[-REPEAT_WINDOW:]):
            raise DegenerateStream("the same text repeated")
        if self.citations is not None:
            for m in _CITATION.finditer(text):
                if int(m.group(1)) not in self.citations:
                    raise DegenerateStream("a citation to a result that does not exist", m[0])
        letters = [c for c in text if c.isalpha()]
        if len(letters) >= SCRIPT_MIN_LETTERS:
            foreign = sum(script_of(c) != self.script for c in letters)
            if foreign / len(letters) > SCRIPT_MAX_FOREIGN:
                raise DegenerateStream("text mostly in another script than the question's")
