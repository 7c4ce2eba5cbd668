"""The word tables the usage check reads: `meaning_words.yaml` (words and phrases that change
what a question means; a reading that leaves one unused cannot be confident) and
`reading_words.yaml` (words every reading uses, and each operation's own frame words), each
checked by a Pydantic model when loaded."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict

MEANING_PATH = Path(__file__).with_name("meaning_words.yaml")
READING_WORDS_PATH = Path(__file__).with_name("reading_words.yaml")


class Meaning(BaseModel):
    model_config = ConfigDict(extra="forbid")
    words: list[str]
    phrases: list[str]
    #: word -> the placeholders it restricts (empty: any): used when such an entity is next to it
    restrictors: dict[str, list[str]] = {}
    #: placeholders a restrictor of any kind does not stand for ("only from Ireland" may ask
    #: for titles made there alone, with no co-producing country: not the catalog filter)
    unrestricted: list[str] = []
    #: vague ages a search by a story told may leave unread (at most `confidence.ANSWERED_CAP`)
    story_hints: list[str] = []
    #: negations a story told may hold as its own words ("date only there, not knowing ...")
    story_words: list[str] = []


class ReadingWords(BaseModel):
    """Words every reading of a catalog question uses, and each operation's own frame words."""

    model_config = ConfigDict(extra="forbid")

    structural: list[str]
    by_op: dict[str, list[str]] = {}
    conjunction: list[str] = []
    all_of: list[str] = []  # conditions of different kinds that must all hold
    disjunction: list[str] = []
    keywords: list[str] = []
    franchise: list[str] = []
    people: list[str] = []
    countries: list[str] = []  # the field a part's country is read from


@lru_cache(maxsize=1)
def meaning() -> Meaning:
    return Meaning.model_validate(yaml.safe_load(MEANING_PATH.read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def reading_words() -> ReadingWords:
    raw = yaml.safe_load(READING_WORDS_PATH.read_text(encoding="utf-8"))
    return ReadingWords.model_validate(raw)
