"""The cue book (`cues.yaml`, next to this module): the words and phrases that name an operation
or a ranked group, with the weight each adds to the one operation decision (`intent.py`).

Loaded once and checked here: unknown keys, unknown operations, bad regular expressions, a
requirement or an `unless` that names nothing all fail at import. The phrases compile to one
pattern per cue (whole words, any white space between a phrase's words).
"""

from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path
from typing import Literal, get_args

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from agentic_rag.agent.rules.spec import Operation

CUES_PATH = Path(__file__).with_name("cues.yaml")
#: what a requirement or a cue's `needs` may ask of the tags
Condition = Literal["cue", "named", "title", "person", "pair"]
_CONDITIONS = frozenset(get_args(Condition))
_OPERATIONS = frozenset(get_args(Operation))


def _compiles(pattern: str) -> str:
    try:
        re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"not a regular expression: {pattern!r} ({exc})") from exc
    return pattern


def phrase_pattern(phrase: str) -> str:
    """A word or phrase as a whole-word pattern: its words in order, any white space between."""
    return r"(?<!\w)" + r"\s+".join(re.escape(w) for w in phrase.split()) + r"(?!\w)"


class Phrases(BaseModel):
    """Words and patterns that make up one cue (or one group's words)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    words: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()

    @field_validator("patterns")
    @classmethod
    def _patterns_compile(cls, patterns: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_compiles(p) for p in patterns)

    @model_validator(mode="after")
    def _not_empty(self) -> Phrases:
        if not self.words and not self.patterns:
            raise ValueError("a cue needs words or patterns")
        return self

    def source(self, then: str = "", gap: int = 0) -> str:
        words = [phrase_pattern(w) for w in sorted(self.words, key=len, reverse=True)]
        between = rf"(?:\s+[\w'’-]+){{0,{gap}}}" if gap else ""
        parts = [f"(?:{'|'.join(words)})" + (rf"{between}\s+{re.escape(then)}" if then else "")]
        return "|".join([*(parts if words else []), *self.patterns])

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        return re.compile(self.source(), re.IGNORECASE)


class Cue(Phrases):
    then: str = ""  # a placeholder that must follow the cue's word
    gap: int = Field(default=0, ge=0, le=4)  # words allowed between the cue's word and `then`
    needs: tuple[Condition, ...] = ()
    unless: tuple[Operation, ...] = ()
    weight: float = Field(ge=0.0)
    floor: float = Field(default=0.0, ge=0.0, le=1.0)

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        return re.compile(self.source(self.then, self.gap), re.IGNORECASE)


class OperationCues(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    requires: tuple[str, ...] = ()  # conditions, all must hold; "a|b": either
    description: Literal["keeps", "drops", "with_title"] = "keeps"
    cues: tuple[Cue, ...] = ()

    @field_validator("requires")
    @classmethod
    def _known_conditions(cls, requires: tuple[str, ...]) -> tuple[str, ...]:
        for item in requires:
            if unknown := set(item.split("|")) - _CONDITIONS:
                raise ValueError(f"unknown requirement {sorted(unknown)} in {item!r}")
        return requires

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """Every cue of the operation as one pattern (what words name the operation)."""
        return re.compile(
            "|".join(c.source(c.then, c.gap) for c in self.cues) or "(?!)", re.IGNORECASE
        )


class Evidence(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Operation | None = None  # None: the step that finds it names the operation
    weight: float = Field(ge=0.0)
    floor: float = Field(default=0.0, ge=0.0, le=1.0)
    describes: bool = False  # it says the question describes its titles (`description`)
    rules_out: tuple[Operation, ...] = ()  # operations it shows the question does not ask


class Fallback(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    tagged: Operation
    untagged: Operation
    score: float = Field(ge=0.0, le=1.0)  # how sure a reading with no candidate is


class CueBook(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    operations: dict[Operation, OperationCues]
    evidence: dict[str, Evidence]
    fallback: Fallback
    groups: dict[str, Phrases]

    @model_validator(mode="after")
    def _complete(self) -> CueBook:
        if missing := _OPERATIONS - set(self.operations):
            raise ValueError(f"operations without an entry: {sorted(missing)}")
        for op, entry in self.operations.items():
            for cue in entry.cues:
                if set(cue.unless) - {o for o, e in self.operations.items() if e.cues}:
                    raise ValueError(f"{op}: `unless` names an operation without cues")
        return self


def load_cues(path: Path = CUES_PATH) -> CueBook:
    return CueBook.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))


BOOK = load_cues()  # once per process, at the first import
#: per operation, every cue as one pattern (what words of a question name the operation)
CUES: dict[str, re.Pattern[str]] = {
    op: entry.pattern for op, entry in BOOK.operations.items() if entry.cues
}
#: a group word after "which/what" names the group of a `most` question
GROUP_WORDS: dict[str, re.Pattern[str]] = {name: p.pattern for name, p in BOOK.groups.items()}
