"""Near matches of user text against known names: one library (rapidfuzz), one scorer.

`fuzz.ratio` (0-100, the normalised Indel similarity) wherever a misspelt name is matched: the
offline lexicon (people, titles), the semantic tool's genre and country filters, and the
Cypher repair's labels, relationship types and properties. Callers pass keys already
normalised their own way (folded, lower-cased) and map the hit back to their spelling. The
choices are always compared as given (a dict's keys; rapidfuzz alone would compare its values).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable


def closest(
    key: str, choices: Iterable[str], cutoff: float, processor: Callable[[str], str] | None = None
) -> tuple[str, float] | None:
    """The best choice scoring at least `cutoff` (0-100), with its score; None if none does."""
    from rapidfuzz import fuzz, process  # lazy: only misspelt names pay for the import

    hit = process.extractOne(
        key, list(choices), scorer=fuzz.ratio, processor=processor, score_cutoff=cutoff
    )
    return (hit[0], float(hit[1])) if hit else None


def ranked(
    key: str,
    choices: Iterable[str],
    cutoff: float,
    limit: int,
    processor: Callable[[str], str] | None = None,
) -> list[tuple[str, float]]:
    """Up to `limit` choices scoring at least `cutoff`, best first."""
    from rapidfuzz import fuzz, process

    hits = process.extract(
        key, list(choices), scorer=fuzz.ratio, processor=processor, score_cutoff=cutoff, limit=limit
    )
    return [(choice, float(score)) for choice, score, _ in hits]


def typo(word: str, other: str) -> bool:
    """Whether `word` is `other` mistyped: one edit (a transposition counts as one), two for
    words of nine letters or more; a word two letters short is another word ("titan")."""
    from rapidfuzz.distance import OSA

    return OSA.distance(word, other) <= 1 + (len(word) >= 9)
