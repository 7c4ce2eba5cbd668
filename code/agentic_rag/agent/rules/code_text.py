"""Code pasted around a question, found by its form ("'; SELECT * FROM users; -- how many …",
"1=1 OR 'a'='a' -- count …", "<script>alert(1)</script> how many …"): markup is stripped (an
element whose content is code, `asides.yaml` `code_elements`, with its content; any other tag
alone, its text kept; chat-template markers, "[INST]", "<|im_start|>", "###", with a role label
after them or at the start, "SYSTEM:"), then the text is cut into chunks at its spaces and a
run of chunks that are code is found: operators (`=`, `;`, `*`, `--`, `/*`, braces, pipes,
`$`, backticks), calls (`alert(1)`), tautologies (`1=1`, `'a'='a'`), and around them the words
of code (`code_words`: "select", "drop"; `code_joiners`, plain English too: "or", "from",
"users") and the words and literals written against an operator (`users;`). A run is code when
it weighs `CODE_WEIGHT`: a call or a tautology does alone; operators and code words count one
each, joiners nothing, and an operator must be in it, so words never make code ("select movies
from 2019 or 2020") nor does an operator among plain words ("movies > 2 hours", "tom & jerry",
"from india & from the us")."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict

ASIDES_PATH = Path(__file__).with_name("asides.yaml")
#: what a run of chunks must weigh to be code (a call, a break-out or a tautology weighs this)
CODE_WEIGHT = 3


class AsideWords(BaseModel):
    """The word tables of `asides.yaml`."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    code_words: frozenset[str]
    code_joiners: frozenset[str]
    code_elements: tuple[str, ...]
    interjections: tuple[str, ...]
    answer_forms: tuple[str, ...] = ()  # "… just the year": the answer's form, set aside
    role_labels: tuple[str, ...]
    user_labels: tuple[str, ...]
    assistant_orders: tuple[str, ...]
    about_assistant: tuple[str, ...]
    segment_links: tuple[str, ...]
    restatements: tuple[str, ...]  # a parenthesis saying how the catalog reads anyway
    #: words that only keep to what a parenthesis names ("(tv only)", "(just movies)")
    only_words: tuple[str, ...] = ()
    #: a kind of title said by a word the tagger reads as one only beside a noun ("(tv only)")
    kinds_alone: dict[str, Literal["Movie", "TV Show"]] = {}


@lru_cache(maxsize=1)
def aside_words() -> AsideWords:
    return AsideWords.model_validate(yaml.safe_load(ASIDES_PATH.read_text(encoding="utf-8")))


class Cut(BaseModel):
    """A span of the text set aside, and what it was."""

    start: int
    end: int
    text: str
    kind: str  # "code" or "markup"


_TAG = re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>")
_CHUNK = re.compile(r"\S+")
#: alert(1), sleep(5), document.write(x); not a plural written "one(s)", "title(s)", "movie(s)"
_CALL = re.compile(r"\b[A-Za-z_][\w.]*\((?!(?:s|es)\))[^()\s]*\)")
#: punctuation that is an operator of code; "(" and ")" only in a call, "-" and "/" doubled
_OPERATOR = re.compile(r"[=;*{}<>|&$`\\]+|--+|/\*|\*/|//")
#: a block comment, content and all: "/* anything */"
_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
#: a string closed and the statement ended or commented out ("admin'--", "';")
_BREAK_OUT = re.compile(r"['\"]\s*(?:--|;|#)")
#: a tautology: the same operand on both sides of "=" ("1=1", "'a'='a'", "x = x")
_TAUTOLOGY = re.compile(r"""(['"])(\w*)\1\s*==?\s*\1\2\1|\b(\w+)\s*==?\s*\3\b""")


def _element(name: str) -> re.Pattern[str]:
    return re.compile(rf"<{name}\b[^>]*>.*?(?:</{name}\s*>|$)", re.IGNORECASE | re.DOTALL)


@lru_cache(maxsize=1)
def _template() -> re.Pattern[str]:
    """Chat-template markers, and a role label at the start or after one ("SYSTEM:")."""
    labels = "|".join(map(re.escape, aside_words().role_labels))
    marker = r"(?-i:\[/?[A-Z_]{2,12}\]|<</?[A-Z]{2,12}>>)|<\|[\w-]{1,30}\|>|#{2,}"
    return re.compile(rf"(?:{marker})(?:\s*(?:{labels})\b\s*:?)?|^\W*(?:{labels})\s*:", re.I)


@lru_cache(maxsize=1)
def _later_label() -> re.Pattern[str]:
    """A role label after a sentence's end or a line break ("… config. USER:")."""
    labels = "|".join(map(re.escape, aside_words().role_labels))
    return re.compile(rf"(?:(?<=[.!?;\n])|(?<=[.!?;]\s))\s*(?:{labels})\s*:", re.I)


def speaker(cut: Cut) -> str | None:
    """The role a markup cut labels ("SYSTEM:": "system"), if it is a role label."""
    m = re.search(r"(\w+)\s*:?\s*$", cut.text)
    word = m.group(1).casefold() if m else ""
    return word if cut.kind == "markup" and word in aside_words().role_labels else None


