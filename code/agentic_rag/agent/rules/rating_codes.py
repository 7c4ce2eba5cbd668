"""An age rating as strangers type it: where a code is a rating and where the same letters are
something else ("r" texting for "are", "u" for "you"; "movies r rated pg" is "are")."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.initials import WORKS
from agentic_rag.agent.rules.words import WORDS

#: where a word can only be a rating: after "rated" / "rating (of)", before "rated" / "rating"; a
#: one-letter code also before a works noun after a word that counts or picks them
_PICKS = (
    "many",
    "any",
    "all",
    "the",
    "of",
    "list",
    "count",
    "some",
    "more",
    "most",
    "no",
    "vs",
    "versus",
    "or",
    "than",
    "to",
    "and",
)  # the last six: "pg-13 movies vs r movies"
_RATED_BEFORE = r"(?:(?<=\brated\s)|(?<=\brating\s)|(?<=\brating\sof\s)|(?<=\brated:\s))"
_RATED_AFTER = r"(?=[\s-]+(?:rated|rating)\b(?!\s+(?:{})(?![\w-])))"


def rating_pattern(rating: str, codes: list[str]) -> str:
    """A regex for a rating as strangers type it. A code with a hyphen (PG-13, TV-MA) is safe
    anywhere, in any case, also run together ("tv14", "pg13"); spaced ("tv ma") only next to
    "rated"/"rating" or before a works noun. PG, NR: upper case, or any case next to "rated" or
    before a works noun ("pg movies"). G, R: any case next to "rated"/"rating" ("r rated",
    "rated r") or after a picking word before a works noun ("how many r movies"), upper case
    before a works noun; elsewhere "r" and "u" stay texting for "are" and "you"; a code before
    "rated" followed by a code of `codes` is no rating ("movies r rated pg": "are")."""
    if said := _said(rating, codes):  # "not rated" for NR, not "not rated r"
        return f"{_pattern(rating, codes)}|{said}"
    return _pattern(rating, codes)


def _said(rating: str, codes: list[str]) -> str:
    """The words a rating's code is said in (`words.yaml` rating_names), not before a code."""
    names = [r"[\s-]*".join(map(re.escape, n.split())) for n in WORDS.rating_names.get(rating, [])]
    if not names:
        return ""
    other = "|".join(re.escape(c) for c in codes)
    return rf"(?i:(?<![\w-])(?:{'|'.join(names)})(?![\w-])(?!\s+(?:{other})(?![\w-])))"


def _pattern(rating: str, codes: list[str]) -> str:
    esc, parts = re.escape(rating), rating.split("-")
    other = "|".join(re.escape(c).replace(r"\-", "[\\s-]?") for c in codes)  # "r rated pg": "are"
    after = _RATED_AFTER.format(other).replace("{", "{{").replace("}", "}}")
    near = rf"(?:{_RATED_BEFORE}{{0}}\b|(?<![\w-]){{0}}{after})"
    if len(parts) > 1:
        joined = "".join(map(re.escape, parts))
        spaced = r"\s+".join(map(re.escape, parts))
        loose = rf"(?<![\w-]){spaced}(?=[\s-]+{WORKS})"
        return rf"(?i:(?<![\w-])(?:{esc}|{joined})(?![\w-])|{near.format(spaced)}|{loose})"
    if len(rating) > 1:
        return rf"(?<![\w-]){esc}(?![\w-])|(?i:{near.format(esc)}|(?<![\w-]){esc}(?=\s+{WORKS}))"
    picked = "|".join(rf"(?<=\b{w}\s)" for w in _PICKS)  # "how many r movies", "R movies"
    one = rf"(?i:{near.format(esc)}|(?:{picked}){esc}(?=\s+{WORKS}))"
    return rf"{one}|(?<![\w-]){esc}(?=\s+{WORKS})"
