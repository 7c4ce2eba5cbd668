"""What is built once per lexicon (a reader, a word index): kept beside the lexicon it was built
from, so a new lexicon at the same address is never served another's."""

from __future__ import annotations

from collections.abc import Callable


def once[T](table: dict[int, tuple[object, T]], lex: object, build: Callable[[], T]) -> T:
    """`table`'s value for `lex`, built by `build` the first time `lex` asks."""
    kept = table.get(id(lex))
    if kept is None or kept[0] is not lex:
        kept = table[id(lex)] = (lex, build())
    return kept[1]