def markup(text: str) -> list[Cut]:
    """The markup of the text: each code element whole, each other tag alone, chat-template
    markers and role labels (after a sentence too, in a text that opens with one)."""
    cuts = [
        Cut(start=m.start(), end=m.end(), text=m.group(), kind="markup")
        for m in _template().finditer(text)
    ]
    if cuts and cuts[0].start == 0 and speaker(cuts[0]):  # "SYSTEM: …. USER: …": a transcript
        later = [m for m in _later_label().finditer(text) if m.start() >= cuts[0].end]
        cuts += [Cut(start=m.start(), end=m.end(), text=m.group(), kind="markup") for m in later]
    for name in aside_words().code_elements:
        found = _element(name).finditer(text)
        cuts += [Cut(start=m.start(), end=m.end(), text=m.group(), kind="markup") for m in found]
    for m in _TAG.finditer(text):
        if not any(c.start <= m.start() < c.end for c in cuts):
            cuts.append(Cut(start=m.start(), end=m.end(), text=m.group(), kind="markup"))
    return sorted(cuts, key=lambda c: c.start)


def _weight(chunk: str) -> tuple[int, bool]:
    """What a chunk of text (no spaces) weighs toward code, and whether it holds an operator."""
    calls = len(_CALL.findall(chunk))
    bare = _CALL.sub(" ", chunk)
    ops = len(_OPERATOR.findall(bare))
    said = [w.casefold() for w in re.findall(r"[A-Za-z_]+", bare)]
    words = sum(w in aside_words().code_words for w in said)
    strong = CODE_WEIGHT * (calls + len(_BREAK_OUT.findall(chunk)))
    return ops + words + strong, bool(ops or calls)


#: words of code a name follows ("FROM accounts", "INTO logs", "TABLE shows")
_NAMED_BY = frozenset({"from", "into", "table", "join", "update"})


def _codeish(chunk: str, before: str = "") -> bool:
    """A chunk a run of code may hold: one that weighs, a word of code, a literal, or
    punctuation alone."""
    return (
        _weight(chunk)[0] > 0
        or (before.casefold() in _NAMED_BY and bool(re.fullmatch(r"\w+\W?", chunk)))
        or chunk.casefold() in aside_words().code_joiners
        or not re.search(r"\w", chunk)  # punctuation alone: "--", "'"
        or bool(re.fullmatch(r"""\w+['"]|['"]\w+""", chunk))  # a string closed or opened: "x'"
        or bool(re.fullmatch(r"""(['"]).{0,30}\1""", chunk))
    )


#: a number or a quoted literal that may open a run of code before a joiner ("1 OR 1=1")
_LITERAL = re.compile(r"""\d+|(['"])\w*\1""")


def _opens_with_literal(text: str, chunks: list[tuple[int, int]], i: int) -> bool:
    """Whether the chunk before the i-th is a literal opening the text or a sentence ("1 OR
    1=1; -- how many …"), not a number of the question ("top 10 OR 1=1")."""
    if not i or not _LITERAL.fullmatch(text[chunks[i - 1][0] : chunks[i - 1][1]]):
        return False
    return i == 1 or not text[chunks[i - 2][1] - 1].isalnum()


def code_runs(text: str) -> list[Cut]:
    """The runs of code in the text (markup aside), in order: runs of chunks a run may hold,
    each weighing `CODE_WEIGHT` with an operator in it."""
    chunks = [(m.start(), m.end()) for m in _CHUNK.finditer(text)]
    cuts: list[Cut] = []
    i = 0
    while i < len(chunks):
        if not _codeish(text[chunks[i][0] : chunks[i][1]]):
            i += 1
            continue
        j = i
        while j + 1 < len(chunks) and _codeish(
            text[chunks[j + 1][0] : chunks[j + 1][1]], text[chunks[j][0] : chunks[j][1]]
        ):
            j += 1
        start, end = chunks[i][0], chunks[j][1]
        run = text[start:end]
        weights = [_weight(text[a:b]) for a, b in chunks[i : j + 1]]
        total = sum(w for w, _ in weights) + CODE_WEIGHT * len(_TAUTOLOGY.findall(run))
        if any(op for _, op in weights) and total >= CODE_WEIGHT:
            if _opens_with_literal(text, chunks, i):
                start = chunks[i - 1][0]  # "1 OR 1=1": the number the code opens with is its own
            cuts.append(Cut(start=start, end=end, text=text[start:end], kind="code"))
        i = j + 1
    return cuts


def code_cuts(text: str) -> list[Cut]:
    """The markup and the runs of code of the text, in order (the runs found with the markup
    blanked out, so every span is the text's own)."""
    tags = markup(text)
    tags += [
        Cut(start=m.start(), end=m.end(), text=m.group(), kind="code")
        for m in _COMMENT.finditer(text)
        if not any(c.start <= m.start() < c.end for c in tags)
    ]
    blank = list(text)
    for c in tags:
        blank[c.start : c.end] = " " * (c.end - c.start)
    return sorted(tags + code_runs("".join(blank)), key=lambda c: c.start)
