"""Word lists kept as data: allow-lists and vocabularies that are not code live in YAML files
beside the module that reads them, each checked against one schema when it loads.

A file holds `about` (what the list is for) and `groups` (a heading, then its words); the
headings are only for the reader. Words are non-empty, carry no outer spaces and appear once
in the whole file, so a list cannot silently hold a typo'd duplicate.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import yaml
from pydantic import BaseModel, ConfigDict, StringConstraints, ValidationError, model_validator

from agentic_rag.errors import ConfigError

Word = Annotated[str, StringConstraints(min_length=1, pattern=r"^\S(.*\S)?$")]


class WordList(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    about: str
    groups: dict[str, list[Word]]

    @model_validator(mode="after")
    def _each_word_once(self) -> WordList:
        words = [w for group in self.groups.values() for w in group]
        repeated = sorted({w for w in words if words.count(w) > 1})
        if repeated:
            raise ValueError(f"listed more than once: {', '.join(repeated)}")
        return self

    @property
    def words(self) -> tuple[str, ...]:
        """Every word, in file order."""
        return tuple(w for group in self.groups.values() for w in group)


def load_wordlist(path: Path) -> WordList:
    """The word list at `path`, checked; a `ConfigError` names the file and what is wrong."""
    try:
        return WordList.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    except (OSError, yaml.YAMLError, ValidationError) as exc:
        raise ConfigError(f"word list {path.name} is unreadable or malformed: {exc}") from exc
