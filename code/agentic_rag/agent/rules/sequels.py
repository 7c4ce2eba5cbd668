"""A sequel's number after a catalog movie's name ("The Lobster 2", "The Irishman Part II"):
the movie it follows. A number after a show's name is its season's ("stranger things 4")."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.lexicon import Lexicon

#: a sequel's number right after a title's words: "2", "II", "part 3", "pt. 2"
NUMBER = re.compile(
    r"\s+(?:(?:part|pt\.?|chapter|vol\.?|volume)\s+)?(?:[2-9]|ii|iii|iv|v)\b", re.IGNORECASE
)


def movie(raw: str, lex: Lexicon) -> str | None:
    """The catalog movie the words name, if a movie."""
    info = lex.show(title) if (title := lex.title(raw)) else None
    return title if info is not None and info.type == "Movie" else None


def sequel_of(name: str, lex: Lexicon) -> str | None:
    """The catalog movie a name is that movie and a sequel number after it, the name itself
    no catalog title ("The Lobster 2": The Lobster)."""
    m = NUMBER.search(name)
    if m is None or m.end() != len(name.rstrip()) or lex.title(name) or lex.titles_with(name):
        return None
    return movie(name[: m.start()], lex)
